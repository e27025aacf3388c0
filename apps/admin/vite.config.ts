import { defineConfig } from 'vite';

// The relay serves this build at /admin under `script-src 'self'; style-src 'self'`, so the output must
// contain no inline script or style: the module-preload polyfill (an inline helper in some setups) is
// off, and all CSS is emitted as a file.
export default defineConfig({
  base: '/admin/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    assetsInlineLimit: 0,
    sourcemap: false,
  },
});
