/**
 * The notice that an unsaved override draft was brought back after a reload of the page.
 * Nested under `draftKeep`; the keeping itself is draft-keep.ts.
 */
import type { SliceCreator } from './app-state';

/** A draft brought back from browser storage. */
export interface RestoredDraft {
  readonly overridePath: string;
  readonly manifestFile: string;
  /** When it was last edited (ms since the epoch). */
  readonly editedAt: number;
  /** The file on disk changed since the draft was started from it. */
  readonly fileChanged: boolean;
}

/** State and actions. */
export interface DraftKeep {
  readonly restored: RestoredDraft | null;
  noteRestored(restored: RestoredDraft): void;
  dismiss(): void;
}

/** The slice. */
export interface DraftKeepSlice {
  readonly draftKeep: DraftKeep;
}

/** Creates the slice (no API calls). */
export const createDraftKeepSlice: SliceCreator<DraftKeepSlice> = () => (setApp) => {
  const set = (restored: RestoredDraft | null): void =>
    setApp((s) => ({ draftKeep: { ...s.draftKeep, restored } }));
  return {
    draftKeep: {
      restored: null,
      noteRestored: (restored) => set(restored),
      dismiss: () => set(null),
    },
  };
};
