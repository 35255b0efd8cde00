/**
 * The render modes of a message manifest (evolclaw's message-renderer.ts): sections carry a
 * `modeType` (the message item type: private, group, inject, …) and a `modeName`; for each type
 * the mode in use is the agent config's `render` (the `renderModes` var) when it names one, else
 * the first section marked `isDefault` (`defaultModeNames`). The renderer then sets
 * `renderMode_<type>`, which the sections' `when` compares with.
 */
import type { Json, MergedSection, Vars } from '../engine';
import { activeModes, defaultModeNames } from '../engine';

/** One section that offers a mode. */
export interface ModeSection {
  readonly id: string;
  readonly modeName: string | null;
  readonly isDefault: boolean;
}

/** One message item type and the mode it would render with. */
export interface ModeTypeRow {
  readonly type: string;
  readonly sections: readonly ModeSection[];
  /** The first `isDefault` mode of the type, if any. */
  readonly defaultMode: string | null;
  /** `renderModes[type]` when it is a non-empty string. */
  readonly configured: string | null;
  /** The mode in use: configured, else the default; null when neither exists. */
  readonly active: string | null;
  readonly source: 'config' | 'default' | 'none';
  /** The active mode names no section of the type: its messages fall back to the raw text. */
  readonly activeUnmatched: boolean;
}

/** A mode name as shown: a string as is, another JSON value (evolcore keeps it) as JSON text. */
const modeText = (v: Json | undefined): string | null =>
  v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v);

/** The mode types of a manifest's sections, in the order they first appear. */
export function renderModeRows(sections: readonly MergedSection[], vars: Vars): ModeTypeRow[] {
  const defaults = defaultModeNames(sections);
  const modeOf = activeModes(sections, vars);
  const byType = new Map<string, ModeSection[]>();
  for (const s of sections) {
    const type = s.raw.modeType;
    if (typeof type !== 'string' || type === '') continue;
    const list = byType.get(type) ?? [];
    list.push({
      id: s.id,
      modeName: modeText(s.raw.modeName),
      isDefault: s.raw.isDefault === true,
    });
    byType.set(type, list);
  }
  return [...byType].map(([type, list]) => {
    const defaultMode = modeText(defaults[type]);
    const { configured } = modeOf(type);
    const active = configured ?? defaultMode;
    return {
      type,
      sections: list,
      defaultMode,
      configured,
      active,
      source: configured !== null ? 'config' : defaultMode !== null ? 'default' : 'none',
      activeUnmatched: active !== null && !list.some((m) => m.modeName === active),
    };
  });
}
