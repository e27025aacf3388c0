// Writes `<file>.br` and `<file>.gz` next to a built file, at maximum compression: done once at build
// time, so the relay sends them as they are (and the size tests measure exactly those bytes). The gzip
// copy is written by Zopfli, which finds a smaller deflate stream than zlib's level 9 (~3 % on the
// panel) that every gzip decoder reads; it costs a fraction of a second per file, once, at build time.
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

export async function precompress(file) {
  const body = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, await gzipAsync(body, { numiterations: 15 }));
}
