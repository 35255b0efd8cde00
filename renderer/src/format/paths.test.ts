import { describe, expect, it } from 'vitest';
import { tildePath } from './paths';

describe('tildePath', () => {
  it('writes the user folder as ~ and leaves every other path alone', () => {
    expect(tildePath('/home/ana/.evolcore', '/home/ana')).toBe('~/.evolcore');
    expect(tildePath('/home/ana', '/home/ana/')).toBe('~');
    expect(tildePath('C:\\Users\\ana\\.evolcore', 'C:\\Users\\ana')).toBe('~\\.evolcore');
    // A sibling whose name starts the same is not inside it.
    expect(tildePath('/home/anabel/.evolcore', '/home/ana')).toBe('/home/anabel/.evolcore');
    expect(tildePath('/tmp/x', '/home/ana')).toBe('/tmp/x');
    // A root "home" (some containers) would turn every path into ~: left as it is.
    expect(tildePath('/etc/x', '/')).toBe('/etc/x');
  });
});
