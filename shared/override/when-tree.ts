/**
 * Edits of an `and` / `or` condition tree for the `when` editor: a clause is addressed by its
 * path of indexes from the root (`[1, 0]`: the first clause of the second clause). Pure: each
 * edit returns a new form, the input is never changed.
 */
import type { WhenForm } from './when-form';

/** A clause's address: indexes into `clauses`, from the root. */
export type ClausePath = readonly number[];

type Compound = Extract<WhenForm, { kind: 'and' | 'or' }>;

const isCompound = (f: WhenForm): f is Compound => f.kind === 'and' || f.kind === 'or';

/** The clause at a path, or undefined when the path leads nowhere. */
export function clauseAt(form: WhenForm, path: ClausePath): WhenForm | undefined {
  let node: WhenForm | undefined = form;
  for (const i of path) node = node !== undefined && isCompound(node) ? node.clauses[i] : undefined;
  return node;
}

/** Replaces the clause at a path (the root for `[]`); a path that leads nowhere changes nothing. */
export function replaceAt(form: WhenForm, path: ClausePath, next: WhenForm): WhenForm {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  if (!isCompound(form)) return form;
  const child = form.clauses[head];
  if (child === undefined) return form;
  const clauses = form.clauses.slice();
  clauses[head] = replaceAt(child, rest, next);
  return { kind: form.kind, clauses };
}

function editList(form: WhenForm, parent: ClausePath, edit: (clauses: WhenForm[]) => WhenForm[]): WhenForm {
  const node = clauseAt(form, parent);
  if (node === undefined || !isCompound(node)) return form;
  return replaceAt(form, parent, { kind: node.kind, clauses: edit(node.clauses.slice()) });
}

/** Appends a clause to the and / or at `parent`. */
export function addClause(form: WhenForm, parent: ClausePath, clause: WhenForm): WhenForm {
  return editList(form, parent, (cs) => [...cs, clause]);
}

/** Removes the clause at a path (the root cannot be removed). */
export function removeClause(form: WhenForm, path: ClausePath): WhenForm {
  const index = path[path.length - 1];
  if (index === undefined) return form;
  return editList(form, path.slice(0, -1), (cs) => cs.filter((_, i) => i !== index));
}

/** Moves the clause at a path one place up (`-1`) or down (`+1`) among its siblings. */
export function moveClause(form: WhenForm, path: ClausePath, delta: -1 | 1): WhenForm {
  const index = path[path.length - 1];
  if (index === undefined) return form;
  return editList(form, path.slice(0, -1), (cs) => {
    const to = index + delta;
    const moved = cs[index];
    if (moved === undefined || to < 0 || to >= cs.length) return cs;
    cs.splice(index, 1);
    cs.splice(to, 0, moved);
    return cs;
  });
}

/** Nests the clause at a path inside a new and / or of which it is the only clause. */
export function nestClause(form: WhenForm, path: ClausePath, kind: 'and' | 'or'): WhenForm {
  const node = clauseAt(form, path);
  if (node === undefined) return form;
  return replaceAt(form, path, { kind, clauses: [node] });
}
