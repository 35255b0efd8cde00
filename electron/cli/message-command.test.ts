import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCaptured } from './test-support/run-captured';

let root: string;
const write = (rel: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-message-'));
  write(
    'pkg/kits/eck_message_manifest.json',
    JSON.stringify({
      sections: [
        { id: 'one', type: 'file', file: '$KITS/one.md', order: 10, needsInjection: true, when: 'always' },
        {
          id: 'wrap',
          type: 'file',
          file: '$KITS/wrap.md',
          order: 1,
          needsInjection: true,
          when: 'always',
          loop: { forEach: 'items', childFile: '$KITS/one.md' },
        },
      ],
    }),
  );
  write('pkg/kits/one.md', '[{{peerName}}] {{content}}\n');
  write('pkg/kits/wrap.md', '剩余 {{remainingInQueue}}\n\n{{@loop}}');
  write(
    'vars.json',
    JSON.stringify({
      remainingInQueue: 2,
      items: [
        { peerName: 'A', content: 'x {{y}}' },
        { peerName: 'B', content: 'z' },
      ],
    }),
  );
  fs.mkdirSync(path.join(root, 'home'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const run = runCaptured;
const scenario = (): string[] => [
  '--package-root',
  path.join(root, 'pkg'),
  '--home',
  path.join(root, 'home'),
  '--vars',
  path.join(root, 'vars.json'),
];

describe('eck message', () => {
  it("prints the batch body: each message through the manifest, wrapped, joined by the loop's default blank line", async () => {
    const r = await run('message', ...scenario());
    expect(r).toEqual({ code: 0, out: '剩余 2\n\n[A] x {{y}}\n\n[B] z', err: '' });
  });

  it('--json gives the body with the sections each message used', async () => {
    const r = await run('message', ...scenario(), '--json');
    expect(JSON.parse(r.out)).toMatchObject({
      wrapper: 'wrap',
      items: [{ sections: ['one'] }, { sections: ['one'] }],
      error: null,
    });
  });

  it('a batch that is not a list of messages is a usage error naming where it came from', async () => {
    write('bad-items.json', '{"a": 1}');
    const r = await run('message', ...scenario(), '--items', path.join(root, 'bad-items.json'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('bad-items.json');
  });
});
