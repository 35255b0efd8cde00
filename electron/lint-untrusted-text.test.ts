/**
 * Untrusted text stays text (eslint-rules/untrusted-text.js): HTML sinks, windows,
 * links and Monaco markdown built outside the escaper are refused by `npm run lint` anywhere
 * in the renderer; the escaper's own files may build hovers. Lints text as if it were a file
 * at that path, with the repo's own config.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The `no-restricted-syntax` findings for `code` as the file `file`. */
async function findings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const PANEL = 'renderer/src/panels/timeline/planted.tsx';
const ESCAPER_FILE = 'renderer/src/components/monaco/editor-marks.ts';

describe('the renderer refuses', () => {
  it.each([
    [
      'dangerouslySetInnerHTML',
      'export const X = (p: { s: string }) => <div dangerouslySetInnerHTML={{ __html: p.s }} />;',
    ],
    ['innerHTML', 'export function f(e: HTMLElement, s: string): void { e.innerHTML = s; }'],
    ['outerHTML', 'export function f(e: HTMLElement, s: string): void { e.outerHTML = s; }'],
    [
      'insertAdjacentHTML',
      "export function f(e: HTMLElement, s: string): void { e.insertAdjacentHTML('beforeend', s); }",
    ],
    ['document.write', 'export function f(s: string): void { document.write(s); }'],
    ['window.open', 'export function f(s: string): void { window.open(s); }'],
    ['a link built from data', 'export const X = (p: { u: string }) => <a href={p.u}>x</a>;'],
    ['a decoration hover outside the escaper', 'export const o = { hoverMessage: { value: "x" } };'],
    ['a glyph hover outside the escaper', 'export const o = { glyphMarginHoverMessage: { value: "x" } };'],
    [
      'an IMarkdownString outside the escaper',
      "import type * as M from 'monaco-editor';\nexport const m: M.IMarkdownString = { value: 'x' };",
    ],
    [
      'a hover provider',
      "import type * as M from 'monaco-editor';\nexport function f(m: typeof M): void { m.languages.registerHoverProvider('json', { provideHover: () => null }); }",
    ],
    [
      'an inlay hints provider',
      "import type * as M from 'monaco-editor';\nexport function f(m: typeof M): void { m.languages.registerInlayHintsProvider('json', { provideInlayHints: () => null }); }",
    ],
  ])('%s', async (_label, code) => {
    expect(await findings(PANEL, code)).toHaveLength(1);
  });

  it.each([
    ['trusted markdown', 'export const m = { value: "x", isTrusted: true };'],
    ['HTML in markdown', 'export const m = { value: "x", supportHtml: true };'],
  ])('%s, even in the escaper', async (_label, code) => {
    expect(await findings(ESCAPER_FILE, code)).toHaveLength(1);
  });

  it('says where hovers belong', async () => {
    const [message] = await findings(PANEL, 'export const o = { hoverMessage: { value: "x" } };');
    expect(message).toContain('plainMarkdown()');
  });
});

describe('the renderer allows', () => {
  it('a hover built in the escaper', async () => {
    const code =
      "import { plainMarkdown } from './plain-markdown';\nexport const o = { hoverMessage: plainMarkdown('x') };";
    expect(await findings(ESCAPER_FILE, code)).toEqual([]);
  });

  it('text through React, in children and attributes', async () => {
    const code = 'export const X = (p: { s: string }) => <code title={p.s}>{p.s}</code>;';
    expect(await findings(PANEL, code)).toEqual([]);
  });
});
