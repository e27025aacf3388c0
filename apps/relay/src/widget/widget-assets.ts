import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface WidgetFile {
  name: string;
  body: Buffer;
  etag: string;
  /** Subresource Integrity value, `sha384-…`. */
  integrity: string;
}

export interface WidgetBundle {
  /** Package version plus a content hash: a new build gets a new versioned URL. */
  version: string;
  files: Map<string, WidgetFile>;
}

const FILE_NAME = /^[A-Za-z0-9._-]+\.(js|css|map)$/;

/** The built widget's `dist/` directory, found through the workspace package. */
export function widgetDistDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@amicus/widget/package.json')), 'dist');
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
    const body = readFileSync(join(distDir, name));
    all.update(name).update(body);
    files.set(name, {
      name,
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
      integrity: `sha384-${createHash('sha384').update(body).digest('base64')}`,
    });
  }
  const pkg = JSON.parse(readFileSync(join(distDir, '..', 'package.json'), 'utf8')) as { version?: string };
  return { version: `${pkg.version ?? '0.0.0'}-${all.digest('hex').slice(0, 10)}`, files };
}
