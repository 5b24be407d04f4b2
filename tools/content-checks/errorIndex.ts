// Coverage of the error-message index (/guides/knowledge-base/error-messages): every message a
// page shows in a ```text block of error output, or quotes in an error table, must be findable
// there. The index is built by plugins/error-messages from error tables and from the
// `<!-- error-message: ... -->` markers of messages explained in prose.
import { toString } from 'mdast-util-to-string';
import { classifyHeader, extractErrorRows, quotesMessage } from '../../plugins/error-messages/extract';
import { inlineText } from '../../shared/errorMessages';
import { codeBlocks } from './codeBlocks';
import type { Page } from './rules';

/** A line of a text block that reads as an error a reader would search for. */
const ERROR_LINE = /\b(ERROR|FATAL|Error:|error:|[A-Z]\w*Exception|failed|denied|refused)\b/;

export interface MissingMessage {
  file: string;
  message: string;
  where: 'text block' | 'error table';
}

/**
 * A message as a pattern: capitalised words (`N`, `COL`) and `...` stand for variable parts, so
 * `... at row N` finds `... at row 41`. They may also be literal (`ERROR`), and in a message with
 * no lower-case words (`NOT_AUTHORIZED`, `AADSTS50011`) they all are.
 */
export function messagePattern(message: string): RegExp {
  const placeholders = /[a-z]/.test(message) ? /(\.\.\.|…|\b[A-Z][A-Z0-9_]*\b)/ : /(\.\.\.|…)/;
  const parts = message
    .trim()
    .split(placeholders)
    .map((part, i) => {
      const escaped = part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (i % 2 === 0) return escaped;
      return part === '...' || part === '…' ? '.*?' : `(?:${escaped}|\\S+?)`;
    });
  return new RegExp(parts.join(''), 'i');
}

export function indexedMessages(pages: Page[]): string[] {
  return pages.flatMap((page) => extractErrorRows(page.body).map((row) => inlineText(row.message)));
}

/** The index as patterns; parsing every page is the slow part, so callers may keep it. */
export const indexPatterns = (pages: Page[]) => indexedMessages(pages).map(messagePattern);

export function isCovered(text: string, patterns: RegExp[]): boolean {
  return patterns.some((p) => p.test(text));
}

/** Lines of ```text blocks on the page that show an error. */
export function errorLines(page: Page): string[] {
  return codeBlocks(page)
    .filter((b) => b.lang === 'text')
    .flatMap((b) => b.value.split('\n'))
    .map((line) => line.trim())
    .filter((line) => ERROR_LINE.test(line));
}

/** Message cells of the page's error tables (the tables the index reads). */
export function tableMessages(page: Page): string[] {
  const out: string[] = [];
  const visit = (node: Page['tree'] | Page['tree']['children'][number]) => {
    if (node.type === 'table') {
      const [head, ...body] = node.children;
      const columns = head && classifyHeader(head.children.map((cell) => toString(cell).trim()));
      for (const row of columns ? body : []) {
        const cell = row.children[columns!.message];
        // Symptom tables mix messages with descriptions; only quoted messages are indexed there.
        if (cell && (!columns!.loose || quotesMessage(cell))) out.push(toString(cell));
      }
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(page.tree);
  return out.map((m) => m.trim()).filter(Boolean);
}

/** Messages the pages show that the index (the patterns of `pages` unless given) does not find. */
export function missingFromIndex(pages: Page[], patterns: RegExp[] = indexPatterns(pages)): MissingMessage[] {
  const missing: MissingMessage[] = [];
  for (const page of pages) {
    for (const line of errorLines(page)) {
      if (!isCovered(line, patterns)) missing.push({ file: page.file, message: line, where: 'text block' });
    }
    for (const message of tableMessages(page)) {
      if (!isCovered(message, patterns)) missing.push({ file: page.file, message, where: 'error table' });
    }
  }
  return missing;
}
