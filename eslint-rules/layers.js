/**
 * The floors of the code (ARCHITECTURE.md) as one ESLint rule, after VS Code's `code-layering`:
 * every folder of the repo belongs to one layer, each layer names the layers it may import, and
 * an import of any other is refused with a message naming both and saying why. A second check
 * keeps the engine's inside private: code outside `shared/engine/` imports it through its index.
 *
 * Only relative imports are judged here (the repo has no path aliases); packages and node's
 * built-ins are the job of `no-restricted-imports` in eslint.config.js.
 */
import path from 'node:path';

/**
 * The layers, most specific folder first (a file belongs to the first whose folder holds it).
 * `may`: the layers it may import besides itself.
 */
/** All of shared/, which both processes may import. */
const SHARED = ['shared/base', 'shared/testing', 'shared/format', 'shared/engine', 'shared', 'shared/api'];

export const LAYERS = [
  {
    name: 'shared/base',
    dir: 'shared/base',
    may: [],
    why: 'the base is the floor: it imports nothing of the repo',
  },
  {
    name: 'shared/testing',
    dir: 'shared/testing',
    may: ['shared/base'],
    why: 'test helpers build on the base only',
  },
  {
    name: 'shared/format',
    dir: 'shared/format',
    may: ['shared/base'],
    why: 'the manifest format is read by the engine and everything above; it builds on the base only',
  },
  {
    name: 'shared/engine',
    dir: 'shared/engine',
    may: ['shared/base', 'shared/format', 'shared/testing'],
    why: 'the engine imports only the base and the format: the rest of shared/ builds on it, not the other way',
  },
  {
    name: 'shared/api',
    dir: 'shared/api',
    may: ['shared/base', 'shared/testing', 'shared/format', 'shared/engine', 'shared'],
    why: 'the API contract sits on top of shared/: it names the domain types, the domain does not know it',
  },
  {
    name: 'shared',
    dir: 'shared',
    may: ['shared/base', 'shared/testing', 'shared/format', 'shared/engine'],
    why: 'shared/ runs in both processes: it imports neither electron/ nor renderer/, and the domain does not import the API contract above it (shared/api)',
  },
  // electron/ in three floors: transports (the entry points: the desktop shell, serve, the CLI)
  // above handlers (the API side: dispatch, the handler tables, the caps of answers) above
  // services (everything else: workspace, history, scenarios, Claude Code, verify, settings…).
  {
    name: 'electron/transports',
    dirs: [
      'electron/main.ts',
      'electron/preload.ts',
      'electron/start.ts',
      'electron/serve',
      'electron/shell',
      'electron/bin',
      'electron/cli',
      'electron/demo',
    ],
    may: [...SHARED, 'electron/handlers', 'electron/services'],
    why: 'the transports are the top of electron/: nothing below them imports them',
  },
  {
    name: 'electron/handlers',
    dirs: ['electron/api'],
    // A feature's handler table lives beside its services (history/history-handlers.ts…).
    files: /^electron\/.+-handlers\.ts$/,
    may: [...SHARED, 'electron/services'],
    why: 'handlers sit below the transports: they answer methods and know no IPC, socket or CLI',
  },
  {
    name: 'electron/services',
    dir: 'electron',
    may: SHARED,
    why: 'services sit below the handlers and the transports, which call them; share code through shared/, never renderer/',
    // A service's tests drive it through the handlers and transports above it.
    testsMay: ['electron/handlers', 'electron/transports'],
  },
  {
    name: 'renderer/api',
    dir: 'renderer/src/api',
    may: SHARED,
    why: 'the transports know only the API contract',
  },
  {
    name: 'renderer/store',
    dir: 'renderer/src/store',
    may: [...SHARED, 'renderer/api'],
    why: 'the store holds state for the views and imports none of them (renderer/src/store/README.md)',
  },
  {
    name: 'renderer/panels',
    dir: 'renderer/src/panels',
    may: [...SHARED, 'renderer', 'renderer/store', 'renderer/api'],
    why: 'renderer/ talks to the main side only through InspectorApi',
  },
  {
    name: 'renderer',
    dir: 'renderer',
    may: [...SHARED, 'renderer/store', 'renderer/api', 'renderer/panels-registry'],
    why: 'outside panels/, the renderer reaches a panel only through panels/registry.ts; state that others need lives in store/',
  },
];

/**
 * Files that form a layer of their own inside another's folder: the one door into panels/,
 * through which the app shell lists the tabs.
 */
