/**
 * Extensions an `@include` may load (§19.8 `TEXT_FILE_EXTENSIONS`): the set Claude Code 2.1.197
 * ships, as read from its bundle and checked with the oracle. Compared lower-cased; a file
 * without an extension counts as text.
 */

const EXTENSIONS = `
md txt text json yaml yml toml xml csv html htm css scss sass less
js ts tsx jsx mjs cjs mts cts py pyi pyw rb erb rake go rs java kt kts scala
c cpp cc cxx h hpp hxx cs swift sh bash zsh fish ps1 bat cmd
env ini cfg conf config properties sql graphql gql proto
vue svelte astro ejs hbs pug jade php pl pm lua r dart ex exs erl hrl
clj cljs cljc edn hs lhs elm ml mli f f90 f95 for
cmake make makefile gradle sbt rst adoc asciidoc org tex latex lock log diff patch
`;

/** The allowed extensions, with their dot, lower-case. */
export const TEXT_FILE_EXTENSIONS: ReadonlySet<string> = new Set(
  EXTENSIONS.split(/\s+/)
    .filter((e) => e !== '')
    .map((e) => '.' + e),
);

/** Whether a file with extension `ext` (as `extname` gives it) may be included. */
export function isTextExtension(ext: string): boolean {
  return ext === '' || TEXT_FILE_EXTENSIONS.has(ext.toLowerCase());
}
