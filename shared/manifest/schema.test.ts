import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../vars/json-schema';
import { buildManifestJsonSchema } from './schema';

const def = (s: JsonSchema, name: string): JsonSchema => {
  const d = s.definitions?.[name];
  if (d === undefined) throw new Error(`no definition ${name}`);
  return d;
};

describe('buildManifestJsonSchema', () => {
  const base = buildManifestJsonSchema('base');
  const override = buildManifestJsonSchema('override');

  it('enforces the required section fields of the reference in a base', () => {
    expect(base.required).toEqual(['sections']);
    expect(base.properties?.sections?.items).toEqual({ $ref: '#/definitions/section' });
    expect(def(base, 'section').required).toEqual(['id', 'type', 'order', 'needsInjection', 'when']);
    expect(def(base, 'section').allOf).toEqual([
      { if: { required: ['type'], properties: { type: { const: 'file' } } }, then: { required: ['file'] } },
      {
        if: { required: ['type'], properties: { type: { const: 'directory' } } },
        then: { required: ['path'] },
      },
    ]);
  });

  it('requires only id in an override entry, full sections under mode "replace"', () => {
    expect(override.required).toBeUndefined();
    expect(override.properties?.sections?.items).toEqual({ $ref: '#/definitions/patchEntry' });
    expect(def(override, 'patchEntry').required).toEqual(['id']);
    expect(override.if).toEqual({ required: ['mode'], properties: { mode: { const: 'replace' } } });
    expect(override.then?.properties?.sections?.items).toEqual({ $ref: '#/definitions/section' });
  });

  it('has the enums and defaults of the reference', () => {
    const props = def(base, 'section').properties ?? {};
    expect(props.type?.enum).toEqual(['file', 'directory']);
    expect(base.properties?.mode?.enum).toEqual(['patch', 'replace']);
    expect(props.maxFiles?.default).toBe(20);
    expect(props.maxBytes?.default).toBe(40960);
    expect(props.pattern?.default).toBe('*.md');
    expect(base.properties?.totalMaxFiles?.default).toBe(50);
    expect(base.properties?.totalMaxBytes?.default).toBe(102400);
    expect(def(base, 'loop').required).toEqual(['forEach', 'childFile']);
  });

  it('describes when as "always", one condition with exactly one operator, or and / or of conditions', () => {
    expect(def(base, 'when').anyOf?.[0]?.const).toBe('always');
    const branches = def(base, 'condition').anyOf ?? [];
    expect(branches.map((b) => b.required)).toEqual([
      ['var', 'eq'],
      ['var', 'neq'],
      ['var', 'in'],
      ['var', 'nin'],
      ['any'],
      ['all'],
      ['and'],
      ['or'],
    ]);
    // and / or nest: their clauses are whens again.
    expect(branches[6]?.properties?.and?.items).toEqual({ $ref: '#/definitions/when' });
    expect(branches[0]?.not).toEqual({
      anyOf: [
        { required: ['neq'] },
        { required: ['in'] },
        { required: ['nin'] },
        { required: ['any'] },
        { required: ['all'] },
      ],
    });
    expect(def(base, 'varName').examples).toContain('chatType');
  });

  it('describes fields in English and Chinese', () => {
    const order = def(base, 'section').properties?.order;
    expect(order?.description).toBe(
      'Sort key: ascending order decides the position in the context.\n排序，升序决定上下文中出现的先后',
    );
    expect(order?.markdownDescription).toContain('\n\n排序');
  });
});
