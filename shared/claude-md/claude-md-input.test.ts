import { describe, expect, it } from 'vitest';
import { resolveClaudeMdInput } from './claude-md-input';

describe('resolveClaudeMdInput', () => {
  it('normalises typed paths, Windows separators included, and resolves the rest from cwd', () => {
    const r = resolveClaudeMdInput({
      cwd: 'C:\\Users\\me\\..\\proj\\',
      home: 'C:\\Users\\me',
      target: 'src\\a.ts',
      additionalDirectories: ['..\\lib'],
    });
    expect(r.cwd).toBe('C:/Users/proj');
    expect(r.home).toBe('C:/Users/me');
    expect(r.target).toBe('C:/Users/proj/src/a.ts');
    expect(r.additionalDirectories).toEqual(['C:/Users/lib']);
    expect(r.managedDir).toBe('/etc/claude-code');
  });
});
