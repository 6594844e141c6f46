/**
 * `npm run lint:deps`: the layer rules of `.dependency-cruiser.cjs` (issue 22) over the repository.
 *
 * dependency-cruiser's CLI refuses to start on Node 20 (its engines say ^22); its API runs there, so this
 * calls the API. On Node 22 the same check is
 * `npx depcruise --config .dependency-cruiser.cjs packages apps e2e bench scripts tools`.
 */
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

export const SCANNED = ['packages', 'apps', 'e2e', 'bench', 'scripts', 'tools'];
const CONFIG = fileURLToPath(new URL('../.dependency-cruiser.cjs', import.meta.url));

/** cruises `paths` (relative to `baseDir`) with the project's rules; `{ output, exitCode }` as the CLI gives */
export async function checkLayers(paths = SCANNED, baseDir = process.cwd(), outputType = 'err') {
  const options = await extractDepcruiseOptions(CONFIG);
  return cruise(paths, { ...options, baseDir, outputType });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { output, exitCode } = await checkLayers();
  process.stdout.write(output);
  process.exitCode = exitCode;
}
