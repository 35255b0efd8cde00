/**
 * How a message template becomes text, for the shell's tables and every panel's: `{name}` is
 * filled from the params, and a count that a noun follows picks its plural form, ICU style:
 * `{count, plural, one {# file} other {# files}}` (`#` is the count, `=0 {…}` an exact match).
 * The form is chosen by `Intl.PluralRules` of the UI language, so Chinese, which has no plural,
 * writes plain `{count} 个文件` and never needs the syntax.
 */
import type { Language } from '../../../shared/api';

/** The params a message is filled with. */
export type MessageParams = Readonly<Record<string, string | number>>;

const rulesByLanguage = new Map<Language, Intl.PluralRules>();

function pluralRules(language: Language): Intl.PluralRules {
  let rules = rulesByLanguage.get(language);
  if (rules === undefined) {
    rules = new Intl.PluralRules(language);
    rulesByLanguage.set(language, rules);
  }
  return rules;
}

/** The index of the `}` closing the `{` at `open`, or -1 when it never closes. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The `selector {text}` options of a plural's body, or `null` when the body is not that shape. */
function pluralOptions(body: string): Map<string, string> | null {
  const options = new Map<string, string>();
  let at = 0;
  while (at < body.length) {
    const head = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(body.slice(at));
    if (head === null) return body.slice(at).trim() === '' ? options : null;
    const open = at + head[0].length - 1;
    const close = closingBrace(body, open);
    if (close < 0) return null;
    options.set(head[1] ?? '', body.slice(open + 1, close));
    at = close + 1;
  }
  return options;
}

/**
 * The count of a param: a number, or a number already formatted for the UI (`1,234`, `12 500`);
 * `null` for anything else, which takes the `other` form.
 */
function countOf(value: string | number): number | null {
  const n = typeof value === 'number' ? value : Number(value.replace(/[,\s\u00a0\u202f]/g, ''));
  return Number.isFinite(n) ? n : null;
}

const PLURAL_HEAD = /\{(\w+),\s*plural,/g;

/** Replaces each plural block by the form its count takes (a block it cannot read stays as written). */
function choosePlurals(template: string, params: MessageParams, language: Language): string {
  let out = '';
  let from = 0;
  PLURAL_HEAD.lastIndex = 0;
  for (let m = PLURAL_HEAD.exec(template); m !== null; m = PLURAL_HEAD.exec(template)) {
    const close = closingBrace(template, m.index);
    const options = close < 0 ? null : pluralOptions(template.slice(m.index + m[0].length, close));
    const value = params[m[1] ?? ''];
    if (options === null || close < 0 || value === undefined) continue;
    const n = countOf(value);
    const form =
      (n === null ? undefined : (options.get(`=${n}`) ?? options.get(pluralRules(language).select(n)))) ??
      options.get('other') ??
      '';
    out += template.slice(from, m.index) + form.replace(/#/g, String(value));
    from = close + 1;
    PLURAL_HEAD.lastIndex = from;
  }
  return out + template.slice(from);
}

/** The text of a template in a language: plurals chosen, then `{name}` filled (unknown names kept). */
export function formatMessage(template: string, params: MessageParams, language: Language): string {
  const chosen = template.includes(', plural,') ? choosePlurals(template, params, language) : template;
  return chosen.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * The param names a template uses, plain or as a plural's count, each once, sorted: a translation
 * must use the same ones (the tables' tests compare them).
 */
export function placeholderNames(template: string): string[] {
  // A plural's form of one word (`one {it}`) is text, not a param.
  const uses = template.matchAll(/(?<!(?:zero|one|two|few|many|other|=\d+)\s*)\{(\w+)(?:\}|,\s*plural,)/g);
  return [...new Set([...uses].map((m) => m[1] ?? ''))].sort();
}
