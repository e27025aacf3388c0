import { defineConfig } from 'vite';

// Two independent IIFE bundles instead of one ES build with code-split chunks:
// - `widget.js` is a classic `<script async>` that courts paste into their pages (no `type="module"`),
// - `panel.js` is fetched by the loader through a plain `<script>` element. A module `import()` would
//   be cross-origin and need CORS headers from the relay; a classic script needs only `script-src`.
// The loader stays free of Preact so it fits in 2 KB; the panel registers itself on a global hook.
// `vite build` builds the loader (and empties dist); `vite build --mode panel` adds the panel.
export default defineConfig(({ mode }) => {
  const panel = mode === 'panel';
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
    build: {
      target: 'es2022',
      emptyOutDir: !panel,
      sourcemap: false,
      // terser squeezes ~4 % more than esbuild out of the panel: that is the margin under 20 KB.
      minify: 'terser',
      terserOptions: {
        compress: { passes: 3, ecma: 2020 },
        format: { comments: false },
        ecma: 2020,
      },
      reportCompressedSize: false,
      lib: {
        entry: panel ? 'src/panel/index.tsx' : 'src/loader.ts',
        name: panel ? 'AmicusPanel' : 'AmicusLoader',
        formats: ['iife'],
        fileName: () => (panel ? 'panel.js' : 'widget.js'),
      },
    },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  };
});
