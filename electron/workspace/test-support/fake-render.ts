/**
 * A stand-in for the engine in service tests: concatenates the kit's rules so a test can see
 * that a changed file reaches the next render, and counts its calls.
 */
import { stubReport } from '../../../shared/engine/__fixtures__/stub-report';
import type { EngineFs, RenderInput, RenderReport } from '../../../shared/engine';

export { stubReport };

/** A render function that joins `$KITS/rules/*` and records its inputs. */
export function createFakeRender(): {
  render: (input: RenderInput, fs: EngineFs) => RenderReport;
  readonly inputs: RenderInput[];
} {
  const inputs: RenderInput[] = [];
  return {
    inputs,
    render(input, fs) {
      inputs.push(input);
      const base = fs.readText(`${input.packageRoot}/kits/eck_manifest.json`);
      if (typeof base !== 'string') {
        return stubReport('', {
          rendered: false,
          diagnostics: [
            {
              level: 'error',
              code: 'base-missing',
              message: 'base manifest missing',
              file: `${input.packageRoot}/kits/eck_manifest.json`,
            },
          ],
        });
      }
      const dir = `${input.packageRoot}/kits/rules`;
      const entries = fs.list(dir);
      const parts = Array.isArray(entries)
        ? entries.map((e) => {
            const text = fs.readText(`${dir}/${e.name}`);
            return typeof text === 'string' ? text : '';
          })
        : [];
      return stubReport(parts.join('\n'));
    },
  };
}
