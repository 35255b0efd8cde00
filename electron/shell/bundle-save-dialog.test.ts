import { describe, expect, it } from 'vitest';
import type { BundleSaveDialogOptions } from './bundle-save-dialog';
import { bundleSaveTarget } from './bundle-save-dialog';

describe('the desktop save dialog of Export bundle', () => {
  it('suggests the bundle’s name, speaks the OS language, and gives the picked path', async () => {
    const asked: BundleSaveDialogOptions[] = [];
    const choose = bundleSaveTarget(
      async (o) => {
        asked.push(o);
        return { canceled: false, filePath: '/tmp/picked.json' };
      },
      () => 'zh-CN',
    );
    expect(await choose('/settings/bundles/snapshot-k.json')).toBe('/tmp/picked.json');
    expect(asked[0]).toMatchObject({
      title: '导出包',
      defaultPath: '/settings/bundles/snapshot-k.json',
      filters: [{ extensions: ['json'] }],
    });
  });

  it('a cancelled dialog (or one without a path) chooses nothing', async () => {
    const cancelled = bundleSaveTarget(
      async () => ({ canceled: true }),
      () => 'en-US',
    );
    expect(await cancelled('/b.json')).toBeNull();
    const empty = bundleSaveTarget(
      async () => ({ canceled: false, filePath: '' }),
      () => 'en-US',
    );
    expect(await empty('/b.json')).toBeNull();
  });
});
