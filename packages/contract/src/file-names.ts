import { MAX_FILENAME_BYTES } from './limits.js';

// The upload rules on a file's name and type (shared/spec/chatbot-api.md, "Upload rules"). Content
// checks (signature matches the extension, valid UTF-8, not empty) need the bytes and stay server-side.

export const ALLOWED_EXTENSIONS = [
  '.csv',
  '.docx',
  '.eml',
  '.htm',
  '.html',
  '.md',
  '.pdf',
  '.txt',
  '.xlsx',
] as const;

export type AllowedExtension = (typeof ALLOWED_EXTENSIONS)[number];

export function isAllowedExtension(extension: string): extension is AllowedExtension {
  return (ALLOWED_EXTENSIONS as readonly string[]).includes(extension);
}

// Control characters (C0, DEL, C1) and what the contract calls "non-printable": format characters
// (zero-width, bidi overrides), line/paragraph separators, private use, unassigned and lone surrogates.
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/u;

/** True when the text holds a control or other non-printable character. */
export function hasUnprintableCharacters(text: string): boolean {
  return UNPRINTABLE.test(text);
}

/** Length in UTF-8 bytes, as the filename limit counts it (works in browsers and Node). */
export function utf8ByteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

export type FilenameProblem = 'empty' | 'too_long' | 'path_separator' | 'unprintable';

/**
 * The first rule a filename breaks, in the contract's order, or null. The extension is checked
 * separately (`isAllowedExtension`), because callers read it from the name in different ways.
 */
export function filenameProblem(name: string): FilenameProblem | null {
  if (name.trim() === '') return 'empty';
  if (utf8ByteLength(name) > MAX_FILENAME_BYTES) return 'too_long';
  if (name.includes('/') || name.includes('\\')) return 'path_separator';
  if (hasUnprintableCharacters(name)) return 'unprintable';
  return null;
}
