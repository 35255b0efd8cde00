// A stand-in for an installed evolcore's built engine (for the Verify tests): renders the fixture kit's
// raw "always" file sections the way evolcore does, finds the package root from its own place and
// the home from $EVOLCORE_HOME, and writes a debug file into the home's data/eck-debug, as an
// installed package would. Tests copy it and plant a difference, a hang or a forbidden write.
import fs from 'node:fs';
import process from 'node:process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const HEADER = 'Contenu de';

function display(file, vars) {
  const names = ['KITS_RULES', 'EVOLCORE_HOME'].filter((n) => typeof vars[n] === 'string');
  for (const n of names) if (file.startsWith(vars[n] + '/')) return `$${n}${file.slice(vars[n].length)}`;
  return file;
}

export function renderKitSections(ctx, manifestFile = 'eck_manifest.json') {
  const manifest = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'kits', manifestFile), 'utf8'));
  const parts = [];
  for (const s of [...manifest.sections].sort((a, b) => a.order - b.order)) {
    const file = s.file.replace(/\$([A-Z_]+)/g, (_, n) => String(ctx.vars[n]));
    let text;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const label = s.description ? `${s.id} — ${s.description}` : s.id;
    parts.push(`${HEADER} ${display(file, ctx.vars)} (${label}):\n\n${text.trimEnd()}`);
  }
  const out = parts.length
    ? `<system-reminder>\nEvolCore Context Kit documents are shown below.\n\n${parts.join('\n\n')}\n\nIMPORTANT: Use this context when it affects the current interaction.\n</system-reminder>`
    : '';
  const dir = path.join(process.env.EVOLCORE_HOME, 'data', 'eck-debug');
  fs.writeFile(path.join(dir, `context-${ctx.sessionId}.md`), out, () => {});
  return out;
}
