import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { CODINGS, type Coding } from './encoding.js';

/** One representation of a file: its bytes as sent, and an ETag of its own (RFC 9110 §8.8.3). */
export interface Encoded {
  body: Buffer;
  etag: string;
}

export interface WidgetFile {
  name: string;
  body: Buffer;
  etag: string;
  /** Subresource Integrity value, `sha384-…` (of the decoded bytes, which is what SRI checks). */
  integrity: string;
  /** Brotli and gzip copies, as written at build time. */
  encoded: Map<Coding, Encoded>;
  /** Content-hashed name (`panel.<hash>.js`): its bytes never change, so it is cached for a year. */
  immutable: boolean;
}

export interface WidgetBundle {
  /** Package version plus a content hash: a new build gets a new versioned URL. */
  version: string;
  files: Map<string, WidgetFile>;
}

const FILE_NAME = /^[A-Za-z0-9._-]+\.(js|css|map)$/;
const HASHED = /\.[0-9a-f]{8,}\.(js|css)$/;

const etagOf = (body: Buffer, tag = '') =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}${tag}"`;

/** The built widget's `dist/` directory, found through the workspace package. */
export function widgetDistDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@amicus/widget/package.json')), 'dist');
}

/**
 * The precompressed copies of `path` (`.br`, `.gz`). The widget's build writes them; when one is
 * missing (a hand-made dist, an older build) it is made here once, so the relay never sends the
 * widget uncompressed to a browser that asked otherwise.
 */
export function loadEncodings(path: string, body: Buffer): Map<Coding, Encoded> {
  const encoded = new Map<Coding, Encoded>();
  for (const { coding, suffix } of CODINGS) {
    const copy = existsSync(path + suffix)
      ? readFileSync(path + suffix)
      : coding === 'br'
        ? brotliCompressSync(body)
        : gzipSync(body, { level: 9 });
    encoded.set(coding, { body: copy, etag: etagOf(body, `-${coding}`) });
  }
  return encoded;
}

/** Reads the built files once into memory: they are small, and every court page asks for them. */
export function loadWidgetBundle(distDir: string): WidgetBundle | null {
  let names: string[];
  try {
    names = readdirSync(distDir).filter((n) => FILE_NAME.test(n) && !n.endsWith('.map'));
  } catch {
    return null;
  }
  if (!names.includes('widget.js')) return null;
  const files = new Map<string, WidgetFile>();
  const all = createHash('sha256');
  for (const name of names.sort()) {
    const path = join(distDir, name);
    const body = readFileSync(path);
    all.update(name).update(body);
    files.set(name, {
      name,
      body,
      etag: etagOf(body),
      integrity: `sha384-${createHash('sha384').update(body).digest('base64')}`,
      encoded: loadEncodings(path, body),
      immutable: HASHED.test(name),
    });
  }
  const pkg = JSON.parse(readFileSync(join(distDir, '..', 'package.json'), 'utf8')) as { version?: string };
  return { version: `${pkg.version ?? '0.0.0'}-${all.digest('hex').slice(0, 10)}`, files };
}
