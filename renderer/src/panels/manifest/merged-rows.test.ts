import { describe, expect, test } from 'vitest';
import type { Json } from '../../../../shared/engine';
import { renderContext } from '../../../../shared/engine';
import { createMemoryFs } from '../../../../shared/base/memory-fs';
import type { OverrideValue } from '../../../../shared/override/override-ops';
import { indexBaseSections, setSectionEnabled } from '../../../../shared/override/override-ops';
import { diagnosticsByFile } from './file-markers';
import { baseJsonLikeMerged, mergedJson, mergedRows } from './merged-rows';

const BASE = {
  sections: [
    { id: 'rules', type: 'file', file: '$KITS/r.md', order: 10, needsInjection: false, when: 'always' },
    {
      id: 'peer-profile',
      type: 'file',
      file: '$KITS/p.md',
      order: 35,
      needsInjection: false,
      when: { var: 'peerKey', neq: null },
    },
  ],
};

function render(override: OverrideValue | null) {
  const fs = createMemoryFs({
    '/p/kits/eck_manifest.json': JSON.stringify(BASE),
    '/p/kits/r.md': 'rules',
    '/p/kits/p.md': 'profile',
    ...(override === null ? {} : { '/h/eck/eck_manifest.json': JSON.stringify(override) }),
  });
  return renderContext({ packageRoot: '/p', home: '/h', vars: { peerKey: 'alice' } }, fs);
}

const base = indexBaseSections(BASE as Json);

describe('merged rows', () => {
  test('each field shows where it came from; added and mistyped entries are called out', () => {
    const override: OverrideValue = {
      sections: [
        { id: 'peer-profile', when: { var: 'peerRole', in: ['owner'] } },
        { id: 'rulez', enabled: false },
        { id: 'notes', type: 'file', file: '$KITS/n.md', order: 50, needsInjection: false, when: 'always' },
      ],
    };
    const rows = mergedRows(render(override), override, base);
    expect(rows.map((r) => [r.id, r.origin, r.status])).toEqual([
      ['rules', 'base', 'ok'],
      ['peer-profile', 'override', 'when-false'],
      // No order: NaN in evolcore's comparator, which leaves it where V8's sort puts it.
      ['rulez', 'added', 'disabled'],
      ['notes', 'added', 'not-exist'],
    ]);
    const peer = rows[1];
    expect(peer?.fields.find((f) => f.field === 'when')?.origin).toBe('override');
    expect(peer?.fields.find((f) => f.field === 'file')?.origin).toBe('base');
    expect(peer?.hasEntry).toBe(true);
    expect(rows[0]?.hasEntry).toBe(false);
    expect(rows.find((r) => r.id === 'rulez')?.unmatched).toEqual({ near: 'rules' });
    expect(rows.find((r) => r.id === 'notes')?.unmatched).toBeNull();
  });

  test('the switches follow the draft at once, before its render arrives', () => {
    const saved = render(null);
    const draft = setSectionEnabled({ sections: [] }, base, 'rules', false);
    expect(mergedRows(saved, draft, base)[0]).toMatchObject({ id: 'rules', enabled: false, status: 'ok' });
  });

  test('base and merged are laid out alike, so their diff shows only the override', () => {
    const override = { sections: [{ id: 'rules', enabled: false }] };
    const merged = render(override).merged;
    if (merged === null) throw new Error('no merge');
    const a = baseJsonLikeMerged(BASE as Json).split('\n');
    const b = mergedJson(merged).split('\n');
    // Only the entry's field (and the comma it needs) are new in the merged text.
    expect(b.filter((l) => !a.includes(l)).map((l) => l.trim())).toEqual([
      '"when": "always",',
      '"enabled": false',
    ]);
  });

  test('a section diagnostic without a file goes to the file that writes the section', () => {
    const override = { sections: [{ id: 'rules', type: 'glob' }] } as unknown as OverrideValue;
    const split = diagnosticsByFile(render(override), override);
    expect(split.override.some((d) => d.code === 'invalid-section' && d.section === 'rules')).toBe(true);
    expect(split.base.some((d) => d.code === 'invalid-section')).toBe(false);
  });

  test('mode: replace — only the override’s sections, the dropped base ids reported', () => {
    const override: OverrideValue = {
      mode: 'replace',
      sections: [
        { id: 'rules', type: 'file', file: '$KITS/r.md', order: 1, needsInjection: false, when: 'always' },
      ],
    };
    const report = render(override);
    expect(report.merged?.mode).toBe('replace');
    expect(report.merged?.droppedByReplace).toEqual(['peer-profile']);
    const rows = mergedRows(report, override, base);
    expect(rows.map((r) => [r.id, r.origin, r.order])).toEqual([['rules', 'override', 1]]);
    expect(rows[0]?.fields.every((f) => f.origin === 'override')).toBe(true);
  });
});
