/**
 * Extensions an `@include` may load (§19.8 `TEXT_FILE_EXTENSIONS`). The chapter lists the
 * families (markdown and text, data formats, programming languages, configuration, build
 * files) but not every member; this set covers each family **(decision)**. Compared
 * lower-cased; a file without an extension counts as text (clarifications "Includes").
 */

const EXTENSIONS = `
md markdown mdx txt text rst adoc asciidoc org tex log
json jsonc json5 yaml yml toml xml csv tsv ini cfg conf config properties env plist
js mjs cjs jsx ts mts cts tsx vue svelte astro html htm xhtml css scss sass less styl
py pyi pyw rb erb rake go rs java kt kts scala sc groovy swift m mm c h cc cpp cxx hh hpp hxx
cs fs fsx vb php pl pm lua r jl dart ex exs erl hrl hs lhs elm clj cljs cljc edn ml mli
nim zig v sol cr d f f90 pas lisp el scm rkt tcl awk sed
sh bash zsh fish ps1 psm1 bat cmd
sql graphql gql proto thrift prisma
cmake make mk gradle sbt bazel bzl gn ninja dockerfile containerfile tf tfvars hcl nix
lock diff patch gitignore gitattributes editorconfig npmrc nvmrc
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
