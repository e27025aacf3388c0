import { extensionOf } from './file-rules.js';

// The contract rejects files whose content does not match their extension and text files that are not
// UTF-8. Checking the first bytes here tells staff before they wait for an upload, with the same reason.

const TEXT_EXTENSIONS = new Set(['.csv', '.htm', '.html', '.md', '.txt']);
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/** Checks the content of a file that already passed the name and size rules. */
export function contentError(name: string, bytes: Uint8Array): string | null {
  const ext = extensionOf(name);
  if (ext === '.pdf' && !startsWith(bytes, PDF_MAGIC)) {
    return 'This file is named .pdf but is not a PDF document. Export it again as PDF.';
  }
  if ((ext === '.docx' || ext === '.xlsx') && !startsWith(bytes, ZIP_MAGIC)) {
    const kind = ext === '.docx' ? 'Word (.docx)' : 'Excel (.xlsx)';
    return `This file is not a ${kind} document. Save it again in that format.`;
  }
  if (TEXT_EXTENSIONS.has(ext)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return 'This text file is not UTF-8 encoded. Save it again as UTF-8.';
    }
  }
  return null;
}

/** Reads what `contentError` needs: the whole file for text (UTF-8 check), the head otherwise. */
export async function checkFileContent(file: File): Promise<string | null> {
  const ext = extensionOf(file.name);
  const slice = TEXT_EXTENSIONS.has(ext) ? file : file.slice(0, 8);
  const bytes = new Uint8Array(await slice.arrayBuffer());
  return contentError(file.name, bytes);
}
