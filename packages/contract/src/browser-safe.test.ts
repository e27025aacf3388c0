import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The admin SPA bundles the main entry with Vite for browsers; Node APIs belong in `./node` only.
describe('the main entry', () => {
  it('uses no Node-only module or global', () => {
    const dir = new URL('.', import.meta.url);
    const sources = readdirSync(dir).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'node.ts',
    );
    expect(sources).toContain('index.ts');
    for (const file of sources) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      expect(text, file).not.toMatch(/from '(node:|\.\/node)|\bBuffer\b|\bprocess\./);
    }
  });
});
