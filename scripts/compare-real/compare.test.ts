import { describe, expect, it } from 'vitest';
import { createMemoryFs, renderContext, type RenderReport } from '../../shared/engine/index';
import { differenceKind, firstDifference, judge, mapRealNames } from './compare';
import type { RealAnswer } from './real-engine';

const P = '/pkg';
const H = '/home';

function report(sections: readonly object[], files: Record<string, string>): RenderReport {
  const tree = {
    [`${P}/kits/eck_manifest.json`]: JSON.stringify({ $schema_version: 1, sections }),
    ...files,
  };
  return renderContext({ packageRoot: P, home: H, vars: {} }, createMemoryFs(tree));
}

const okSection = {
  id: 'a',
  type: 'file',
  file: '$KITS_DOCS/a.md',
  order: 1,
  needsInjection: false,
  when: 'always',
};
const ours = report([okSection], { [`${P}/kits/docs/a.md`]: 'hello\n' });

/** The real engine's answer for the same render, as the driver would send it. */
function realOf(
  context: string | null,
  walk: Partial<NonNullable<RealAnswer['walk']>> | null = null,
): RealAnswer {
  return {
    context,
    error:
      context === null
        ? { name: 'TypeError', message: "Cannot read properties of undefined (reading 'and')" }
        : null,
    walk: walk === null ? null : { agrees: true, ...walk },
    debugWrites: [],
    renderMs: 0,
  };
}

const realText = ours.context
  .replace('EvolCore Context Kit', 'EvolClaw Context Kit')
  .replaceAll('$EVOLCORE_HOME', '$EVOLCLAW_HOME');

describe('mapRealNames', () => {
  it("maps evolclaw's product name and home alias, nothing else", () => {
    expect(mapRealNames('EvolClaw Context Kit documents; $EVOLCLAW_HOME/x; EvolClaw; EVOLCLAW_HOME')).toBe(
      'EvolCore Context Kit documents; $EVOLCORE_HOME/x; EvolClaw; EVOLCLAW_HOME',
    );
  });
});

describe('firstDifference', () => {
  it('names the first differing line and column, 1-based', () => {
    expect(firstDifference('a\nbcd\ne', 'a\nbxd\ne')).toEqual({
      line: 2,
      column: 2,
      real: 'bcd',
      ours: 'bxd',
    });
    expect(firstDifference('a', 'a\nb')).toEqual({ line: 2, column: 1, real: '<end of text>', ours: 'b' });
    expect(firstDifference('same', 'same')).toBeNull();
  });

  it('tells an empty-line-only difference from a content one', () => {
    expect(differenceKind('a\n\nb', 'a\nb', { real: '', ours: 'b' })).toBe('text: empty lines only');
    expect(differenceKind('a\nb', 'a\nc', { real: 'b', ours: 'c' })).toBe('text: content line');
  });
});

describe('judge', () => {
  it('is identical when the texts agree after the name mapping', () => {
    const v = judge(realOf(realText), { report: ours, threw: null }, 'eck_manifest.json');
    expect(v).toMatchObject({ identical: true, group: 'identical' });
  });

  it('reports the first difference, classified', () => {
    const v = judge(
      realOf(realText.replace('hello', 'hullo')),
      { report: ours, threw: null },
      'eck_manifest.json',
    );
    expect(v.identical).toBe(false);
    expect(v.group).toBe('text: content line');
    expect(v.first).toMatchObject({ real: 'hullo', ours: 'hello' });
  });

  it('checks totals when the real walk agrees with its render', () => {
    const walk = { totalFiles: 1, totalBytes: 6, overTotal: [] };
    expect(judge(realOf(realText, walk), { report: ours, threw: null }, 'eck_manifest.json').identical).toBe(
      true,
    );
    const off = judge(
      realOf(realText, { ...walk, totalBytes: 7 }),
      { report: ours, threw: null },
      'eck_manifest.json',
    );
    expect(off).toMatchObject({ identical: false, group: 'totals: bytes' });
  });

  it('counts a real section without id as the empty text the real notes show', () => {
    const walk = { totalFiles: 1, totalBytes: 6, overTotal: [null] };
    const fake = { ...ours, totals: { ...ours.totals, overTotal: [''] } };
    expect(judge(realOf(realText, walk), { report: fake, threw: null }, 'eck_manifest.json').identical).toBe(
      true,
    );
  });

  it('wants a failure with an empty context when the real render threw', () => {
    const failing = report([{ ...okSection, when: undefined }], { [`${P}/kits/docs/a.md`]: 'hello\n' });
    expect(failing.failure).not.toBeNull();
    const v = judge(realOf(null), { report: failing, threw: null }, 'eck_manifest.json');
    expect(v.identical).toBe(true);
    const rendered = judge(realOf(null), { report: ours, threw: null }, 'eck_manifest.json');
    expect(rendered).toMatchObject({ identical: false, group: 'real threw; ours rendered a context' });
  });

  it('puts a different manifest choice first in the group name', () => {
    const v = judge(realOf('x'), { report: ours, threw: null }, 'eck_manifest.aux.json');
    expect(v.group).toMatch(/^manifest file: real eck_manifest.aux.json, ours eck_manifest.json — /);
  });
});
