import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';

// The lazily loaded parts have budgets of their own, apart from the loader's 2 KB and the panel's 20 KB:
// each is built here as the panel's build splits it off, minified the same way, with Preact and signals
// left to the panel (a split chunk imports them from it), and measured gzipped.

const pkg = fileURLToPath(new URL('../..', import.meta.url));
export const PART_BUDGETS = {
  'src/court/court-card.tsx': 6 * 1024,
  'src/feedback/feedback.tsx': 2 * 1024,
};

async function gzipSize(entry: string): Promise<number> {
  const out = (await build({
    configFile: false,
    root: pkg,
    logLevel: 'silent',
    esbuild: {
      legalComments: 'none',
      jsx: 'transform',
      jsxFactory: 'h',
      jsxFragment: 'Fragment',
      jsxInject: "import { h, Fragment } from 'preact'",
    },
    build: {
      write: false,
      target: 'es2022',
      minify: 'terser',
      terserOptions: { compress: { passes: 3, ecma: 2020 }, format: { comments: false }, ecma: 2020 },
      lib: { entry: entry, formats: ['es'], fileName: 'part' },
      rollupOptions: { external: [/^preact(\/|$)/, /^@preact\//] },
    },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  })) as Rollup.RollupOutput[];
  const chunks = out.flatMap((o) => o.output).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  return chunks.reduce((sum, c) => sum + gzipSync(c.code, { level: 9 }).length, 0);
}

describe('lazily loaded part budgets (minified, gzip)', () => {
  for (const [entry, budget] of Object.entries(PART_BUDGETS)) {
    it(`keeps ${entry} within ${budget / 1024} KB`, async () => {
      const size = await gzipSize(entry);
      expect(size).toBeGreaterThan(500);
      expect(size).toBeLessThanOrEqual(budget);
    }, 60_000);
  }
});
