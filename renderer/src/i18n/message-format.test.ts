import { describe, expect, it } from 'vitest';
import { formatMessage, placeholderNames } from './message-format';

const FILES = '{count, plural, one {# file} other {# files}} in {dir}';

describe('message format', () => {
  it('English: one file, 0 files, 2 files', () => {
    expect(formatMessage(FILES, { count: 1, dir: 'eck' }, 'en')).toBe('1 file in eck');
    expect(formatMessage(FILES, { count: 0, dir: 'eck' }, 'en')).toBe('0 files in eck');
    expect(formatMessage(FILES, { count: 2, dir: 'eck' }, 'en')).toBe('2 files in eck');
  });

  it('an exact match wins over the category, and placeholders inside a form are filled', () => {
    const t = '{n, plural, =0 {no snapshot} one {# snapshot of {dir}} other {# snapshots of {dir}}}';
    expect(formatMessage(t, { n: 0, dir: 'a' }, 'en')).toBe('no snapshot');
    expect(formatMessage(t, { n: 1, dir: 'a' }, 'en')).toBe('1 snapshot of a');
    expect(formatMessage(t, { n: 5, dir: 'a' }, 'en')).toBe('5 snapshots of a');
  });

  it('two plurals in one message each follow their own count', () => {
    const t =
      '{count, plural, one {# snapshot} other {# snapshots}} ({files, plural, one {# file} other {# files}})';
    expect(formatMessage(t, { count: 1, files: 4 }, 'en')).toBe('1 snapshot (4 files)');
    expect(formatMessage(t, { count: 3, files: 1 }, 'en')).toBe('3 snapshots (1 file)');
  });

  it('Chinese has no plural: the "other" form, and plain placeholders as before', () => {
    expect(formatMessage('{count, plural, other {# 个文件}}', { count: 1 }, 'zh-CN')).toBe('1 个文件');
    expect(formatMessage('{count} 个文件', { count: 1 }, 'zh-CN')).toBe('1 个文件');
  });

  it('a count given as formatted text still picks its form; a missing count leaves the block as written', () => {
    expect(formatMessage(FILES, { count: '1', dir: 'x' }, 'en')).toBe('1 file in x');
    expect(formatMessage(FILES, { count: '12,500', dir: 'x' }, 'en')).toBe('12,500 files in x');
    expect(formatMessage(FILES, { count: 'many', dir: 'x' }, 'en')).toBe('many files in x');
    expect(formatMessage(FILES, { dir: 'x' }, 'en')).toBe(
      '{count, plural, one {# file} other {# files}} in x',
    );
  });

  it('names the params a template uses, plain or plural, once each', () => {
    expect(placeholderNames(FILES)).toEqual(['count', 'dir']);
    expect(placeholderNames('{count} 个文件，在 {dir}')).toEqual(['count', 'dir']);
    // A one-word form is text, not a param.
    expect(placeholderNames('Delete {count, plural, one {it} other {them}}?')).toEqual(['count']);
    expect(formatMessage('Delete {count, plural, one {it} other {them}}?', { count: 1 }, 'en')).toBe(
      'Delete it?',
    );
  });
});
