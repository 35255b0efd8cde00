import { describe, expect, it } from 'vitest';
import type { KeyValueStorage, RememberedProject } from './claude-project-memory';
import { MAX_REMEMBERED, recallProject, rememberProject } from './claude-project-memory';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const project = (cwd: string): RememberedProject => ({
  cwd,
  home: '/home/u',
  managedDir: '/etc/claude-code',
  target: 'src/a.ts',
  settingSources: { user: true, project: false, local: true },
  approveExternalIncludes: false,
});

describe('claude project memory', () => {
  it('gives back the project each workspace showed last', () => {
    const storage = memoryStorage();
    rememberProject(storage, '/homes/a', project('/p/a'));
    rememberProject(storage, '/homes/b', project('/p/b'));
    rememberProject(storage, '/homes/a', project('/p/a2'));
    expect(recallProject(storage, '/homes/a')?.cwd).toBe('/p/a2');
    expect(recallProject(storage, '/homes/b')).toEqual(project('/p/b'));
    expect(recallProject(storage, '/homes/c')).toBeNull();
  });

  it('forgets the oldest workspace past the limit', () => {
    const storage = memoryStorage();
    for (let i = 0; i <= MAX_REMEMBERED; i += 1) rememberProject(storage, `/h${i}`, project(`/p${i}`));
    expect(recallProject(storage, '/h0')).toBeNull();
    expect(recallProject(storage, `/h${MAX_REMEMBERED}`)?.cwd).toBe(`/p${MAX_REMEMBERED}`);
  });

  it('ignores what it did not write: broken JSON, wrong shapes, a NUL in a path', () => {
    const storage = memoryStorage();
    for (const raw of [
      '{',
      '{"a":1}',
      '[{"key":"/h","project":{"cwd":1}}]',
      JSON.stringify([{ key: '/h', project: { ...project('/p\0x') } }]),
    ]) {
      storage.data.set('eck-inspector.claude-projects', raw);
      expect(recallProject(storage, '/h')).toBeNull();
    }
    expect(recallProject(null, '/h')).toBeNull();
  });
});
