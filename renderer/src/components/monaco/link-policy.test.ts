/**
 * Monaco opens no link: the opener the policy registers takes every URI Monaco
 * would open (https from a hover, `command:`, `file:`) and reports it handled, so Monaco's own
 * openers (window.open, the command service) never see it; and editors detect no links.
 */
import type * as Monaco from 'monaco-editor';
import { describe, expect, it } from 'vitest';
import { NO_LINK_OPTIONS, refuseLinkOpening } from './link-policy';

describe('refuseLinkOpening', () => {
  it('registers one opener that swallows every link', async () => {
    const openers: Monaco.editor.ILinkOpener[] = [];
    refuseLinkOpening({
      editor: {
        registerLinkOpener: (opener) => {
          openers.push(opener);
          return { dispose: () => undefined };
        },
      },
    });
    expect(openers).toHaveLength(1);
    const uris = ['https://evil.example/x', 'command:workbench.action.terminal.new', 'file:///etc/passwd'];
    for (const uri of uris) {
      expect(await openers[0]?.open({ toString: () => uri } as Monaco.Uri)).toBe(true);
    }
  });

  it('turns link detection off', () => {
    expect(NO_LINK_OPTIONS.links).toBe(false);
  });
});
