import { DEFAULT_NAMESPACE, formatBytes, isNamespace, NAMESPACE_MESSAGE } from '@amicus/contract';
import type { FileRejectionCode, WireFileRejection } from '@amicus/protocol/admin';
import { type AdminError, invalid } from '../admin-error.js';
import { checkFilename } from './upload-rules.js';
import type { UploadLimits } from './upload-stream.js';

/**
 * Checks each part of an upload form as it arrives, without touching the upstream: the namespace
 * field, then every file's place, name, size and emptiness. It keeps every reason a part was refused
 * (staff see them all at once) and calls `onRefused` at each, so forwarding can stop at the first.
 */
export class PartChecks {
  namespace: string = DEFAULT_NAMESPACE;
  /** Every file part's name, in form order (refused ones too). */
  readonly files: string[] = [];
  private readonly rejections: WireFileRejection[] = [];
  /** A problem with the form itself rather than one file (it wins over file rejections). */
  private fatal: AdminError | null = null;

  constructor(
    private readonly limits: UploadLimits,
    private readonly onRefused: () => void,
  ) {}

  /** No part has been refused so far: what was read may still go upstream. */
  get clean(): boolean {
    return this.fatal === null && this.rejections.length === 0;
  }

  field(name: string, value: string, truncated: boolean): void {
    if (name !== 'namespace') return;
    if (this.files.length > 0) this.fail(invalid('Send the namespace field before the files.', 'namespace'));
    else if (truncated || !isNamespace(value)) {
      this.fail(invalid(NAMESPACE_MESSAGE, 'namespace'));
    } else this.namespace = value;
  }

  /** Registers a file part from its headers; its index when it may be read, null when refused already. */
  file(filename: string): number | null {
    const index = this.files.length;
    this.files.push(filename);
    if (index >= this.limits.maxFiles) {
      this.reject(index, filename, 'too_many_files', `At most ${this.limits.maxFiles} files per upload.`);
      return null;
    }
    const bad = checkFilename(filename);
    if (bad) {
      this.reject(index, filename, bad.code, bad.reason);
      return null;
    }
    return index;
  }

  tooLarge(index: number, filename: string): void {
    this.reject(
      index,
      filename,
      'file_too_large',
      `"${filename}" is over ${formatBytes(this.limits.maxFileBytes)}.`,
    );
  }

  empty(index: number, filename: string): void {
    this.reject(index, filename, 'empty_file', `"${filename}" is empty.`);
  }

  fail(error: AdminError): void {
    this.fatal ??= error;
    this.onRefused();
  }

  /** The outcome the checks alone decide once the form is read: its first problem, or every refused file. */
  verdict():
    | { kind: 'error'; error: AdminError }
    | { kind: 'rejected'; rejections: WireFileRejection[] }
    | null {
    if (this.fatal) return { kind: 'error', error: this.fatal };
    if (this.rejections.length === 0) return null;
    // 'end' of an empty file can land after a later part's header check; report in form order.
    return { kind: 'rejected', rejections: [...this.rejections].sort((a, b) => a.index - b.index) };
  }

  private reject(index: number, filename: string, code: FileRejectionCode, reason: string): void {
    this.rejections.push({ index, filename, code, reason });
    this.onRefused();
  }
}
