import { listAccounts } from '../accounts/accounts.js';
import type { Db } from '../db/database.js';

/** A mistake the operator can fix; printed without a stack trace, exit code 1. */
export class CliError extends Error {
  override name = 'CliError';
}

export interface CliContext {
  db: Db;
  dataDir: string;
  now: Date;
  json: boolean;
  /** Prints `value` as JSON with --json, else the human text. */
  print(value: unknown, text: string): void;
}

/** The --account value, or the only account of the data directory when there is exactly one. */
export function accountOrOnly(ctx: CliContext, given: string | undefined): string {
  if (given !== undefined) return given;
  const accounts = listAccounts(ctx.db);
  if (accounts.length === 1) return accounts[0]!.id;
  throw new CliError(
    accounts.length === 0
      ? 'No account yet: run `init` first.'
      : 'Several accounts exist: pass --account ID.',
  );
}

export function required(value: string | undefined, flag: string): string {
  if (value === undefined || value === '') throw new CliError(`Missing --${flag}.`);
  return value;
}

export function parseList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function parsePositiveInt(value: string, flag: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new CliError(`--${flag} must be a positive integer.`);
  return Number(value);
}

/** `now`, `never` or an ISO 8601 instant. */
export function parseInstant(value: string, now: Date, flag: string): Date | null {
  if (value === 'never') return null;
  if (value === 'now') return now;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new CliError(`--${flag} must be an ISO 8601 date, "now" or "never".`);
  return new Date(ms);
}
