import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes brotli and gzip copies of the hashed assets next to them, once, at build time: the relay
 * sends them as they are to browsers that accept them (apps/relay/src/admin/spa.ts). index.html is
 * left alone: the relay rewrites it per request (a fresh CSP nonce).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'amicus-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle).filter((n) => /\.(js|css|svg)$/.test(n))) {
        const path = join(outDir, name);
        const body = readFileSync(path);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

// The relay serves this build at /admin under `script-src 'self'; style-src 'self'`, so the output must
// contain no inline script or style: the module-preload polyfill (an inline helper in some setups) is
// off, and all CSS is emitted as a file.
export default defineConfig({
  base: '/admin/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  plugins: [precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    assetsInlineLimit: 0,
    sourcemap: false,
  },
});
