/**
 * An unsaved override draft survives a reload of the page: while the draft is dirty
 * its text is kept in browser storage, per override file (so per home and manifest file), and
 * never in the home; when that file is opened again in a new page, the draft comes back as an
 * edit of the file as loaded, with a notice. Saving or discarding the draft forgets it.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { AppState } from './app-state';
import { currentDraft, sessionDirty } from './draft-session';

/** The storage prefix of kept drafts. */
export const DRAFT_KEY_PREFIX = 'eck-inspector.draft:';

/** One kept draft. */
export interface KeptDraft {
  readonly home: string;
  readonly manifestFile: string;
  readonly overridePath: string;
  readonly text: string;
  /** Hash of the file the draft was started from (`null`: there was none). */
  readonly baseHash: string | null;
  readonly editedAt: number;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const keyOf = (overridePath: string): string => `${DRAFT_KEY_PREFIX}${overridePath}`;

function parseKept(raw: string | null): KeptDraft | null {
  if (raw === null) return null;
  try {
    const v = JSON.parse(raw) as Partial<KeptDraft>;
    if (
      typeof v.home !== 'string' ||
      typeof v.manifestFile !== 'string' ||
      typeof v.overridePath !== 'string' ||
      typeof v.text !== 'string' ||
      typeof v.editedAt !== 'number'
    )
      return null;
    return { ...(v as KeptDraft), baseHash: typeof v.baseHash === 'string' ? v.baseHash : null };
  } catch {
    return null;
  }
}

/** The kept draft of one override file, if any. */
export function readKept(storage: DraftStorage, overridePath: string): KeptDraft | null {
  try {
    return parseKept(storage.getItem(keyOf(overridePath)));
  } catch {
    return null;
  }
}

/** Every kept draft of one home. */
export function keptOfHome(storage: DraftStorage, home: string): KeptDraft[] {
  const out: KeptDraft[] = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k === null || !k.startsWith(DRAFT_KEY_PREFIX)) continue;
      const kept = parseKept(storage.getItem(k));
      if (kept !== null && kept.home === home) out.push(kept);
    }
  } catch {
    // Storage unavailable: nothing kept.
  }
  return out.sort((a, b) => b.editedAt - a.editedAt);
}

function quietly(run: () => void): void {
  try {
    run();
  } catch {
    // Storage full or refused: the draft is still in the page; only a reload would lose it.
  }
}

/**
 * Keeps the store's draft in `storage` and brings it back after a reload. Returns the
 * unsubscribe function. `now` is a test seam.
 */
export function keepDraftsAcrossReloads(
  store: StoreApi<AppState>,
  storage: DraftStorage | null,
  now: () => number = Date.now,
): () => void {
  if (storage === null) return () => undefined;
  let lastPath: string | null = null;
  let lastWritten: string | null = null;
  let openedHome: string | null = null;
  return store.subscribe((state, prev) => {
    // A page opened on a home with a kept draft: load that file so the draft can come back,
    // even before the Manifest tab is shown.
    const home = state.workspace?.home ?? null;
    if (home !== null && home !== openedHome && state.draft.session === null) {
      openedHome = home;
      const kept = keptOfHome(storage, home)[0];
      if (kept !== undefined) {
        if (kept.manifestFile !== (state.render?.report.manifestFile ?? kept.manifestFile))
          state.draft.pick(kept.manifestFile);
        void state.draft.load(kept.manifestFile);
      }
    }
    const session = state.draft.session;
    if (session === prev.draft.session || session === null) return;
    const path = session.pair.overridePath;
    const fresh = session.history.past.length === 0 && session.history.future.length === 0;
    const opened = path !== lastPath;
    lastPath = path;
    if (opened && fresh && !sessionDirty(session)) {
      // Another file (or home) than the last one shown, with a draft kept for it: bring it back.
      const kept = readKept(storage, path);
      const draftText = currentDraft(session).text ?? null;
      if (kept !== null && kept.text !== draftText) {
        const fileHash = session.pair.override?.hash ?? null;
        state.draft.type(kept.text);
        state.draftKeep.noteRestored({
          overridePath: path,
          manifestFile: session.pair.manifestFile,
          editedAt: kept.editedAt,
          fileChanged: kept.baseHash !== fileHash,
        });
        return;
      }
    }
    if (sessionDirty(session)) {
      const text = currentDraft(session).text ?? '';
      if (text === lastWritten) return;
      lastWritten = text;
      const kept: KeptDraft = {
        home: state.workspace?.home ?? '',
        manifestFile: session.pair.manifestFile,
        overridePath: path,
        text,
        baseHash: session.pair.override?.hash ?? null,
        editedAt: now(),
      };
      quietly(() => storage.setItem(keyOf(path), JSON.stringify(kept)));
    } else {
      lastWritten = null;
      quietly(() => storage.removeItem(keyOf(path)));
      if (state.draftKeep.restored?.overridePath === path) state.draftKeep.dismiss();
    }
  });
}
