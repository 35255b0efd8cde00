/**
 * The English words the Chinese UI keeps, as evolcore's own Chinese docs keep them (its
 * manifest reference writes section, manifest, agent, vars, when and token in English, lower
 * case, and says 用户数据根目录 for the home) — and the few other Latin words a zh string may
 * hold: product and format names, units, key names. zh-glossary.test.ts walks every zh table
 * of the renderer and refuses any other Latin word, so "Section", "TOKEN" or "回到 home" cannot
 * come back. Code is exempt where it is marked as code (see {@link codeFreeText}).
 */

/** evolcore's terms, exactly as its Chinese docs write them. */
export const ZH_GLOSSARY = ['section', 'manifest', 'agent', 'base agent', 'vars', 'when', 'token'] as const;

/** Names that are no word of either language: products, formats, units, keys. */
export const ZH_NAMES = [
  // Products and tools.
  'ECK',
  'evolcore',
  'evolclaw',
  'Claude',
  'Claude Code',
  'git',
  'MDM',
  // Formats, encodings, interfaces.
  'JSON',
  'JSON Schema',
  'UTF-8',
  'NUL',
  'CJK',
  'API',
  'CLI',
  // Units.
  'B',
  'KB',
  'MB',
  'MiB',
  // Keys, as printed on the keyboard.
  'Enter',
  'Esc',
  'Home',
  'End',
  // A language's own name in the language menu.
  'English',
] as const;

/** JSON's literals, written as values (`null = 未注入`). */
export const ZH_JSON_LITERALS = ['null', 'true', 'false'] as const;

/**
 * The text of a message with its code taken out: `backticks`, {placeholders}, {{mustache}},
 * "quoted" JSON, and names that can only be code or paths — with a dot inside, a slash, an
 * underscore, `$` or `~` (`package.json`, `~/.claude.json`, `EVOLCORE_HOME`), or camelCase
 * (`claudeMdExcludes`).
 */
export function codeFreeText(message: string): string {
  return (
    message
      .replace(/`[^`]*`/g, ' ')
      .replace(/\{\w+\}/g, ' ')
      .replace(/\{\{[^}]*\}+/g, ' ')
      .replace(/"[^"]*"/g, ' ')
      // A dot marks a file name only inside a word (`CLAUDE.md`), not after one ("home.").
      .replace(/[\w.\-/~$+]+/g, (w) => (/[/_$~]|\w\.\w/.test(w) ? ' ' : w))
      .replace(/\b[a-z]+[A-Z][A-Za-z0-9]*\b/g, ' ')
  );
}

/** The Latin words of a message that neither the glossary nor the names allow, in order. */
export function strayLatinWords(message: string): string[] {
  let text = codeFreeText(message);
  // Phrases first, so "Claude Code" and "base agent" are taken whole.
  const allowed = [...ZH_GLOSSARY, ...ZH_NAMES, ...ZH_JSON_LITERALS].sort((a, b) => b.length - a.length);
  for (const term of allowed) {
    const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text.replace(new RegExp(`(?<![A-Za-z0-9-])${escaped}(?![A-Za-z0-9-])`, 'g'), ' ');
  }
  return text.match(/[A-Za-z][A-Za-z0-9-]*/g) ?? [];
}
