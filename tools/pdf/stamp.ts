// The running header, "Book · Chapter", stamped on each chapter page after printing: Chromium's
// header template is the same on every page and cannot know the chapter. pdf-lib keeps the rest of
// the file as Chromium wrote it (outline, structure tree, links, metadata); the header is marked
// as an artifact so screen readers skip it, as they skip the footer.
import { existsSync, readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { beginMarkedContent, endMarkedContent, rgb, type PDFDocument } from 'pdf-lib';

/** Debian's font packages (Chromium's own dependencies bring one of them). */
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
];

export function headerFontFile(): string {
  const file = FONT_CANDIDATES.find((f) => existsSync(f));
  if (!file)
    throw new Error(
      `no font for the running header: install fonts-noto-core or fonts-liberation2 (${FONT_CANDIDATES.join(', ')})`,
    );
  return file;
}

export interface HeaderRange {
  /** 1-based first page. */
  from: number;
  /** 1-based last page, inclusive. */
  to: number;
  text: string;
}

const MM = 72 / 25.4;

export async function stampHeaders(doc: PDFDocument, ranges: readonly HeaderRange[], marginMm = 18): Promise<void> {
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(readFileSync(headerFontFile()), { subset: true });
  const size = 8;
  const pages = doc.getPages();
  for (const { from, to, text } of ranges) {
    for (let n = from; n <= to; n++) {
      const page = pages[n - 1];
      const { width, height } = page.getSize();
      const room = width - 2 * marginMm * MM;
      let line = text;
      while (font.widthOfTextAtSize(line, size) > room && line.length > 1) line = `${line.slice(0, -2)}…`;
      page.pushOperators(beginMarkedContent('Artifact'));
      page.drawText(line, { x: marginMm * MM, y: height - 12 * MM, size, font, color: rgb(0.33, 0.33, 0.33) });
      page.pushOperators(endMarkedContent());
    }
  }
}
