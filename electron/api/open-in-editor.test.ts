import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../shared/api';
import { openInEditor } from './open-in-editor';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-open-'));
const home = path.join(root, 'home');
const packageRoot = path.join(root, 'pkg');
fs.mkdirSync(path.join(home, 'eck'), { recursive: true });
fs.mkdirSync(path.join(packageRoot, 'kits'), { recursive: true });
fs.writeFileSync(path.join(packageRoot, 'kits', 'eck_manifest.json'), '{}');
fs.writeFileSync(path.join(root, 'secret.txt'), 'no');
fs.symlinkSync(path.join(root, 'secret.txt'), path.join(home, 'eck', 'link.txt'));
// What a hostile kit could hold: programs and shortcuts the OS would run when "opened", and a
// link with a text name that resolves to one.
for (const name of ['run.desktop', 'setup.exe', 'open.lnk', 'go.command', 'script.sh', 'NOTES']) {
  fs.writeFileSync(path.join(home, 'eck', name), '[Desktop Entry]\nExec=touch /tmp/pwned\n');
}
fs.mkdirSync(path.join(home, 'eck', 'Tool.app'));
fs.symlinkSync(path.join(home, 'eck', 'run.desktop'), path.join(home, 'eck', 'notes.md'));
fs.writeFileSync(path.join(home, 'eck', 'persona.MD'), '# me');
const roots = { home, packageRoot };

/** An opener that records what the OS was asked to do. */
function recordingOpener(): {
  opened: string[];
  revealed: string[];
  open: (p: string) => Promise<string>;
  reveal: (p: string) => void;
} {
  const opened: string[] = [];
  const revealed: string[] = [];
  return {
    opened,
    revealed,
    open: async (p) => {
      opened.push(p);
      return '';
    },
    reveal: (p) => {
      revealed.push(p);
    },
  };
}

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiFailure) return e.toApiError().code;
    throw e;
  }
  return 'no error';
}

describe('openInEditor', () => {
  it('in serve mode names the file and its file:// URL without opening it', async () => {
    const r = await openInEditor(roots, 'kits/eck_manifest.json', null);
    expect(r).toEqual({
      path: path.join(packageRoot, 'kits', 'eck_manifest.json'),
      url: `file://${path.join(packageRoot, 'kits', 'eck_manifest.json')}`,
      opened: false,
      revealed: false,
      asText: true,
    });
  });

  it('with an opener asks the OS to open a text file at its real path', async () => {
    const os = recordingOpener();
    const r = await openInEditor(roots, 'kits/eck_manifest.json', os);
    expect(r.opened).toBe(true);
    expect(os.opened).toEqual([fs.realpathSync(path.join(packageRoot, 'kits', 'eck_manifest.json'))]);
    expect(os.revealed).toEqual([]);
    // The extension is judged case-blind: persona.MD is markdown.
    expect((await openInEditor(roots, path.join(home, 'eck', 'persona.MD'), os)).opened).toBe(true);
  });

  it('never opens programs, shortcuts, folders or a text-named link to one: it reveals them', async () => {
    const names = [
      'run.desktop',
      'setup.exe',
      'open.lnk',
      'go.command',
      'script.sh',
      'NOTES',
      'Tool.app',
      'notes.md',
    ];
    for (const name of names) {
      const os = recordingOpener();
      const r = await openInEditor(roots, path.join(home, 'eck', name), os);
      expect({ name, opened: r.opened, revealed: r.revealed, asText: r.asText }).toEqual({
        name,
        opened: false,
        revealed: true,
        asText: false,
      });
      expect(os.opened).toEqual([]);
      // notes.md is a link: the file revealed is the one it resolves to.
      const real = fs.realpathSync(path.join(home, 'eck', name === 'notes.md' ? 'run.desktop' : name));
      expect(os.revealed).toEqual([real]);
    }
  });

  it('refuses paths outside the workspace, through .. or a symlink', async () => {
    expect(await failure(openInEditor(roots, path.join(root, 'secret.txt'), null))).toBe('outside-workspace');
    expect(await failure(openInEditor(roots, '../secret.txt', null))).toBe('outside-workspace');
    expect(await failure(openInEditor(roots, path.join(home, 'eck', 'link.txt'), null))).toBe(
      'outside-workspace',
    );
  });

  it('a missing file is not-found; an OS failure is reported', async () => {
    expect(await failure(openInEditor(roots, 'kits/nope.md', null))).toBe('not-found');
    const failing = { open: async () => 'no app', reveal: () => undefined };
    expect(await failure(openInEditor(roots, 'kits/eck_manifest.json', failing))).toBe('internal');
  });
});