const DOORS = [
  {
    name: 'renderer/panels-registry',
    file: 'renderer/src/panels/registry.ts',
    may: [...SHARED, 'renderer/panels', 'renderer', 'renderer/store', 'renderer/api'],
    why: 'the registry lists the panels for the app shell',
  },
];

/** The panels' folder: each panel is a folder of its own, and one panel never imports another. */
const PANELS_DIR = 'renderer/src/panels';

/** The panel (its folder under panels/) a file belongs to, or `null` outside one. */
function panelOf(rel) {
  if (!rel.startsWith(`${PANELS_DIR}/`)) return null;
  const parts = rel.slice(PANELS_DIR.length + 1).split('/');
  return parts.length > 1 ? (parts[0] ?? null) : null;
}

/** The engine's public face: outside code imports this and nothing else of the engine. */
const ENGINE_DIR = 'shared/engine';
const ENGINE_INDEX = new Set(['shared/engine', 'shared/engine/index', 'shared/engine/index.ts']);
/** Test-only fixtures of the engine, open to other folders' tests. */
const ENGINE_FIXTURES = 'shared/engine/__fixtures__/';

const posix = (p) => p.split(path.sep).join('/');
const inside = (file, dir) => file === dir || file.startsWith(`${dir}/`);
const stripExt = (p) => p.replace(/\.(ts|tsx|js|mjs)$/, '');

/** The layer of a repo-relative path, or `null` for folders without one (scripts, e2e, bench…). */
export function layerOf(rel) {
  for (const door of DOORS) if (stripExt(rel) === stripExt(door.file)) return door.name;
  for (const layer of LAYERS)
    if (layer.files?.test(rel) || layer.files?.test(`${stripExt(rel)}.ts`)) return layer.name;
  for (const layer of LAYERS) {
    for (const dir of layer.dirs ?? [layer.dir]) {
      if (inside(rel, dir) || inside(rel, stripExt(dir))) return layer.name;
    }
  }
  return null;
}

const byName = new Map([...LAYERS, ...DOORS].map((l) => [l.name, l]));

/** Tests and the test-only folders beside them (fixtures, test support). */
const isTestFile = (rel) =>
  /\.(test|spec)\.tsx?$/.test(rel) || /\/(__fixtures__|test-fixtures|test-support)\//.test(rel);

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Imports follow the layers of ARCHITECTURE.md; the engine is imported through its index.',
    },
    messages: {
      layer: '{{from}} may not import {{to}} ({{target}}): {{why}}.',
      panelToPanel:
        'panels/{{from}} may not import panels/{{to}} ({{target}}): panels sit side by side; what two panels share lives in components/, format/, i18n/ or a store slice.',
      engineIndex:
        "Import the engine through its index ('{{index}}'), not its file {{target}}: its inside may change without notice.",
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const fileRel = posix(path.relative(root, context.filename));
    if (fileRel.startsWith('..')) return {};
    const fromLayer = layerOf(fileRel);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const targetRel = posix(path.relative(root, path.resolve(path.dirname(context.filename), source)));
      if (targetRel.startsWith('..')) return;
      const toLayer = layerOf(targetRel);
      if (fromLayer !== null && toLayer !== null && toLayer !== fromLayer) {
        const layer = byName.get(fromLayer);
        const allowed = [...(layer?.may ?? []), ...(isTestFile(fileRel) ? (layer?.testsMay ?? []) : [])];
        // Panels may use the registry too (it is in their own folder).
        const panelsToRegistry = fromLayer === 'renderer/panels' && toLayer === 'renderer/panels-registry';
        if (!allowed.includes(toLayer) && !panelsToRegistry) {
          context.report({
            node,
            messageId: 'layer',
            data: { from: fromLayer, to: toLayer, target: targetRel, why: layer?.why ?? '' },
          });
          return;
        }
      }
      const fromPanel = panelOf(fileRel);
      const toPanel = panelOf(targetRel);
      if (fromPanel !== null && toPanel !== null && fromPanel !== toPanel) {
        context.report({
          node,
          messageId: 'panelToPanel',
          data: { from: fromPanel, to: toPanel, target: targetRel },
        });
        return;
      }
      if (
        !inside(fileRel, ENGINE_DIR) &&
        inside(targetRel, ENGINE_DIR) &&
        !ENGINE_INDEX.has(stripExt(targetRel))
      ) {
        if (isTestFile(fileRel) && targetRel.startsWith(ENGINE_FIXTURES)) return;
        const index = posix(path.relative(path.dirname(fileRel), ENGINE_DIR));
        context.report({
          node,
          messageId: 'engineIndex',
          data: { target: targetRel, index: index.startsWith('.') ? index : `./${index}` },
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { layers: rule } };
