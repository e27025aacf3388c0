/** One part of a multipart/form-data body. */
export interface Part {
  name: string;
  /** Present for file parts; written verbatim into the Content-Disposition header. */
  filename?: string;
  /** Sent as the RFC 5987 `filename*=UTF-8''…` parameter (percent-encoded), the well-formed way to carry any character. */
  filenameStar?: string;
  contentType?: string;
  content: Uint8Array | string;
}

/**
 * Builds a multipart/form-data body by hand: FormData would normalise filenames (and refuse control
 * characters), and some rules are about exactly those bytes.
 */
export function multipart(parts: Part[], boundary = `----conformance${Math.random().toString(16).slice(2)}`) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    if (p.filenameStar !== undefined) {
      const encoded = [...Buffer.from(p.filenameStar, 'utf8')]
        .map((b) =>
          /[A-Za-z0-9._-]/.test(String.fromCharCode(b))
            ? String.fromCharCode(b)
            : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
        )
        .join('');
      head += `; filename*=UTF-8''${encoded}`;
    }
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), Buffer.from(p.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
