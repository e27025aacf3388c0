import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script without types; it is the same check the build runs.
import { LOADER_BUDGET, measure, TOTAL_BUDGET } from '../scripts/report-size.mjs';

const pkg = fileURLToPath(new URL('..', import.meta.url));
const dist = join(pkg, 'dist');

/** Newest modification time under `dir` (sources), to tell whether dist/ is stale. */
function newest(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory()
        ? newest(join(dir, e.name))
        : e.name.includes('.test.')
          ? 0
          : statSync(join(dir, e.name)).mtimeMs,
    ),
  );
}

// The budget is a property of the production build, so the test builds whenever dist/ is missing or
// older than the sources: it can never pass on a stale or absent bundle.
function ensureBuild(): void {
  const built = ['widget.js', 'panel.js'].map((f) => join(dist, f));
  const fresh =
    built.every(existsSync) &&
    Math.min(...built.map((f) => statSync(f).mtimeMs)) >
      Math.max(newest(join(pkg, 'src')), statSync(join(pkg, 'vite.config.ts')).mtimeMs);
  if (fresh) return;
  const vite = join(pkg, 'node_modules/vite/bin/vite.js');
  execFileSync(process.execPath, [vite, 'build'], { cwd: pkg, stdio: 'pipe' });
  execFileSync(process.execPath, [vite, 'build', '--mode', 'panel'], { cwd: pkg, stdio: 'pipe' });
}

describe('widget size budget (production build, gzip)', () => {
  ensureBuild();
  const { files, loader, total } = measure(dist) as {
    files: { name: string; gzip: number }[];
    loader: number;
    total: number;
  };

  it('keeps the loader (widget.js) within 2 KB', () => {
    expect(loader).toBeGreaterThan(500);
    expect(loader).toBeLessThanOrEqual(LOADER_BUDGET);
  });

  it('keeps all of the widget JavaScript within 20 KB', () => {
    expect(files.map((f) => f.name).sort()).toEqual(['panel.js', 'widget.js']);
    expect(total).toBeLessThanOrEqual(TOTAL_BUDGET);
  });
});
