/**
 * An EngineFs that shows real folders under other absolute paths. The demo history is
 * rendered as if the kit lived in `/opt/evolcore` and the home in `/home/demo/.evolcore`, so
 * the recorded vars hold realistic, machine-independent paths (and replaying them exercises
 * re-rooting, as a colleague's snapshots would).
 */
import type { EngineFs } from '../../shared/engine';
import { isPathWithin } from '../../shared/base/posix-path';

/** Maps each virtual prefix to a real folder (longest prefix first). */
export function createVirtualRootFs(inner: EngineFs, roots: Readonly<Record<string, string>>): EngineFs {
  const entries = Object.entries(roots).sort((a, b) => b[0].length - a[0].length);
  const real = (p: string): string => {
    for (const [virtual, target] of entries)
      if (isPathWithin(p, virtual)) return target + p.slice(virtual.length);
    return p;
  };
  return {
    stat: (p) => inner.stat(real(p)),
    readText: (p) => inner.readText(real(p)),
    list: (p) => inner.list(real(p)),
  };
}
