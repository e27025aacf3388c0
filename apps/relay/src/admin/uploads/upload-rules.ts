/** The contract's upload rules, checked on each part's headers before any byte is forwarded. */
export const ALLOWED_EXTENSIONS = ['.csv', '.docx', '.eml', '.htm', '.html', '.md', '.pdf', '.txt', '.xlsx'];
export const NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export type FileRejectionCode =
  | 'extension_not_allowed'
  | 'bad_filename'
  | 'file_too_large'
  | 'empty_file'
  | 'too_many_files'
  | 'rejected_upstream';

export interface FileRejection {
  index: number;
  filename: string;
  code: FileRejectionCode;
  reason: string;
}

// Control characters (C0, DEL, C1) and the other invisible or layout code points the contract calls
// non-printable: format characters, separators other than a plain space, unassigned and surrogates.
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/u;

export function checkFilename(filename: string): { code: FileRejectionCode; reason: string } | null {
  const shown = JSON.stringify(filename);
  if (filename.trim() === '') return { code: 'bad_filename', reason: 'The file has no name.' };
  if (Buffer.byteLength(filename, 'utf8') > 255) {
    return { code: 'bad_filename', reason: `${shown} is longer than 255 bytes.` };
  }
  if (/[/\\]/.test(filename))
    return { code: 'bad_filename', reason: `${shown} contains a slash or backslash.` };
  if (NON_PRINTABLE.test(filename)) {
    return { code: 'bad_filename', reason: `${shown} contains control or non-printable characters.` };
  }
  const dot = filename.lastIndexOf('.');
  const extension = dot >= 0 ? filename.slice(dot).toLowerCase() : '';
  if (!ALLOWED_EXTENSIONS.includes(extension)) {
    return {
      code: 'extension_not_allowed',
      reason: `${shown} is not an allowed type (${ALLOWED_EXTENSIONS.join(', ')}).`,
    };
  }
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KiB`;
  return `${bytes} bytes`;
}

/** Upstream names a bad file as `file[i]`; map that back to our per-file rejection. */
export function upstreamFileIndex(param: string | null): number | null {
  const match = /^file\[(\d+)\]$/.exec(param ?? '');
  return match ? Number(match[1]) : null;
}
