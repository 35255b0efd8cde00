/**
 * Each var's effect, from the last render: which sections' conditions, paths or templates read
 * it ("each field's effect shown"). A path var also counts for the vars it derives
 * from, so `selfAid` lists the sections under `$PERSONAL_DIR`.
 */
import type { SectionReport, SectionStatus } from '../../../../shared/engine';

/** How a section reads a var. */
export type EffectKind = 'when' | 'path' | 'template';

/** One section that reads a var. */
export interface VarEffect {
  readonly section: string;
  readonly status: SectionStatus;
  readonly kinds: readonly EffectKind[];
}

/** Path vars each path var needs (docs/engine.md §1): following these, a token's real inputs. */
const PATH_PARENTS: Readonly<Record<string, readonly string[]>> = {
  KITS: ['PACKAGE_ROOT'],
  KITS_RULES: ['KITS'],
  KITS_DOCS: ['KITS'],
  KITS_TEMPLATES: ['KITS'],
  KITS_FRAGMENTS: ['KITS_TEMPLATES'],
  ECK: ['EVOLCORE_HOME'],
  AGENT_DIR: ['EVOLCORE_HOME', 'selfAid'],
  PERSONAL_DIR: ['AGENT_DIR'],
  RELATIONS_DIR: ['AGENT_DIR'],
  VENUES_DIR: ['AGENT_DIR'],
};

/** The var itself and every var it derives from. */
function withInputs(name: string): string[] {
  const out = [name];
  for (let i = 0; i < out.length; i++) {
    for (const parent of PATH_PARENTS[out[i] as string] ?? []) if (!out.includes(parent)) out.push(parent);
  }
  return out;
}

/** Vars a section path reads: `$NAME` tokens (with their inputs) and `{{key}}` tokens. */
export function pathVarsOf(rawPath: string | null): string[] {
  if (rawPath === null) return [];
  const names: string[] = [];
  for (const m of rawPath.matchAll(/\$([A-Z][A-Z0-9_]*)|\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g)) {
    const found = m[1] !== undefined ? withInputs(m[1]) : [m[2] as string];
    for (const n of found) if (!names.includes(n)) names.push(n);
  }
  return names;
}

/** Every var's readers, in merged section order. */
export function varEffects(sections: readonly SectionReport[]): ReadonlyMap<string, readonly VarEffect[]> {
  const byVar = new Map<string, VarEffect[]>();
  for (const s of sections) {
    const kinds = new Map<string, EffectKind[]>();
    const add = (name: string, kind: EffectKind): void => {
      const list = kinds.get(name) ?? [];
      if (!list.includes(kind)) list.push(kind);
      kinds.set(name, list);
    };
    for (const n of s.whenVars) add(n, 'when');
    for (const n of [...pathVarsOf(s.rawPath), ...pathVarsOf(s.rawChildPath)]) add(n, 'path');
    for (const n of s.templateVars) add(n, 'template');
    for (const [name, k] of kinds) {
      const list = byVar.get(name) ?? [];
      list.push({ section: s.id, status: s.status, kinds: k });
      byVar.set(name, list);
    }
  }
  return byVar;
}

/**
 * `true` when two lists name the same sections with the same statuses and kinds. Each render
 * brings new section objects, but a keystroke rarely changes who reads a var: the form's fields
 * compare their effects with this and skip re-rendering when nothing they show changed.
 */
export function sameEffects(a: readonly VarEffect[], b: readonly VarEffect[]): boolean {
  return (
    a === b ||
    (a.length === b.length &&
      a.every((e, i) => {
        const o = b[i] as VarEffect;
        return (
          e.section === o.section &&
          e.status === o.status &&
          e.kinds.length === o.kinds.length &&
          e.kinds.every((k, j) => k === o.kinds[j])
        );
      }))
  );
}
