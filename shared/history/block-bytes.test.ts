import { describe, expect, it } from 'vitest';
import { fixtureReport } from '../debug-files/test-fixtures/report';
import { utf8Length } from '../base/utf8';
import { blockBytesByLabel } from './block-bytes';

const bytes = utf8Length;

describe('blockBytesByLabel', () => {
  it("counts each section's blocks, header included, up to the separator, a note or the end", () => {
    const context = [
      '<system-reminder>',
      'EvolCore Context Kit documents are shown below.',
      '',
      'Contenu de $KITS_RULES/a.md (rules — 核心规则):',
      '',
      '规则一',
      '',
      'Contenu de $KITS_RULES/b.md (rules — 核心规则):',
      '',
      'b',
      '',
      '[注意] 目录 $KITS_RULES 未完整加载：1 个文件未加载（达文件数上限 2 个）。',
      '',
      'Contenu de $KITS/x.md (规则):',
      '',
      'x (rules — 核心规则):',
      '',
      'IMPORTANT: Use this context when it affects the current interaction.',
      '</system-reminder>',
    ].join('\n');
    const out = blockBytesByLabel(context, ['rules — 核心规则', '规则', 'absent']);
    expect(out.get('rules — 核心规则')).toBe(
      bytes('Contenu de $KITS_RULES/a.md (rules — 核心规则):\n\n规则一') +
        bytes('Contenu de $KITS_RULES/b.md (rules — 核心规则):\n\nb'),
    );
    expect(out.get('规则')).toBe(bytes('Contenu de $KITS/x.md (规则):\n\nx (rules — 核心规则):'));
    expect(out.has('absent')).toBe(false);
  });

  it('finds the blocks of the fixture by their labels', () => {
    const out = blockBytesByLabel(fixtureReport().context, ['rules — 核心规则', 'identity-layer — 身份层']);
    expect(out.get('identity-layer — 身份层')).toBe(
      bytes('Contenu de $KITS_FRAGMENTS/identity.md (identity-layer — 身份层):\n\n你是 Nova，对端是 Alice。'),
    );
    expect(out.get('rules — 核心规则')).toBeGreaterThan(0);
  });
});
