import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The list items under `<key>:` inside the top-level `<block>:` of a simple YAML file. */
function yamlList(text: string, block: string, key: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(`${block}:`);
  if (start < 0) return [];
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    body.push(line);
  }
  const at = body.findIndex((l) => l.trim() === `${key}:`);
  if (at < 0) return [];
  const items: string[] = [];
  for (const line of body.slice(at + 1)) {
    const m = /^\s+-\s+(\S+)\s*$/.exec(line);
    if (m === null) {
      if (line.trim().startsWith('#')) continue;
      break;
    }
    items.push(m[1] ?? '');
  }
  return items;
}

describe('packaging (electron-builder.yml)', () => {
  it('the deb recommends a CJK font, so the Chinese UI is not boxes on a bare desktop', () => {
    const yml = fs.readFileSync(path.join(appRoot, 'electron-builder.yml'), 'utf8');
    expect(yamlList(yml, 'deb', 'recommends')).toContain('fonts-noto-cjk');
    expect(yamlList(yml, 'deb', 'depends')).toEqual(['libnss3', 'libgtk-3-0']);
    expect(fs.readFileSync(path.join(appRoot, 'README.md'), 'utf8')).toMatch(
      /recommends\*?\s+`fonts-noto-cjk`/,
    );
  });
});
