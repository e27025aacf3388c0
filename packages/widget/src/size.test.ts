import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script without types; it builds when dist/ is stale.
import { dist, ensureBuild } from '../scripts/ensure-build.mjs';
// @ts-expect-error -- plain ESM script without types; it is the same check the build runs.
import { LOADER_BUDGET, measure, TOTAL_BUDGET } from '../scripts/report-size.mjs';

// On-disk sizes of the production build. What the relay actually sends (the precompressed copies,
// negotiated per request) is measured on the wire in apps/relay/src/widget/widget-delivery.test.ts.
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

  // The lazily loaded parts are not counted here: they come only when shown, and have budgets of their own
  // (src/court/chunk-size.test.ts). Any other file would be a chunk nobody measures.
  it('keeps the loader and the panel within 20 KB', () => {
    expect(files.map((f) => f.name.replace(/\.[0-9a-f]{10}\./, '.<hash>.')).sort()).toEqual([
      'court-card.<hash>.js',
      'feedback.<hash>.js',
      'panel.<hash>.js',
      'widget.js',
    ]);
    expect(total).toBeLessThanOrEqual(TOTAL_BUDGET);
  });
});
