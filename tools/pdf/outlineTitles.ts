// Chromium (m156) builds each bookmark title from the heading's laid-out lines: a wrapped heading
// loses the space at the wrap ("from theregistry"), and a heading that a page break moved can be
// named twice ("New featuresNew features"). The outline lists the book's headings in document
// order, so each title is set back to its heading's text; destinations and structure stay.
import { PDFDict, PDFHexString, PDFName, PDFString, type PDFDocument } from 'pdf-lib';

const squeezed = (text: string) => text.replace(/\s+/g, '');

/** Sets the outline's titles, in document order, to `headings`; throws when they do not line up. */
export function setOutlineTitles(doc: PDFDocument, headings: readonly string[]): void {
  const items: PDFDict[] = [];
  const walk = (first: PDFDict | undefined) => {
    for (let item = first; item; item = item.lookupMaybe(PDFName.of('Next'), PDFDict)) {
      items.push(item);
      walk(item.lookupMaybe(PDFName.of('First'), PDFDict));
    }
  };
  walk(doc.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict)?.lookupMaybe(PDFName.of('First'), PDFDict));
  if (items.length !== headings.length) {
    throw new Error(`the outline has ${items.length} entries for ${headings.length} headings`);
  }
  items.forEach((item, i) => {
    const title = item.lookup(PDFName.of('Title'));
    const current = title instanceof PDFString || title instanceof PDFHexString ? title.decodeText() : '';
    const start = squeezed(headings[i]).slice(0, 12);
    if (!squeezed(current).startsWith(start)) {
      throw new Error(`outline entry ${i + 1} "${current}" is not the heading "${headings[i]}"`);
    }
    item.set(PDFName.of('Title'), PDFHexString.fromText(headings[i]));
  });
}
