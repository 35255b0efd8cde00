/**
 * The note shown in place of a text the main side did not send: its words in English
 * and Chinese, with the size; "open in editor" offered only for a file of the workspace.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { tooLarge } from '../../../shared/api/answer-caps';
import { translatorFor } from '../i18n/translate';
import { TooLargeNoteView } from './too-large-note';
import { isWorkspaceFile, tooLargeText } from './too-large-text';

const MB = 1024 * 1024;
const file = tooLarge(200 * MB, 2 * MB, '/home/u/.evolcore/data/eck-debug/context-2026-01-01-00-00-00.md');
const value = tooLarge(4 * MB + 2, 2 * MB);
const workspace = { home: '/home/u/.evolcore', packageRoot: '/opt/evolcore' };

function markup(language: 'en' | 'zh-CN', canOpen: boolean): string {
  return renderToStaticMarkup(
    createElement(TooLargeNoteView, {
      marker: file,
      t: translatorFor(language),
      canOpen,
      onOpen: () => undefined,
      opened: null,
    }),
  );
}

describe('too-large note', () => {
  it('says "too large to show (N MB); open it in your editor" in English and Chinese', () => {
    expect(tooLargeText(translatorFor('en'), file)).toBe(
      'Too large to show (200.0 MB); open it in your editor.',
    );
    expect(tooLargeText(translatorFor('zh-CN'), file)).toBe(
      '文件过大，无法显示（200.0 MB）；请在编辑器中打开。',
    );
    // A value (a var, a render's context) is no file: no editor to open it in.
    expect(tooLargeText(translatorFor('en'), value)).toBe('Too large to show here (4.0 MB).');
    expect(tooLargeText(translatorFor('zh-CN'), value)).toBe('内容过大，无法在此显示（4.0 MB）。');
  });

  it('renders the message with the open-in-editor action for a workspace file', () => {
    const en = markup('en', true);
    expect(en).toContain('Too large to show (200.0 MB); open it in your editor.');
    expect(en).toContain('data-testid="too-large-open"');
    expect(en).toContain('Open in editor');
    const zh = markup('zh-CN', true);
    expect(zh).toContain('文件过大，无法显示（200.0 MB）；请在编辑器中打开。');
    expect(zh).toContain('在编辑器中打开');
    expect(markup('en', false)).not.toContain('too-large-open');
  });

  it('offers the editor only for files under the home or the package root', () => {
    expect(isWorkspaceFile(file.path ?? '', workspace)).toBe(true);
    expect(isWorkspaceFile('/opt/evolcore/kits/eck_manifest.json', workspace)).toBe(true);
    expect(isWorkspaceFile('/home/u/.evolcore-other/x.md', workspace)).toBe(false);
    expect(isWorkspaceFile('/tmp/copied-home/data/eck-debug/context.md', workspace)).toBe(false);
    expect(isWorkspaceFile(file.path ?? '', null)).toBe(false);
  });
});
