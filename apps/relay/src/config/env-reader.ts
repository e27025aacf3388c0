/**
 * Reads typed values from an environment map and collects every problem, so a bad deployment fails
 * once with the whole list instead of one variable per restart.
 */
export class EnvReader {
  readonly problems: string[] = [];

  constructor(private readonly env: Record<string, string | undefined>) {}

  raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  int(name: string, fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      this.problems.push(`${name} must be an integer from ${min} to ${max} (got "${value}").`);
      return fallback;
    }
    return Number(value);
  }

  number(name: string, fallback: number, { min = 0, max = Number.MAX_VALUE } = {}): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
      this.problems.push(`${name} must be a number from ${min} to ${max} (got "${value}").`);
      return fallback;
    }
    return parsed;
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (['1', 'true', 'on', 'yes'].includes(value)) return true;
    if (['0', 'false', 'off', 'no'].includes(value)) return false;
    this.problems.push(`${name} must be true or false (got "${value}").`);
    return fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}").`);
    return fallback;
  }

  /** An absolute http(s) URL; trailing slashes are dropped so paths can be appended. */
  url(name: string, value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString().replace(/\/+$/, '');
    } catch {
      // fall through to the problem below
    }
    this.problems.push(`${name} must be an absolute http(s) URL (got "${value}").`);
    return undefined;
  }

  /** Comma-separated origins, each reduced to scheme://host[:port] and checked. */
  origins(name: string, fallback: string): string[] {
    const origins: string[] = [];
    for (const item of this.string(name, fallback).split(',')) {
      const value = item.trim();
      if (value === '') continue;
      if (value.includes('*')) {
        // Origins are compared exactly; a pattern would match nothing (or, honoured, any subdomain).
        this.problems.push(`${name} does not take wildcards; list each origin instead (got "${value}").`);
        continue;
      }
      try {
        const url = new URL(value);
        if (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          url.origin === value.replace(/\/$/, '')
        ) {
          origins.push(url.origin);
          continue;
        }
      } catch {
        // fall through
      }
      this.problems.push(`${name} entries must be origins like https://court.example.gov (got "${value}").`);
    }
    if (origins.length === 0) this.problems.push(`${name} must list at least one origin.`);
    return origins;
  }
}
