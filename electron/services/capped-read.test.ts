/**
 * The synchronous capped read gives each file its own text and size, whatever was read before
 * it: small files share one buffer between reads, so a short file after a long one must not
 * show the long one's tail, and a file past that buffer's size is still read whole.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTextCappedSync } from './capped-read';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-capped-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(root, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('readTextCappedSync', () => {
  it('reads files of every size one after another, each exactly', () => {
    const texts = [
      'x'.repeat(200_000),
      '短',
      '',
      `${'上下文'.repeat(30_000)}\r\n`,
      'y'.repeat(3 * 1024 * 1024),
      'tail',
      '\ufeff{"a": 1}',
    ];
    texts.forEach((text, i) => {
      const read = readTextCappedSync(write(`f${i}.md`, text), 10 * 1024 * 1024);
      expect(read).toEqual({ ok: true, text, bytes: Buffer.byteLength(text) });
    });
  });

  it('refuses a file over the cap, then reads the next one whole', () => {
    const big = write('big.md', 'z'.repeat(5000));
    const small = write('small.md', 'ok');
    expect(readTextCappedSync(big, 4096)).toMatchObject({ ok: false, tooLarge: { bytes: 5000 } });
    expect(readTextCappedSync(small, 4096)).toEqual({ ok: true, text: 'ok', bytes: 2 });
  });

  it('says a vanished file and a directory apart', () => {
    expect(readTextCappedSync(path.join(root, 'gone.md'), 4096)).toEqual({ ok: false, code: 'ENOENT' });
    expect(readTextCappedSync(root, 4096)).toMatchObject({ ok: false, code: 'EISDIR' });
  });
});
