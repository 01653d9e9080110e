import { inflateSync } from 'node:zlib';

/** The words a PDF draws: pdfkit writes standard-font text as hex strings inside deflated streams. */
export function pdfWords(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g))
      text += Buffer.from(hex[1]!, 'hex').toString('latin1');
    text += ' ';
  }
  return text;
}
