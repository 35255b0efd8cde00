import { describe, expect, test } from 'vitest';
import type { Json } from '../engine';
import type { OverrideValue } from './override-ops';
import { validateManifest } from '../manifest/validate';
import {
  addSection,
  effectiveSection,
  indexBaseSections,
  newSectionProblem,
  orderForDrop,
  orderForMove,
  overrideEntry,
  setSectionEnabled,
  setSectionField,
} from './override-ops';

const BASE = indexBaseSections({
  sections: [
    { id: 'a', type: 'file', file: 'a.md', order: 10, needsInjection: false, when: 'always' },
    { id: 'b', type: 'file', file: 'b.md', order: 20, needsInjection: false, when: 'always' },
  ],
} as Json);

describe('override edits', () => {
  test('the effective section is base and entries merged shallowly, later entries winning', () => {
    const doc: OverrideValue = {
      sections: [
        { id: 'a', order: 5 },
        { id: 'a', when: { any: ['x'] } },
      ],
    };
    expect(effectiveSection(doc, BASE, 'a')).toMatchObject({ file: 'a.md', order: 5, when: { any: ['x'] } });
    expect(effectiveSection({ mode: 'replace', sections: [{ id: 'a', order: 1 }] }, BASE, 'a')).toEqual({
      id: 'a',
      order: 1,
    });
    expect(effectiveSection(null, BASE, 'nope')).toBeNull();
  });

  test('an edit goes to the last entry of the id, the one that decides', () => {
    const doc: OverrideValue = {
      sections: [
        { id: 'a', order: 5 },
        { id: 'a', enabled: false },
      ],
    };
    expect(setSectionField(doc, BASE, 'a', 'order', 7).sections).toEqual([
      { id: 'a', order: 5 },
      { id: 'a', enabled: false, order: 7 },
    ]);
  });

  test('in replace mode nothing is compared with the base', () => {
    const doc = { mode: 'replace', sections: [{ id: 'a', type: 'file', order: 1 }] };
    expect(setSectionField(doc, BASE, 'a', 'order', 10).sections).toEqual([
      { id: 'a', type: 'file', order: 10 },
    ]);
  });

  test('an unchanged edit returns the same object (no undo step)', () => {
    const doc = { sections: [{ id: 'a', enabled: false }] };
    expect(setSectionEnabled(doc, BASE, 'a', false)).toBe(doc);
    expect(setSectionField(doc, BASE, 'b', 'order', 20)).toBe(doc);
  });

  test('moving a section changes only its own order: halfway, or one past the end', () => {
    const list = [
      { id: 'a', order: 10 },
      { id: 'b', order: 20 },
      { id: 'c', order: 21.5 },
    ];
    expect(orderForMove(list, 'c', 'up')).toBe(15);
    expect(orderForMove(list, 'b', 'up')).toBe(9);
    expect(orderForMove(list, 'a', 'down')).toBe(20.75);
    expect(orderForMove(list, 'b', 'down')).toBe(22.5);
    expect(orderForMove(list, 'a', 'up')).toBeNull();
  });

  test('dropping a section before another changes only its own order', () => {
    const list = [
      { id: 'a', order: 10 },
      { id: 'b', order: 20 },
      { id: 'c', order: 30 },
      { id: 'd', order: 30 },
    ];
    expect(orderForDrop(list, 'c', 'a')).toBe(9); // to the top
    expect(orderForDrop(list, 'a', 'c')).toBe(25); // between b and c
    expect(orderForDrop(list, 'a', null)).toBe(31); // to the end
    expect(orderForDrop(list, 'b', 'c')).toBeNull(); // where it already is
    expect(orderForDrop(list, 'b', 'b')).toBeNull();
    expect(orderForDrop(list, 'a', 'd')).toBeNull(); // c and d share 30: nothing fits between
    expect(orderForDrop(list, 'a', 'nope')).toBeNull();
    expect(
      orderForDrop(
        [
          { id: 'a', order: 1 },
          { id: 'b', order: null },
        ],
        'a',
        null,
      ),
    ).toBeNull();
  });

  test('a new section needs a free id, a path and a number order', () => {
    const s = {
      id: 'x',
      type: 'file',
      path: 'f.md',
      order: 1,
      when: 'always',
      needsInjection: false,
    } as const;
    expect(newSectionProblem(s, ['a'])).toBeNull();
    expect(newSectionProblem({ ...s, id: ' a ' }, ['a'])).toBe('id-taken');
    expect(newSectionProblem({ ...s, id: '' }, [])).toBe('id-missing');
    expect(newSectionProblem({ ...s, path: ' ' }, [])).toBe('path-missing');
    expect(newSectionProblem({ ...s, order: Number.NaN }, [])).toBe('order-invalid');
  });

  test('an added section writes its path where its type reads it, and validates as complete', () => {
    const doc = addSection(
      { sections: [] },
      {
        id: 'notes',
        type: 'directory',
        path: ' $AGENT_DIR/notes ',
        order: 5,
        when: 'always',
        needsInjection: true,
      },
    );
    expect(doc.sections).toEqual([
      {
        id: 'notes',
        type: 'directory',
        path: '$AGENT_DIR/notes',
        order: 5,
        needsInjection: true,
        when: 'always',
      },
    ]);
    expect(validateManifest(doc, 'override', { base: { sections: [] } })).toEqual([]);
    const file = addSection(doc, {
      id: 'f',
      type: 'file',
      path: 'f.md',
      order: 6,
      when: 'always',
      needsInjection: false,
    });
    expect(overrideEntry(file, 'f')).toMatchObject({ type: 'file', file: 'f.md' });
    expect(overrideEntry(file, 'f')).not.toHaveProperty('path');
  });
});
