/**
 * Seeded random checks of the JSON writer: whatever the layout and the edit, the text it
 * writes parses to exactly the wanted value, and writing a value back onto its own text
 * changes nothing.
 */
import { expect, test } from 'vitest';
import type { Json } from '../engine';
import { rewriteJsonText } from './json-patch-writer';
import { mulberry32 } from '../testing/mulberry32';

type Obj = Record<string, Json>;

function scalar(r: () => number): Json {
  const k = Math.floor(r() * 5);
  return k === 0
    ? null
    : k === 1
      ? r() < 0.5
      : k === 2
        ? Math.round(r() * 100) / 4
        : k === 3
          ? `s${Math.floor(r() * 9)}`
          : '上下文';
}

function value(r: () => number, depth: number): Json {
  const k = r();
  if (depth > 2 || k < 0.5) return scalar(r);
  if (k < 0.75) return Array.from({ length: Math.floor(r() * 4) }, () => value(r, depth + 1));
  const o: Obj = {};
  for (let i = Math.floor(r() * 4); i > 0; i--) o[`k${Math.floor(r() * 6)}`] = value(r, depth + 1);
  return o;
}

function manifest(r: () => number): Obj {
  const sections = Array.from({ length: 1 + Math.floor(r() * 4) }, (_, i) => {
    const s: Obj = { id: `sec-${i}` };
    for (let j = Math.floor(r() * 4); j > 0; j--) s[`f${Math.floor(r() * 5)}`] = value(r, 1);
    return s;
  });
  return r() < 0.3 ? { $comment: 'x', sections } : { sections };
}

function layout(v: Json, r: () => number): string {
  const k = Math.floor(r() * 4);
  if (k === 0) return JSON.stringify(v);
  if (k === 1) return `${JSON.stringify(v, null, 2)}\n`;
  if (k === 2) return JSON.stringify(v, null, 4).replace(/\n/g, '\r\n');
  return `${JSON.stringify(v, null, '\t')}\n`;
}

function mutate(v: Obj, r: () => number): Obj {
  const next = JSON.parse(JSON.stringify(v)) as Obj;
  const sections = next.sections as Obj[];
  for (let n = 1 + Math.floor(r() * 3); n > 0; n--) {
    const k = Math.floor(r() * 6);
    const s = sections[Math.floor(r() * sections.length)];
    if (k === 0 && s) s[`f${Math.floor(r() * 5)}`] = value(r, 1);
    else if (k === 1 && s) delete s[Object.keys(s).filter((x) => x !== 'id')[0] ?? 'none'];
    else if (k === 2) sections.push({ id: `new-${Math.floor(r() * 1000)}`, enabled: false });
    else if (k === 3 && sections.length > 0) sections.splice(Math.floor(r() * sections.length), 1);
    else if (k === 4) next.mode = r() < 0.5 ? 'replace' : 'patch';
    else if (s) s.when = { var: 'peerRole', in: ['owner', 'admin'].slice(0, 1 + Math.floor(r() * 2)) };
  }
  return next;
}

test('random layouts and edits: the text always parses to the wanted value; no edit, no change', () => {
  for (let seed = 1; seed <= 400; seed++) {
    const r = mulberry32(seed);
    const start = manifest(r);
    const text = layout(start, r);
    expect(rewriteJsonText(text, JSON.parse(text) as Json), `seed ${seed}`).toBe(text);
    const wanted = mutate(start, r);
    const out = rewriteJsonText(text, wanted);
    expect(JSON.parse(out), `seed ${seed}\n${text}\n→\n${out}`).toEqual(wanted);
    // And back again: undoing the edit gives the same value (and, laid on the new text, parses).
    expect(JSON.parse(rewriteJsonText(out, start)), `seed ${seed} back`).toEqual(start);
  }
});

/** What people write by hand: `{ "id": "x", "in": ["a"] }` on one line, or one line per section. */
function compact(v: Json): string {
  if (Array.isArray(v)) return `[${v.map(compact).join(', ')}]`;
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const entries = Object.entries(v);
  return entries.length === 0
    ? '{}'
    : `{ ${entries.map(([k, x]) => `${JSON.stringify(k)}: ${compact(x)}`).join(', ')} }`;
}

function handLayout(v: Obj, r: () => number): string {
  if (r() < 0.5) return compact(v);
  const lines = Object.entries(v).map(([k, x]) =>
    k === 'sections'
      ? `  "sections": [\n${(x as Json[]).map((s) => `    ${compact(s)}`).join(',\n')}\n  ]`
      : `  ${JSON.stringify(k)}: ${compact(x)}`,
  );
  return `{\n${lines.join(',\n')}\n}\n`;
}

test('hand-written one-line layouts: edits parse to the wanted value and untouched sections keep their line', () => {
  for (let seed = 1; seed <= 300; seed++) {
    const r = mulberry32(seed);
    const start = manifest(r);
    const text = handLayout(start, r);
    expect(rewriteJsonText(text, JSON.parse(text) as Json), `seed ${seed}`).toBe(text);
    const wanted = mutate(start, r);
    const out = rewriteJsonText(text, wanted);
    expect(JSON.parse(out), `seed ${seed}\n${text}\n→\n${out}`).toEqual(wanted);
    const before = new Map((start.sections as Obj[]).map((s) => [s.id, s]));
    for (const s of wanted.sections as Obj[]) {
      if (JSON.stringify(before.get(s.id)) === JSON.stringify(s))
        expect(out, `seed ${seed}`).toContain(compact(s));
    }
    expect(JSON.parse(rewriteJsonText(out, start)), `seed ${seed} back`).toEqual(start);
  }
});
