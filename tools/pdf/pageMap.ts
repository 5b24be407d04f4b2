// Where each chapter starts in a printed book: Chromium writes every link target as a named
// destination (the catalog's /Dests), and each chapter's h1 is one (the contents link to it).
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from 'pdf-lib';

/** Named destination → 1-based page number, for every destination of the document. */
export function namedDestinationPages(doc: PDFDocument): Map<string, number> {
  const pageOf = new Map(doc.getPages().map((page, i) => [page.ref.toString(), i + 1]));
  const dests = doc.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
  const pages = new Map<string, number>();
  if (!dests) return pages;
  for (const [name, value] of dests.entries()) {
    const array = doc.context.lookupMaybe(value, PDFArray);
    const target = array?.get(0);
    const page = target instanceof PDFRef ? pageOf.get(target.toString()) : undefined;
    if (page !== undefined) pages.set(name.decodeText(), page);
  }
  return pages;
}

/** Chapter slug → the page its h1 is on; throws when a chapter has no destination. */
export async function chapterPages(
  pdf: Uint8Array,
  slugs: readonly string[],
  idOf: (slug: string) => string,
): Promise<Map<string, number>> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const dests = namedDestinationPages(doc);
  const pages = new Map<string, number>();
  for (const slug of slugs) {
    const page = dests.get(idOf(slug));
    if (page === undefined) throw new Error(`the printed book has no destination #${idOf(slug)}`);
    pages.set(slug, page);
  }
  return pages;
}
