/**
 * The archive's retention as the History's control edits it (ARCHITECTURE.md, "The archive"):
 * the days typed or "keep all", checked before they are sent, and the numbers shown beside it.
 * Pure, so the control's rules are tested without a DOM.
 */
import {
  DEFAULT_ARCHIVE_KEEP_DAYS,
  MAX_ARCHIVE_KEEP_DAYS,
  type ArchiveSettingsShape,
} from '../../../../shared/api/methods/archive';

/** What the control holds while the user edits it. */
export interface KeepInput {
  /** The days as typed. */
  readonly days: string;
  /** "Keep all" ticked: the days are kept for when it is unticked, not sent. */
  readonly all: boolean;
}

/** The control's first state, from the settings stored. */
export function keepInputOf(settings: ArchiveSettingsShape): KeepInput {
  return {
    days: String(settings.keepDays ?? DEFAULT_ARCHIVE_KEEP_DAYS),
    all: settings.keepDays === null,
  };
}

/** The retention to store (`null`: keep every snapshot), or `invalid` with nothing sent. */
export function parseKeep(input: KeepInput): { readonly keepDays: number | null } | 'invalid' {
  if (input.all) return { keepDays: null };
  const text = input.days.trim();
  // Whole days only: "1.5", "1e3" or "-3" are refused, not rounded into something else.
  if (!/^\d+$/.test(text)) return 'invalid';
  const days = Number(text);
  return days >= 1 && days <= MAX_ARCHIVE_KEEP_DAYS ? { keepDays: days } : 'invalid';
}

/** The settings with a new retention, the rest (archiving on or off) as stored. */
export function withKeep(settings: ArchiveSettingsShape, keepDays: number | null): ArchiveSettingsShape {
  return { ...settings, keepDays };
}
