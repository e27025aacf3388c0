import {
  ALLOWED_EXTENSIONS,
  type FilenameProblem,
  filenameProblem,
  isAllowedExtension,
  MAX_FILENAME_BYTES,
} from '@amicus/contract';
import type { FileRejectionCode } from '@amicus/protocol/admin';

// The contract's upload rules on a file's name, checked on each part's headers before any byte is
// forwarded. The rules are @amicus/contract's; the wording staff read is the relay's.

function filenameReason(problem: FilenameProblem, shown: string): string {
  switch (problem) {
    case 'empty':
      return 'The file has no name.';
    case 'too_long':
      return `${shown} is longer than ${MAX_FILENAME_BYTES} bytes.`;
    case 'path_separator':
      return `${shown} contains a slash or backslash.`;
    case 'unprintable':
      return `${shown} contains control or non-printable characters.`;
  }
}

export function checkFilename(filename: string): { code: FileRejectionCode; reason: string } | null {
  const shown = JSON.stringify(filename);
  const problem = filenameProblem(filename);
  if (problem) return { code: 'bad_filename', reason: filenameReason(problem, shown) };
  const dot = filename.lastIndexOf('.');
  const extension = dot >= 0 ? filename.slice(dot).toLowerCase() : '';
  if (!isAllowedExtension(extension)) {
    return {
      code: 'extension_not_allowed',
      reason: `${shown} is not an allowed type (${ALLOWED_EXTENSIONS.join(', ')}).`,
    };
  }
  return null;
}

/** Upstream names a bad file as `file[i]`; map that back to our per-file rejection. */
export function upstreamFileIndex(param: string | null): number | null {
  const match = /^file\[(\d+)\]$/.exec(param ?? '');
  return match ? Number(match[1]) : null;
}
