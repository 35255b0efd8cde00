import { describe, expect, it } from 'vitest';
import type { MergedSection } from '../engine';
import { renderModeRows } from './render-modes';

const section = (id: string, raw: Record<string, unknown>, index = 0): MergedSection =>
  ({
    id,
    raw: { id, ...raw },
    value: null,
    origin: 'base',
    fieldOrigins: {},
    index,
  }) as unknown as MergedSection;

const sections = [
  section('inject', { modeType: 'inject', modeName: 'default', isDefault: true }),
  section('p-default', { modeType: 'private', modeName: 'default', isDefault: true }),
  section('p-compact', { modeType: 'private', modeName: 'compact' }),
  section('g-plain', { modeType: 'group', modeName: 'plain' }),
  section('wrapper', { loop: { forEach: 'items' } }),
];

describe('renderModeRows: the mode each message item type would use', () => {
  it('without renderModes: the isDefault mode, or none', () => {
    const rows = renderModeRows(sections, {});
    expect(rows.map((r) => [r.type, r.active, r.source])).toEqual([
      ['inject', 'default', 'default'],
      ['private', 'default', 'default'],
      ['group', null, 'none'],
    ]);
    expect(rows[1]?.sections.map((s) => [s.id, s.modeName, s.isDefault])).toEqual([
      ['p-default', 'default', true],
      ['p-compact', 'compact', false],
    ]);
  });

  it('the agent config (renderModes) wins; a mode no section offers is called out', () => {
    const rows = renderModeRows(sections, {
      renderModes: { private: 'compact', group: 'fancy', inject: '' },
    });
    expect(rows.map((r) => [r.type, r.active, r.source, r.activeUnmatched])).toEqual([
      ['inject', 'default', 'default', false],
      ['private', 'compact', 'config', false],
      ['group', 'fancy', 'config', true],
    ]);
  });

  it('renderModes that is not an object is ignored, as the renderer ignores it', () => {
    expect(renderModeRows(sections, { renderModes: ['compact'] })[1]?.active).toBe('default');
  });

  it('two isDefault sections of one type: the first one', () => {
    const two = [
      section('a', { modeType: 'private', modeName: 'one', isDefault: true }),
      section('b', { modeType: 'private', modeName: 'two', isDefault: true }),
    ];
    expect(renderModeRows(two, {})[0]?.defaultMode).toBe('one');
  });
});
