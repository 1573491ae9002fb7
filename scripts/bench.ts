/**
 * `npm run bench`: build, then run every `test/bench/*.bench.ts` in its own process. Each
 * benchmark prints its measurements beside a floor measured in the same run.
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const only = process.argv.slice(2);
spawnSync(process.execPath, ['--import', 'tsx', 'build.ts'], { cwd: ROOT, stdio: 'inherit' });
let failed = 0;
for (const f of readdirSync(join(ROOT, 'test/bench')).filter((n) => n.endsWith('.bench.ts')).sort()) {
  if (only.length > 0 && !only.some((o) => f.includes(o))) continue;
  const r = spawnSync(process.execPath, ['--import', 'tsx', join('test/bench', f)], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
