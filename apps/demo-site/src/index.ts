import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export { createDemoSite, type DemoSiteOptions } from './server.js';

/** Absolute path of the demo court site's static pages (the directory to seed or serve). */
export const publicDir: string = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
