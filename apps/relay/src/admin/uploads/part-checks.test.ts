import { describe, expect, it } from 'vitest';
import { PartChecks } from './part-checks.js';

const limits = { maxFiles: 2, maxFileBytes: 1024 };

describe('PartChecks', () => {
  it('takes a valid namespace sent before the files and admits well-named files in form order', () => {
    let refused = 0;
    const checks = new PartChecks(limits, () => refused++);
    checks.field('namespace', 'court-forms', false);
    expect([checks.file('a.pdf'), checks.file('b.txt')]).toEqual([0, 1]);
    expect(checks).toMatchObject({ namespace: 'court-forms', files: ['a.pdf', 'b.txt'], clean: true });
    expect(checks.verdict()).toBeNull();
    expect(refused).toBe(0);
  });

  it('refuses every bad part with its own reason, reports them in form order and signals each refusal', () => {
    let refused = 0;
    const checks = new PartChecks(limits, () => refused++);
    expect(checks.file('a.exe')).toBeNull();
    expect(checks.file('b.txt')).toBe(1);
    expect(checks.file('c.txt')).toBeNull();
    checks.empty(1, 'b.txt');
    expect(checks.clean).toBe(false);
    expect(refused).toBe(3);
    expect(checks.verdict()).toMatchObject({
      kind: 'rejected',
      rejections: [
        { index: 0, code: 'extension_not_allowed' },
        { index: 1, code: 'empty_file' },
        { index: 2, code: 'too_many_files' },
      ],
    });
  });

  it('lets a form-level problem win over file rejections', () => {
    const checks = new PartChecks(limits, () => {});
    checks.file('a.exe');
    checks.field('namespace', 'late', false);
    expect(checks.verdict()).toMatchObject({
      kind: 'error',
      error: { code: 'invalid_request', param: 'namespace' },
    });
  });
});
