import { describe, expect, it } from 'vitest';
import { createCachingFs } from './caching-fs';
import { createMemoryFs } from '../../shared/base/memory-fs';

describe('caching fs', () => {
  it('reads each file once until it is invalidated', () => {
    const mem = createMemoryFs({ '/k/rules/a.md': 'A' });
    const fs = createCachingFs(mem);
    expect(fs.readText('/k/rules/a.md')).toBe('A');
    mem.write('/k/rules/a.md', 'B');
    expect(fs.readText('/k/rules/a.md')).toBe('A');
    expect(mem.reads.get('/k/rules/a.md')).toBe(1);
    fs.invalidate(['/k/rules/a.md']);
    expect(fs.readText('/k/rules/a.md')).toBe('B');
  });

  it('a new file refreshes its folder listing', () => {
    const mem = createMemoryFs({ '/k/rules/a.md': 'A' });
    const fs = createCachingFs(mem);
    expect(fs.list('/k/rules')).toHaveLength(1);
    mem.write('/k/rules/b.md', 'B');
    fs.invalidate(['/k/rules/b.md']);
    expect(fs.list('/k/rules')).toHaveLength(2);
  });

  it('a changed folder drops everything under it, and errors are cached too', () => {
    const mem = createMemoryFs({ '/k/rules/a.md': 'A' });
    const fs = createCachingFs(mem);
    expect(fs.stat('/k/rules/missing.md')).toMatchObject({ error: 'ENOENT' });
    fs.readText('/k/rules/a.md');
    mem.write('/k/rules/missing.md', 'now');
    expect(fs.stat('/k/rules/missing.md')).toMatchObject({ error: 'ENOENT' });
    fs.invalidate(['/k/rules']);
    expect(fs.stat('/k/rules/missing.md')).toMatchObject({ kind: 'file' });
    expect(fs.size).toBe(1);
  });
});
