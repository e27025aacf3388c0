import type { WireBilingual, WireHelpContacts } from '@amicus/protocol/admin';
import { isRecord } from '../conversations/untrusted.js';
import type { SqlClient } from '../storage/sql.js';
import { invalid } from './admin-error.js';
import { hasControlCharacters } from './text-input.js';

/**
 * "Who can help": the contact and the legal-referral contacts the assistant names when it cannot
 * answer or is asked for legal advice. Staff enter them as fields, in English and Spanish; the relay
 * renders one phrase per language and sends it to the upstream as conversation metadata
 * (`help_contact`, `help_contact_es`, `legal_referral`, `legal_referral_es`), an extension of ours that
 * the provider ignores. Unset, nothing is sent and the upstream uses its own general wording.
 */

export type HelpMetadata = Partial<
  Record<'help_contact' | 'help_contact_es' | 'legal_referral' | 'legal_referral_es', string>
>;

// Sized so the longest phrase stays within the contract's 512 characters per metadata value:
// 120 + 40 + 120 + 200 + 3 separators of 2 = 486; 250 + " or " + 250 = 504.
const MAX = { name: 120, phone: 40, hours: 120, url: 200, referral: 250 } as const;
const METADATA_MAX = 512;

export const EMPTY_HELP: WireHelpContacts = {
  contact: { name: { en: '', es: '' }, phone: '', url: '', hours: { en: '', es: '' } },
  referral: { self_help: { en: '', es: '' }, lawyer_referral: { en: '', es: '' } },
};

function only(value: Record<string, unknown>, keys: readonly string[], path: string): void {
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) {
      const param = (path ? `${path}.${key}` : key).slice(0, 200);
      throw invalid(`${param} is not a known field.`, param);
    }
  }
}

function object(value: unknown, path: string, keys: readonly string[]): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw invalid(`${path} must be an object.`, path);
  only(value, keys, path);
  return value;
}

