import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
// @ts-expect-error -- plain ESM script without types.
import { precompress } from './scripts/precompress.mjs';

const DIST = join(import.meta.dirname, 'dist');
const PANEL = /^panel\.[0-9a-f]{10}\.js$/;

/**
 * After a successful write: the brotli and gzip copies of every script, which the relay sends as they
 * are. The panel and its parts are already content-named (`panel.<hash>.js`, `<part>.<hash>.js`, hex so
 * the relay serves them with a one-year immutable cache).
 */
function finish(): Plugin {
  return {
    name: 'amicus-finish',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        // The build's last step (esbuild, for the target) leaves tree-shaking annotations behind
        // (`/* @__PURE__ */`, ~70 of them): no use in a finished bundle, and bytes in the budget.
        chunk.code = chunk.code
          .replaceAll('/* @__PURE__ */ ', '')
          .replaceAll('/* @__PURE__ */', '')
          // The CSS minifier keeps some of our CSS as written (`--amicus-bg: #fff`, `16px / 1.5`,
          // `var(--amicus-vt, 0)`, `[data-position="left"]`), spaces and quotes the formatter puts there;
          // these are our own, inlined as strings (`?inline`), and those characters are only bytes.
          .replace(/(--amicus-[a-z-]+): /g, '$1:')
          .replace(/(\d) \/ (\d)/g, '$1/$2')
          .replace(/(var\(--amicus-[a-z-]+), /g, '$1,')
          .replace(/\[data-position="([a-z]+)"\]/g, '[data-position=$1]');
        // The loader's font shorthand (`16px / 1.25`): in the panel the same rewrite costs a byte of gzip
        // (the spaced form repeats there and compresses better), so it is the loader's only.
        if (!PANEL.test(chunk.fileName)) chunk.code = chunk.code.replace(/(\d(?:px|r?em)) \/ (\d)/g, '$1/$2');
        // V8's explicit compile hint: the panel's functions are compiled eagerly, while the module
        // streams in (off the main thread), instead of lazily on first call inside the start-up tasks,
        // each of which was a long task at 4× slowdown. Added after minification, which drops comments.
        if (PANEL.test(chunk.fileName)) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
    async writeBundle(_options, bundle) {
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => name.endsWith('.js'))
          .map((file) => precompress(join(DIST, file))),
      );
    },
  };
}

// Two builds:
// - `widget.js` is a classic IIFE `<script async>` that courts paste into their pages (no `type="module"`),
// - the panel is an ES module the loader inserts as `<script type="module">` (the relay sends
//   `Access-Control-Allow-Origin: *`, which a cross-origin module needs), so that its lazily loaded
//   parts (court dates, feedback) are split into chunks of their own, fetched by `import()` and importing
//   Preact from the panel by its file name. An IIFE build would paste every `import()` into the panel.
// The loader stays free of Preact so it fits in 2 KB; the panel registers itself on a global hook.
// `vite build --mode panel` builds the panel first (and empties dist), so that `vite build` can
// write the panel's content-hashed name into the loader.
export default defineConfig(({ mode }) => {
  const panel = mode === 'panel';
  const built = () => {
    try {
      return readdirSync(DIST);
    } catch {
      return [];
    }
  };
  const panelFile = panel ? undefined : built().find((name) => PANEL.test(name));
  if (!panel && !panelFile) throw new Error('Build the panel first: vite build --mode panel');
  return {
    // Classic `h()` calls instead of the automatic runtime: Preact's own `h` is already in the bundle,
    // the jsx-runtime module would be a second vnode factory.
    esbuild: {
      legalComments: 'none',
      jsx: 'transform',
      jsxFactory: 'h',
      jsxFragment: 'Fragment',
      jsxInject: "import { h, Fragment } from 'preact'",
    },
    plugins: [finish()],
    build: {
      target: 'es2022',
      emptyOutDir: panel,
      sourcemap: false,
      // terser squeezes ~4 % more than esbuild out of the panel: that is the margin under 20 KB.
      minify: 'terser',
      terserOptions: {
        // `unsafe` (String(x) → ""+x, `new` dropped before Error/Array…): equivalent for this code, which
        // stringifies no Symbol and overrides no built-in; ~30 B of the panel's budget. `unsafe_arrows`:
        // arrow functions for function expressions that use no `this` — unsafe only for an expression
        // used as a constructor or read for its `prototype`, which neither our code nor Preact does
        // (their constructors are declarations); ~7 B in the panel, 6 in the loader.
        compress: { passes: 3, ecma: 2020, unsafe: true, unsafe_arrows: true },
        format: { comments: false },
        ecma: 2020,
      },
      rollupOptions: {
        // Lets the parts import Preact from the panel itself (vite's library mode says 'strict', which
        // would move all of the panel's code into a second, shared chunk behind a one-line entry).
        preserveEntrySignatures: 'allow-extension',
        output: { chunkFileNames: '[name].[hash:10].js', hashCharacters: 'hex' },
      },
      reportCompressedSize: false,
      lib: {
        entry: panel ? 'src/panel/index.tsx' : 'src/loader.ts',
        name: panel ? 'AmicusPanel' : 'AmicusLoader',
        formats: [panel ? 'es' : 'iife'],
        fileName: () => (panel ? 'panel.[hash:10].js' : 'widget.js'),
      },
    },
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      ...(panelFile ? { 'import.meta.env.AMICUS_PANEL': JSON.stringify(panelFile) } : {}),
    },
  };
});
