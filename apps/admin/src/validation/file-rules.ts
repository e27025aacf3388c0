import {
  ALLOWED_EXTENSIONS,
  formatBytes,
  hasUnprintableCharacters,
  isAllowedExtension,
  MAX_FILE_BYTES,
  MAX_FILENAME_BYTES,
  MAX_FILES_PER_UPLOAD,
  utf8ByteLength,
} from '@amicus/contract';

/** The parts of a browser `File` the rules look at; a plain object in tests. */
export interface FileLike {
  name: string;
  size: number;
}

export interface FileVerdict<F extends FileLike = FileLike> {
  file: F;
  /** Null when the file may be uploaded; otherwise a sentence a non-engineer can act on. */
  reason: string | null;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

/** Checks one file's name and size against the contract; the batch count is checked separately. */
export function fileError(file: FileLike): string | null {
  const { name, size } = file;
  if (name.trim() === '') return 'The file has no name.';
  if (name.includes('/') || name.includes('\\'))
    return 'The file name contains "/" or "\\". Rename the file.';
  if (hasUnprintableCharacters(name))
    return 'The file name contains invisible or control characters. Rename the file.';
  if (utf8ByteLength(name) > MAX_FILENAME_BYTES) {
    return `The file name is longer than ${MAX_FILENAME_BYTES} bytes. Shorten it.`;
  }
  const ext = extensionOf(name);
  if (!isAllowedExtension(ext)) {
    const shown = ext === '' ? 'no extension' : `"${ext}"`;
    return `This type (${shown}) cannot be added. Allowed: ${ALLOWED_EXTENSIONS.join(' ')}.`;
  }
  if (size === 0) return 'The file is empty.';
  if (size > MAX_FILE_BYTES) {
    return `The file is ${formatBytes(size)}; the limit is ${formatBytes(MAX_FILE_BYTES)} per file.`;
  }
  return null;
}

/**
 * Applies every per-file rule, then the per-upload count: the first valid files up to the limit are
 * kept, so staff can send the rest in a second batch instead of losing the whole selection.
 */
export function checkFiles<F extends FileLike>(files: readonly F[]): FileVerdict<F>[] {
  let accepted = 0;
  return files.map((file) => {
    const reason = fileError(file);
    if (reason !== null) return { file, reason };
    if (accepted >= MAX_FILES_PER_UPLOAD) {
      return {
        file,
        reason: `At most ${MAX_FILES_PER_UPLOAD} files per upload. Add this one in a next upload.`,
      };
    }
    accepted += 1;
    return { file, reason: null };
  });
}
