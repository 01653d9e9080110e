import { execFileSync } from 'node:child_process';

/** A word poppler found on a PDF page, in points from the page's top left. */
export interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word of a PDF with its box (poppler's pdftotext -bbox), and each page's size. */
export function pdfLayout(file: string) {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const pages: { width: number; height: number }[] = [];
  const words: PdfWord[] = [];
  for (const pageMatch of html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)) {
    pages.push({ width: Number(pageMatch[1]), height: Number(pageMatch[2]) });
    for (const w of pageMatch[3]!.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
      words.push({ page: pages.length, text: w[5]!.replace(/&amp;/g, '&').replace(/&#39;/g, "'"), xMin: Number(w[1]), yMin: Number(w[2]), xMax: Number(w[3]), yMax: Number(w[4]) });
    }
  }
  return { pages, words };
}

/**
 * Words drawn over each other: two boxes on a page that share more than a
 * sliver (a point each way; glyph boxes touch on a tight line).
 */
export function overlappingWords(words: PdfWord[]) {
  const found: string[] = [];
  words.forEach((a, i) => {
    for (const b of words.slice(i + 1)) {
      if (a.page !== b.page) continue;
      const x = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const y = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (x > 1 && y > 1) found.push(`page ${a.page}: "${a.text}" over "${b.text}"`);
    }
  });
  return found;
}

/** Words cut by the page's edge or outside it. */
export function wordsOffPage(layout: ReturnType<typeof pdfLayout>) {
  return layout.words
    .filter((w) => w.xMin < 0 || w.yMin < 0 || w.xMax > layout.pages[w.page - 1]!.width || w.yMax > layout.pages[w.page - 1]!.height)
    .map((w) => `page ${w.page}: "${w.text}"`);
}

/** Each page as a PNG at 100 dpi for a person to look at: `${prefix}-1.png`, `-2.png`… */
export function pdfPagesAsImages(file: string, prefix: string) {
  execFileSync('pdftoppm', ['-png', '-r', '100', file, prefix]);
}
