import { describe, expect, it } from 'vitest';
import { loadViewPreferences, saveViewPreferences } from './view-preferences';

function memoryStorage(initial: string | null = null) {
  let value = initial;
  return {
    getItem: () => value,
    setItem: (_k: string, v: string) => {
      value = v;
    },
  };
}

describe('view preferences', () => {
  it('keeps each tab its own sort and split across a save and a load', () => {
    const storage = memoryStorage();
    saveViewPreferences(storage, {
      sorts: { timeline: { column: 'bytes', desc: true }, history: { column: 'time', desc: false } },
      splits: { timeline: 512 },
    });
    expect(loadViewPreferences(storage)).toEqual({
      sorts: { timeline: { column: 'bytes', desc: true }, history: { column: 'time', desc: false } },
      splits: { timeline: 512 },
    });
  });

  it('drops what it cannot read, field by field', () => {
    const storage = memoryStorage(
      JSON.stringify({
        sorts: {
          timeline: { column: 'bytes', desc: 'yes' },
          vars: { column: 'order', desc: false },
          bogus: {},
        },
        splits: { timeline: -4, context: 1e9, history: 300 },
      }),
    );
    expect(loadViewPreferences(storage)).toEqual({
      sorts: { vars: { column: 'order', desc: false } },
      splits: { history: 300 },
    });
    expect(loadViewPreferences(memoryStorage('{not json'))).toEqual({ sorts: {}, splits: {} });
    expect(loadViewPreferences(memoryStorage('[1,2]'))).toEqual({ sorts: {}, splits: {} });
    expect(loadViewPreferences(null)).toEqual({ sorts: {}, splits: {} });
  });
});
