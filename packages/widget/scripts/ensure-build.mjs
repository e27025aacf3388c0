// Builds the widget when dist/ is missing or older than its sources, so a size check can never pass
// on a stale or absent bundle. Tests in two packages call it (the on-disk size test and the relay's
// served-bytes test), possibly at once: a lock directory makes the second wait for the first build.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('..', import.meta.url));
export const dist = join(pkg, 'dist');

/** Newest modification time under `dir`, tests excluded. */
function newest(dir) {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory()
        ? newest(join(dir, e.name))
        : e.name.includes('.test.')
          ? 0
          : statSync(join(dir, e.name)).mtimeMs,
    ),
  );
}

function fresh() {
  const built = existsSync(dist)
    ? readdirSync(dist).filter((n) => /^(widget|panel\.[0-9a-f]+)\.js$/.test(n))
    : [];
  if (built.length !== 2 || !built.every((n) => existsSync(join(dist, `${n}.br`)))) return false;
  const sources = Math.max(
    newest(join(pkg, 'src')),
    newest(join(pkg, 'scripts')),
    statSync(join(pkg, 'vite.config.ts')).mtimeMs,
  );
  return Math.min(...built.map((n) => statSync(join(dist, n)).mtimeMs)) > sources;
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

export function ensureBuild() {
  if (fresh()) return;
  const lock = join(pkg, '.build-lock');
  const until = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > until) throw new Error(`${lock} held for 3 minutes: remove it if no build is running`);
      sleep(200);
    }
  }
  try {
    if (fresh()) return;
    const vite = join(pkg, 'node_modules/vite/bin/vite.js');
    // The panel first: the loader is built with the panel's content-hashed name in it.
    execFileSync(process.execPath, [vite, 'build', '--mode', 'panel'], { cwd: pkg, stdio: 'pipe' });
    execFileSync(process.execPath, [vite, 'build'], { cwd: pkg, stdio: 'pipe' });
  } finally {
    rmdirSync(lock);
  }
}
