/**
 * Untrusted text is text: var values, file contents and file names come from a
 * workspace that may be hostile. In the renderer they reach the screen through React (which
 * sets text and attributes, never markup) or through Monaco; this list refuses the ways around
 * that: HTML sinks, windows and markdown built outside the one escaper.
 *
 * Monaco renders hover messages and language-provider strings as markdown, so those are built
 * only in `MONACO_MARKDOWN_FILES`, through `plainMarkdown()` (plain-markdown.ts).
 */

/** The files that may build Monaco markdown (hovers, decorations), all through the escaper; and their tests. */
export const MONACO_MARKDOWN_FILES = ['plain-markdown', 'editor-marks'].flatMap((name) => [
  `renderer/src/components/monaco/${name}.ts`,
  `renderer/src/components/monaco/${name}.test.ts`,
]);

const VIA_REACT =
  'put workspace text in through React (text children, attributes), which never parses markup';
const VIA_ESCAPER =
  'Monaco renders it as markdown: build it in components/monaco/editor-marks.ts with plainMarkdown() (plain-markdown.ts)';

/** Refused everywhere in the renderer. */
const HTML_SINKS = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: `dangerouslySetInnerHTML parses markup: ${VIA_REACT}.`,
  },
  {
    selector: 'MemberExpression[property.name=/^(innerHTML|outerHTML)$/]',
    message: `innerHTML / outerHTML parse markup: ${VIA_REACT}, or set textContent.`,
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment|parseFromString)$/]',
    message: `this parses markup: ${VIA_REACT}, or set textContent.`,
  },
  {
    selector: "MemberExpression[object.name='document'][property.name=/^write(ln)?$/]",
    message: `document.write parses markup: ${VIA_REACT}.`,
  },
  {
    selector: "MemberExpression[object.name='window'][property.name='open']",
    message: 'The app opens no window (link-guard.ts; Electron denies them in main.ts).',
  },
  {
    selector: "JSXAttribute[name.name='href']",
    message:
      'The app links to no page: show a URL or path as text (a link built from workspace data goes where the workspace says).',
  },
  {
    selector: 'Property[key.name=/^(isTrusted|supportHtml|supportThemeIcons)$/][value.value=true]',
    message:
      'Markdown from workspace text is never trusted, never HTML: use plainMarkdown() (plain-markdown.ts).',
  },
];

/** Refused outside `MONACO_MARKDOWN_FILES`. */
const MONACO_MARKDOWN = [
  {
    selector: 'Property[key.name=/^(hoverMessage|glyphMarginHoverMessage|lineNumberHoverMessage)$/]',
    message: `A decoration's hover: ${VIA_ESCAPER}.`,
  },
  {
    selector:
      "TSQualifiedName[right.name='IMarkdownString'], TSTypeReference > Identifier[name='IMarkdownString']",
    message: `An IMarkdownString: ${VIA_ESCAPER}.`,
  },
  {
    selector: 'CallExpression[callee.property.name=/^register\\w*Provider$/]',
    message: `A Monaco language provider (hover, inlay hints, code lens, completion…) shows markdown: ${VIA_ESCAPER}.`,
  },
];

/** Flat-config entries for eslint.config.js. */
export const untrustedTextConfigs = [
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: MONACO_MARKDOWN_FILES,
    rules: { 'no-restricted-syntax': ['error', ...HTML_SINKS, ...MONACO_MARKDOWN] },
  },
  {
    files: MONACO_MARKDOWN_FILES,
    rules: { 'no-restricted-syntax': ['error', ...HTML_SINKS] },
  },
];
