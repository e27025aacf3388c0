import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.js';

describe('formatBytes', () => {
  it('writes bytes below 1 KiB as a whole number of bytes', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
  });

  it('writes KiB and MiB with one decimal at most, none when it is .0', () => {
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(64 * 1024)).toBe('64 KiB');
    expect(formatBytes(26_214_400)).toBe('25 MiB');
    expect(formatBytes(26_214_401)).toBe('25 MiB');
    expect(formatBytes(3.25 * 1024 * 1024)).toBe('3.3 MiB');
  });
});
