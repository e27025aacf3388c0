// Prints the gzip size of every script in dist/ and fails the build when a budget is exceeded: the size
// of its precompressed gzip copy, the bytes the relay sends a browser that asks for gzip (brotli's are
// smaller still). The same function backs src/size.test.ts, so the budget is checked on the production build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOADER_BUDGET = 2 * 1024;
export const TOTAL_BUDGET = 20 * 1024;

export function measure(dist = fileURLToPath(new URL('../dist/', import.meta.url))) {
  const files = readdirSync(dist)
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const sent = join(dist, `${name}.gz`);
      if (!existsSync(sent)) throw new Error(`No ${name}.gz in ${dist}: run the build again.`);
      return { name, raw: readFileSync(join(dist, name)).length, gzip: readFileSync(sent).length };
    });
  const loader = files.find((f) => f.name === 'widget.js');
  if (!loader) throw new Error(`No widget.js in ${dist}: run the build first.`);
  // Loader and panel: what every visitor who opens the chat downloads. The lazily loaded parts
  // (court-card.<hash>.js, feedback.<hash>.js) come only when shown, and have budgets of their own
  // (src/court/chunk-size.test.ts).
  const total = files
    .filter((f) => f.name === 'widget.js' || /^panel\.[0-9a-f]{10}\.js$/.test(f.name))
    .reduce((sum, f) => sum + f.gzip, 0);
  return { files, loader: loader.gzip, total };
}

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, loader, total } = measure();
  for (const f of files)
    console.log(`${f.name.padEnd(26)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip`);
  const all = files.reduce((sum, f) => sum + f.gzip, 0);
  console.log(
    `loader ${kb(loader)} / ${kb(LOADER_BUDGET)}   loader + panel ${kb(total)} / ${kb(TOTAL_BUDGET)} (gzip)`,
  );
  // The lazily loaded parts are checked against budgets of their own (src/court/chunk-size.test.ts).
  console.log(`all scripts ${kb(all)} (gzip), the lazily loaded parts included`);
  const over = [loader > LOADER_BUDGET && 'loader', total > TOTAL_BUDGET && 'total'].filter(Boolean);
  if (over.length) {
    console.error(`Widget size budget exceeded: ${over.join(', ')}`);
    process.exit(1);
  }
}
