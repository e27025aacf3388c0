import { filenameProblem, MAX_FILE_BYTES } from '@amicus/contract';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { HttpError } from '../http/http-error.js';
import type { SpooledFile } from './multipart.js';
import { type Extension, extensionOf, SUPPORTED_EXTENSIONS, TEXT_EXTENSIONS } from './parsers/index.js';

/** The file-type detector names of the binary formats we accept. */
const BINARY_SIGNATURES: Partial<Record<Extension, string>> = {
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.xlsx': 'xlsx',
};

/**
 * Checks one spooled file against the upload rules, in the order the contract lists them; throws a
 * 400 naming `file[i]` at the first failure. Returns the file's extension.
 */
export async function validateFile(file: SpooledFile): Promise<Extension> {
  const param = `file[${file.index}]`;
  const name = file.filename;
  const problem = filenameProblem(name);
  if (problem === 'empty') {
    throw new HttpError(400, `File ${file.index} has no filename.`, { param });
  }
  if (problem === 'too_long') {
    throw new HttpError(400, `The filename of file ${file.index} is longer than 255 bytes.`, { param });
  }
  if (problem !== null || name === '.' || name === '..') {
    throw new HttpError(
      400,
      `The filename of file ${file.index} contains a path separator or a non-printable character.`,
      { param },
    );
  }
  const ext = extensionOf(name);
  if (!ext) {
    throw new HttpError(
      400,
      `File ${file.index} has a type that is not allowed. Allowed extensions: ${SUPPORTED_EXTENSIONS.join(' ')}.`,
      { param },
    );
  }
  if (file.bytes === 0) throw new HttpError(400, `File ${file.index} is empty.`, { param });
  if (file.oversize || file.bytes > MAX_FILE_BYTES) {
    throw new HttpError(400, `File ${file.index} is larger than ${MAX_FILE_BYTES} bytes.`, { param });
  }
  const expected = BINARY_SIGNATURES[ext];
  if (expected) {
    const detected = await fileTypeFromFile(file.path).catch(() => undefined);
    if (detected?.ext !== expected) {
      throw new HttpError(400, `The content of file ${file.index} does not match its ${ext} extension.`, {
        param,
      });
    }
    return ext;
  }
  if (TEXT_EXTENSIONS.has(ext)) {
    if (!file.utf8) throw new HttpError(400, `File ${file.index} is not valid UTF-8 text.`, { param });
    // A binary format renamed to a text extension (a PDF saved as .txt) is a mismatch even when its
    // bytes happen to be valid UTF-8.
    const sniffed = await fileTypeFromBuffer(file.head).catch(() => undefined);
    const binary = sniffed !== undefined && !TEXTUAL_SIGNATURES.has(sniffed.ext);
    if (binary || file.hasNul || (ext === '.eml' && !looksLikeEmail(file.head))) {
      throw new HttpError(400, `The content of file ${file.index} does not match its ${ext} extension.`, {
        param,
      });
    }
  }
  return ext;
}

const TEXTUAL_SIGNATURES = new Set(['xml', 'svg', 'html', 'ics', 'vtt', 'srt']);

/** An RFC 5322 message starts with a header field (`Name: value`). */
function looksLikeEmail(head: Buffer): boolean {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/^\s+/, '');
  return /^[!-9;-~]+:/.test(text);
}
