import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { EnvReader } from '../config/env-reader.js';

export interface CourtDatesConfig {
  /** Server root of the Messaging and Scheduling API (the token is at `{serverUrl}/oauth/token`). */
  serverUrl: string;
  clientId: string;
  clientSecret: string;
  /** Anchored, case-insensitive; matched against the trimmed, upper-cased case number. */
  caseNumberPattern: RegExp;
  /** The pattern's source, unanchored, for finding a case number inside a question. */
  caseNumberSource: string;
  /** Event types answered exactly like "not found", lower-cased. */
  confidentialTypes: string[];
  /** undefined: the provider's agency name (`GET /settings`). */
  courtName: string | undefined;
  clerk: {
    name: string | undefined;
    phone: string | null;
    email: string | null;
    url: string | null;
    hours: string | null;
  };
  privacyUrl: string | null;
  /** Keyed hashes of case numbers, destinations and IPs (HMAC-SHA-256). */
  hashKey: Buffer;
  /** AES-256-GCM key of destinations at rest. */
  encryptionKey: Buffer;
  limits: {
    lookupsPerMinute: number;
    lookupsPerDay: number;
    lookupsPerSitePerDay: number;
    codesPerDestinationPerHour: number;
  };
}

export interface WarrantsConfig {
  /** The agency's own published warrant-search page. */
  publicUrl: string | null;
  safeSurrender: { url: string | null; phone: string | null } | null;
  publicDefender: { url: string | null; phone: string | null };
}

export const DEFAULT_CASE_NUMBER_PATTERN = '[A-Z]{2}-\\d{4}-[A-Z]{2}-\\d{6}';

interface Files {
  readFile: (path: string) => string | undefined;
  writeFile: (path: string, data: string) => void;
}

/** `SCHEDULING_*`: undefined (court dates off) unless server URL, client id and secret are all set. */
export function readCourtDatesConfig(
  r: EnvReader,
  dataDir: string,
  files: Files,
  sharedDeployment: boolean,
): CourtDatesConfig | undefined {
  const serverUrl = r.raw('SCHEDULING_SERVER_URL');
  const clientId = r.raw('SCHEDULING_CLIENT_ID');
  const clientSecret = r.raw('SCHEDULING_CLIENT_SECRET');
  const given = [serverUrl, clientId, clientSecret].filter((v) => v !== undefined).length;
  if (given === 0) return undefined;
  if (given < 3) {
    r.problems.push(
      'SCHEDULING_SERVER_URL, SCHEDULING_CLIENT_ID and SCHEDULING_CLIENT_SECRET go together (set all three, or none).',
    );
    return undefined;
  }
  const source = r.string('SCHEDULING_CASE_NUMBER_PATTERN', DEFAULT_CASE_NUMBER_PATTERN);
  let caseNumberSource = source;
  try {
    new RegExp(source);
  } catch {
    r.problems.push('SCHEDULING_CASE_NUMBER_PATTERN is not a valid regular expression.');
    caseNumberSource = DEFAULT_CASE_NUMBER_PATTERN;
  }
  const caseNumberPattern = new RegExp(`^(?:${caseNumberSource})$`, 'i');
  const confidentialTypes = r
    .string('SCHEDULING_CONFIDENTIAL_TYPES', 'Juvenile,Family,Sealed')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== '');
  return {
    serverUrl: r.url('SCHEDULING_SERVER_URL', serverUrl) ?? '',
    clientId: clientId ?? '',
    clientSecret: clientSecret ?? '',
    caseNumberPattern,
    caseNumberSource,
    confidentialTypes,
    courtName: r.raw('SCHEDULING_COURT_NAME'),
    clerk: {
      name: r.raw('SCHEDULING_CLERK_NAME'),
      phone: r.raw('SCHEDULING_CLERK_PHONE') ?? null,
      email: r.raw('SCHEDULING_CLERK_EMAIL') ?? null,
      url: r.url('SCHEDULING_CLERK_URL', r.raw('SCHEDULING_CLERK_URL')) ?? null,
      hours: r.raw('SCHEDULING_CLERK_HOURS') ?? null,
    },
    privacyUrl: r.url('SCHEDULING_PRIVACY_URL', r.raw('SCHEDULING_PRIVACY_URL')) ?? null,
    hashKey: readKey(r, 'SCHEDULING_HASH_KEY', join(dataDir, 'scheduling-hash-key'), files, sharedDeployment),
    encryptionKey: readKey(
      r,
      'SCHEDULING_ENCRYPTION_KEY',
      join(dataDir, 'scheduling-encryption-key'),
      files,
      sharedDeployment,
    ),
    limits: {
      lookupsPerMinute: r.int('LIMIT_LOOKUPS_PER_MINUTE', 5, { min: 1 }),
      lookupsPerDay: r.int('LIMIT_LOOKUPS_PER_DAY', 20, { min: 1 }),
      lookupsPerSitePerDay: r.int('LIMIT_LOOKUPS_PER_SITE_PER_DAY', 2000, { min: 1 }),
      codesPerDestinationPerHour: r.int('LIMIT_CODES_PER_DESTINATION_PER_HOUR', 3, { min: 1 }),
    },
  };
}

export function readWarrantsConfig(r: EnvReader): WarrantsConfig {
  const url = (name: string) => r.url(name, r.raw(name)) ?? null;
  const surrenderUrl = url('WARRANTS_SAFE_SURRENDER_URL');
  const surrenderPhone = r.raw('WARRANTS_SAFE_SURRENDER_PHONE') ?? null;
  return {
    publicUrl: url('WARRANTS_PUBLIC_URL'),
    safeSurrender: surrenderUrl || surrenderPhone ? { url: surrenderUrl, phone: surrenderPhone } : null,
    publicDefender: { url: url('PUBLIC_DEFENDER_URL'), phone: r.raw('PUBLIC_DEFENDER_PHONE') ?? null },
  };
}

/** A 32-byte key: base64 or hex from the environment, else generated once into the data dir (like SESSION_SECRET). */
function readKey(r: EnvReader, name: string, file: string, files: Files, sharedDeployment: boolean): Buffer {
  const value = r.raw(name);
  if (value !== undefined) {
    const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
    // Only the length is reported: the value is a secret.
    if (key.length !== 32) r.problems.push(`${name} must be 32 bytes, as 64 hex digits or base64.`);
    return key;
  }
  if (sharedDeployment) {
    // Instances each inventing a key could not read each other's rows.
    r.problems.push(`${name} must be set when DATABASE_URL or REDIS_URL is (instances share the data).`);
    return randomBytes(32);
  }
  const stored = files.readFile(file)?.trim();
  if (stored && Buffer.from(stored, 'base64').length === 32) return Buffer.from(stored, 'base64');
  const key = randomBytes(32);
  files.writeFile(file, `${key.toString('base64')}\n`);
  return key;
}
