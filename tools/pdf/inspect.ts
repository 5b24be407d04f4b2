// Reads back what a printed book holds where poppler's tools do not show it: the outline, the
// pages internal links land on, the document language. For the tests and for checking a build.
import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, PDFRef, PDFString } from 'pdf-lib';
import { namedDestinationPages } from './pageMap';

export interface OutlineEntry {
  title: string;
  /** 1-based page, or null when the entry points nowhere in this file. */
  page: number | null;
  children: OutlineEntry[];
}

const text = (value: unknown): string =>
  value instanceof PDFString || value instanceof PDFHexString
    ? value.decodeText()
    : value instanceof PDFName
      ? value.decodeText()
      : '';

function destinationPage(
  doc: PDFDocument,
  dest: unknown,
  named: Map<string, number>,
  pageOf: Map<string, number>,
): number | null {
  const resolved = dest instanceof PDFRef ? doc.context.lookup(dest) : dest;
  if (resolved instanceof PDFArray) {
    const target = resolved.get(0);
    return target instanceof PDFRef ? (pageOf.get(target.toString()) ?? null) : null;
  }
  const name = text(resolved);
  return name ? (named.get(name) ?? null) : null;
}

function context(doc: PDFDocument) {
  return {
    named: namedDestinationPages(doc),
    pageOf: new Map(doc.getPages().map((page, i) => [page.ref.toString(), i + 1])),
  };
}

export function readOutline(doc: PDFDocument): OutlineEntry[] {
  const { named, pageOf } = context(doc);
  const walk = (first: PDFDict | undefined): OutlineEntry[] => {
    const entries: OutlineEntry[] = [];
    for (let item = first; item; item = item.lookupMaybe(PDFName.of('Next'), PDFDict)) {
      const action = item.lookupMaybe(PDFName.of('A'), PDFDict);
      const dest = item.get(PDFName.of('Dest')) ?? action?.get(PDFName.of('D'));
      entries.push({
        title: text(item.lookup(PDFName.of('Title'))),
        page: destinationPage(doc, dest, named, pageOf),
        children: walk(item.lookupMaybe(PDFName.of('First'), PDFDict)),
      });
    }
    return entries;
  };
  const root = doc.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  return walk(root?.lookupMaybe(PDFName.of('First'), PDFDict));
}

export interface InternalLink {
  /** 1-based page the link is on. */
  page: number;
  /** 1-based page it jumps to; null when it resolves to no page of this file. */
  target: number | null;
}

/** Every link annotation that jumps inside the document (a destination or a GoTo action). */
export function internalLinks(doc: PDFDocument): InternalLink[] {
  const { named, pageOf } = context(doc);
  const links: InternalLink[] = [];
  doc.getPages().forEach((page, i) => {
    const annots = page.node.Annots();
    for (let j = 0; j < (annots?.size() ?? 0); j++) {
      const annot = annots!.lookup(j, PDFDict);
      if (annot.get(PDFName.of('Subtype'))?.toString() !== '/Link') continue;
      const action = annot.lookupMaybe(PDFName.of('A'), PDFDict);
      const kind = action?.get(PDFName.of('S'))?.toString();
      if (action && kind !== '/GoTo') continue;
      const dest = annot.get(PDFName.of('Dest')) ?? action?.get(PDFName.of('D'));
      links.push({ page: i + 1, target: destinationPage(doc, dest, named, pageOf) });
    }
  });
  return links;
}

/** The catalog's /Lang, e.g. "en". */
export function documentLanguage(doc: PDFDocument): string | null {
  const lang = doc.catalog.get(PDFName.of('Lang'));
  return lang ? text(lang) : null;
}
