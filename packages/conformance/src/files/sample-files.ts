import { zip } from './zip.js';

/** A file to upload: its name and exact bytes. */
export interface SampleFile {
  filename: string;
  content: Buffer;
  contentType: string;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A one-page PDF whose text layer holds `text`, with a correct cross-reference table. With null, the
 * page has no text at all (like a scan without OCR).
 */
export function pdf(text: string | null): Buffer {
  const escaped = (text ?? '').replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
  const stream = text === null ? '0 0 m 100 100 l S' : `BT /F1 12 Tf 72 720 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A Word document with a heading and paragraphs. */
export function docx(heading: string, paragraphs: string[]): Buffer {
  const para = (t: string, style?: string) =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${xmlEscape(t)}</w:t></w:r></w:p>`;
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${para(heading, 'Heading1')}${paragraphs.map((p) => para(p)).join('')}</w:body></w:document>`,
  });
}

/** A workbook with one sheet; the first row is the header. Cells are inline strings. */
export function xlsx(rows: string[][]): Buffer {
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map(
      (r, ri) =>
        `<row r="${ri + 1}">${r.map((v, ci) => `<c r="${col(ci)}${ri + 1}" t="inlineStr"><is><t>${xmlEscape(v)}</t></is></c>`).join('')}</row>`,
    )
    .join('');
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Fees" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
  });
}

/** An RFC 5322 message with a plain-text body. */
export function eml(subject: string, body: string): Buffer {
  return Buffer.from(
    [
      'From: Clerk <clerk@court.example>',
      'To: Public <public@court.example>',
      `Subject: ${subject}`,
      'Date: Mon, 02 Nov 2026 10:00:00 +0000',
      'Message-ID: <conformance-1@court.example>',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '',
    ].join('\r\n'),
    'utf8',
  );
}

export function html(title: string, body: string): Buffer {
  return Buffer.from(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${body}</p></main></body></html>`,
    'utf8',
  );
}

/** One real file of every allowed type, each with distinct text (so none is a duplicate of another). */
export function oneOfEachType(tag: string): SampleFile[] {
  const t = (what: string) => `${what} ${tag}: the clerk's office of the Superior Court opens at 8 a.m.`;
  return [
    {
      filename: `fees-${tag}.csv`,
      content: Buffer.from(`service,fee\nFiling ${tag},435\nCopy,0.50\n`),
      contentType: 'text/csv',
    },
    {
      filename: `guide-${tag}.docx`,
      content: docx(`Guide ${tag}`, [t('Word guide'), 'Bring photo identification.']),
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
    {
      filename: `notice-${tag}.eml`,
      content: eml(`Notice ${tag}`, t('Email notice')),
      contentType: 'message/rfc822',
    },
    { filename: `hours-${tag}.htm`, content: html(`Hours ${tag}`, t('HTM page')), contentType: 'text/html' },
    {
      filename: `parking-${tag}.html`,
      content: html(`Parking ${tag}`, t('HTML page')),
      contentType: 'text/html',
    },
    {
      filename: `faq-${tag}.md`,
      content: Buffer.from(`# FAQ ${tag}\n\n## Jury duty\n\n${t('Markdown FAQ')}\n`),
      contentType: 'text/markdown',
    },
    { filename: `forms-${tag}.pdf`, content: pdf(t('PDF forms')), contentType: 'application/pdf' },
    {
      filename: `contact-${tag}.txt`,
      content: Buffer.from(t('Plain text contact')),
      contentType: 'text/plain',
    },
    {
      filename: `schedule-${tag}.xlsx`,
      content: xlsx([
        ['Hearing', 'Room'],
        [`Traffic ${tag}`, '101'],
        ['Small claims', '202'],
      ]),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
  ];
}

export function textFile(filename: string, text: string): SampleFile {
  return { filename, content: Buffer.from(text, 'utf8'), contentType: 'text/plain' };
}
