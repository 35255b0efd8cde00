/**
 * The total gate (clarifications §7): sections that would load are admitted in merged order
 * while both totals stay within their limits; the first that does not fit, and every later
 * one that would load, become `over-total`.
 */
import type { OverTotal } from './types';
import type { SectionPlan } from './plan';

/** Applies the gate to the plans (mutating their status); returns each cut section's reason. */
export function applyTotalGate(
  plans: readonly SectionPlan[],
  maxFiles: number,
  maxBytes: number,
): Map<SectionPlan, OverTotal> {
  const cut = new Map<SectionPlan, OverTotal>();
  let files = 0;
  let bytes = 0;
  let tripped: OverTotal['limit'] | null = null;
  for (const plan of plans) {
    if (plan.status !== 'ok' && plan.status !== 'over-total') continue;
    const ownFiles = plan.files.length;
    const ownBytes = plan.files.reduce((n, f) => n + f.size, 0);
    const overFiles = files + ownFiles > maxFiles;
    const overBytes = bytes + ownBytes > maxBytes;
    if (tripped || overFiles || overBytes) {
      const limit: OverTotal['limit'] =
        overFiles && overBytes
          ? 'both'
          : overFiles
            ? 'files'
            : overBytes
              ? 'bytes'
              : (tripped as OverTotal['limit']);
      tripped ??= limit;
      plan.status = 'over-total';
      cut.set(plan, {
        limit,
        filesBefore: files,
        bytesBefore: bytes,
        files: ownFiles,
        bytes: ownBytes,
        afterCut: !overFiles && !overBytes,
      });
      continue;
    }
    plan.status = 'ok';
    files += ownFiles;
    bytes += ownBytes;
  }
  return cut;
}
