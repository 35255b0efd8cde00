/**
 * `eck render`, `eck lint` and `eck message` on compare:real's class worlds, on real files: a value
 * evolcore's template code throws on is a failure (never "internal error"), a binary or non-UTF-8
 * file is named on stderr, a manifest with a BOM is an error of the lint.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCaptured } from './test-support/run-captured';

let root: string;
const write = (rel: string, text: string | Buffer): void => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};
const section = (id: string, file: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'file',
  file,
  order: 1,
  needsInjection: false,
  when: 'always',
  ...extra,
});
const args = (): string[] => [
  '--package-root',
  path.join(root, 'pkg'),
  '--home',
  path.join(root, 'home'),
  '--vars',
  path.join(root, 'vars.json'),
];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-fidelity-'));
  fs.mkdirSync(path.join(root, 'home'));
  write('vars.json', JSON.stringify({ bad: { toString: 'x' } }));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('eck render on what evolcore throws on or injects as is', () => {
  it('a value String() cannot convert: exit 0, empty context, the failure on stderr, no internal error', async () => {
    write(
      'pkg/kits/eck_manifest.json',
      JSON.stringify({ sections: [section('t', '$KITS/t.md', { needsInjection: true })] }),
    );
    write('pkg/kits/t.md', 'x {{bad}}');
    const r = await runCaptured('render', ...args());
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toContain('[manifest-crash]');
    expect(r.err).toContain('TypeError: Cannot convert object to primitive value');
    expect(r.err).not.toContain('internal error');
  });

  it('a PNG renamed .md and a file with a byte that is not UTF-8: injected decoded, each named on stderr', async () => {
    write(
      'pkg/kits/eck_manifest.json',
      JSON.stringify({ sections: [section('png', '$KITS/img.md'), section('bad', '$KITS/bad.md')] }),
    );
    write('pkg/kits/img.md', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]));
    write('pkg/kits/bad.md', Buffer.from([0x61, 0x62, 0x80, 0x63]));
    const r = await runCaptured('render', ...args());
    expect(r.code).toBe(0);
    expect(r.out).toContain('ab\ufffdc');
    expect(r.out).toContain('\ufffdPNG\r\n\u001a\n\u0000\u0000');
    expect(r.err).toMatch(new RegExp(`\\[binary-file\\] ${path.join(root, 'pkg/kits/img.md')}`));
    expect(r.err).toMatch(new RegExp(`\\[invalid-utf8\\] ${path.join(root, 'pkg/kits/bad.md')}`));
  });

  it('eck lint: a message manifest with a BOM is an error naming the file', async () => {
    write('pkg/kits/eck_manifest.json', JSON.stringify({ sections: [section('a', '$KITS/a.md')] }));
    write('pkg/kits/a.md', 'A');
    write('pkg/kits/eck_message_manifest.json', `\ufeff${JSON.stringify({ sections: [] })}`);
    const r = await runCaptured('lint', ...args());
    expect(r.code).toBe(1);
    expect(r.out).toContain(`error [manifest-bom] ${path.join(root, 'pkg/kits/eck_message_manifest.json')}`);
  });

  it('eck message: a field of the wrong type is a warning naming the message and the field', async () => {
    write(
      'pkg/kits/eck_message_manifest.json',
      JSON.stringify({ sections: [section('one', '$KITS/one.md', { needsInjection: true })] }),
    );
    write('pkg/kits/one.md', '{{mentionAids}}: {{content}}');
    write('vars.json', JSON.stringify({ items: [{ content: 'hi', mentionAids: 'a.aid.pub' }] }));
    const r = await runCaptured('message', ...args());
    expect(r.code).toBe(1);
    expect(r.err).toContain('eck message: warning: message #1: "mentionAids" is a string');
    expect(r.err).toMatch(/join is not a function/);
  });
});