/** One single-line text field: trimmed, at most `max` characters, no control characters. */
function text(value: unknown, path: string, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalid(`${path} must be a string.`, path);
  if (hasControlCharacters(value)) {
    throw invalid(`${path} must be one line without control characters.`, path);
  }
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (trimmed.length > max) throw invalid(`${path} must be at most ${max} characters.`, path);
  // The widget reads "[Source 2]" as a citation marker: in a contact it would point at a wrong source.
  if (/\[\s*(source|fuente)\s*\d/i.test(trimmed)) {
    throw invalid(`${path} must not contain a [Source N] marker.`, path);
  }
  return trimmed;
}

function bilingual(value: unknown, path: string, max: number): WireBilingual {
  const v = object(value, path, ['en', 'es']);
  return { en: text(v.en, `${path}.en`, max), es: text(v.es, `${path}.es`, max) };
}

function phone(value: unknown, path: string): string {
  const v = text(value, path, MAX.phone);
  // Digits, letters (ext., vanity numbers), and the punctuation phone numbers are written with.
  if (v !== '' && (!/\d/.test(v) || !/^[\p{L}\p{N} +()\-./,:#*]+$/u.test(v))) {
    throw invalid(`${path} must be a phone number, such as (555) 010-0100.`, path);
  }
  return v;
}

function webUrl(value: unknown, path: string): string {
  const v = text(value, path, MAX.url);
  if (v === '') return v;
  let url: URL | null = null;
  try {
    url = /\s/.test(v) ? null : new URL(v);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    throw invalid(`${path} must be a web address starting with https://.`, path);
  }
  return v;
}

/** Validates a `PUT /settings/help` body; a 400 names the first field at fault. */
export function parseHelpContacts(body: unknown): WireHelpContacts {
  if (!isRecord(body)) throw invalid('The body must be an object with contact and referral.', null);
  only(body, ['contact', 'referral'], '');
  const c = object(body.contact, 'contact', ['name', 'phone', 'url', 'hours']);
  const r = object(body.referral, 'referral', ['self_help', 'lawyer_referral']);
  const help: WireHelpContacts = {
    contact: {
      name: bilingual(c.name, 'contact.name', MAX.name),
      phone: phone(c.phone, 'contact.phone'),
      url: webUrl(c.url, 'contact.url'),
      hours: bilingual(c.hours, 'contact.hours', MAX.hours),
    },
    referral: {
      self_help: bilingual(r.self_help, 'referral.self_help', MAX.referral),
      lawyer_referral: bilingual(r.lawyer_referral, 'referral.lawyer_referral', MAX.referral),
    },
  };
  const { name, phone: tel, url, hours } = help.contact;
  // "For help, contact (555) 010-0100, Monday to Friday." reads as a fragment: a name comes first.
  if (name.en === '' && (tel || url || hours.en || hours.es || name.es)) {
    throw invalid('contact.name.en is needed when any other contact field is set.', 'contact.name.en');
  }
  return help;
}

/** Spanish "o" becomes "u" before a word starting with the sound o ("o hospital" → "u hospital"). */
function orEs(next: string): string {
  return /^h?o/i.test(next) ? ' u ' : ' o ';
}

/** The phrases the assistant inserts ("For help, contact {help_contact}."), one per language. */
export function helpMetadata(help: WireHelpContacts): HelpMetadata {
  const { name, phone, url, hours } = help.contact;
  const out: HelpMetadata = {};
  const contact = (lang: keyof WireBilingual) =>
    [name[lang] || name.en, phone, hours[lang] || hours.en, url].filter(Boolean).join(', ');
  if (name.en) {
    out.help_contact = contact('en');
    out.help_contact_es = contact('es');
  }
  const { self_help: selfHelp, lawyer_referral: lawyer } = help.referral;
  const en = [selfHelp.en, lawyer.en].filter(Boolean);
  if (en.length > 0) out.legal_referral = en.join(' or ');
  const es = [selfHelp.es || selfHelp.en, lawyer.es || lawyer.en].filter(Boolean);
  if (es.length === 2) out.legal_referral_es = `${es[0]}${orEs(es[1] ?? '')}${es[1]}`;
  else if (es.length === 1) out.legal_referral_es = es[0] ?? '';
  for (const value of Object.values(out)) {
    // The field limits make this unreachable; the contract refuses longer values outright.
    if (value.length > METADATA_MAX) throw new Error('help phrase over the metadata limit');
  }
  return out;
}

export interface StoredHelp {
  help: WireHelpContacts;
  updatedAt: string | null;
  updatedBy: string | null;
}

interface HelpRow {
  contacts: unknown;
  updated_at: Date | string;
  updated_by: string | null;
}

/** The stored contacts, re-validated on the way out so a hand-edited row cannot reach visitors unchecked. */
export async function readHelpContacts(sql: SqlClient): Promise<StoredHelp> {
  const [row] = await sql.query<HelpRow>(
    'SELECT contacts, updated_at, updated_by FROM admin_help_contacts WHERE id = 1',
  );
  if (!row) return { help: EMPTY_HELP, updatedAt: null, updatedBy: null };
  const raw = typeof row.contacts === 'string' ? (JSON.parse(row.contacts) as unknown) : row.contacts;
  return {
    help: parseHelpContacts(raw),
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  };
}

export async function writeHelpContacts(
  sql: SqlClient,
  help: WireHelpContacts,
  by: string,
  now: Date,
): Promise<void> {
  await sql.query(
    `INSERT INTO admin_help_contacts (id, contacts, updated_at, updated_by) VALUES (1, $1::jsonb, $2, $3)
     ON CONFLICT (id) DO UPDATE SET contacts = EXCLUDED.contacts, updated_at = EXCLUDED.updated_at,
       updated_by = EXCLUDED.updated_by`,
    [JSON.stringify(help), now.toISOString(), by],
  );
}

/** The metadata a new visitor conversation carries: read on every creation, so a change applies at once. */
export async function conversationHelpMetadata(sql: SqlClient): Promise<HelpMetadata> {
  return helpMetadata((await readHelpContacts(sql)).help);
}
