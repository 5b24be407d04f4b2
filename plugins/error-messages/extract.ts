// Pure extraction of the error messages a doc documents in its tables, and in prose after an
// `<!-- error-message: … -->` marker (CONTRIBUTING.md, "Error messages in prose"), from the doc's one
// parse (plugins/docs-content); tests/unit/error-messages.test.ts covers it.
// Which tables and rows count: maintainers/decisions/2026-11-27-code-block-checks.md

import type { Nodes, PhrasingContent, TableCell, TableRow } from 'mdast';
import { parseDoc, plainText, type ParsedDoc } from '../docs-content/parse';
import type { ErrorMessagePage, ErrorMessageRow, Inline } from '../../shared/errorMessages';

/** Header of a column that holds messages. */
const MESSAGE_HEADER = /\b(errors?|messages?|reply|symptom|what you see|result|code|http status)\b/i;
/** Message headers that are not about messages. */
const NOT_MESSAGE_HEADER = /\bexit code\b/i;
/** Message columns whose rows also hold plain descriptions: a row needs a quoted message. */
const LOOSE_HEADER = /\b(symptom|what you see|result)\b/i;
/** Header of a column that explains the message. */
const EXPLAINING_HEADER = /\b(cause|meaning|fix|what to do|remedy|where to look|reason|workaround)\b/i;
const CAUSE_HEADER = /\b(cause|meaning|reason)\b/i;
const FIX_HEADER = /\b(fix|what to do|remedy|where to look|workaround|action)\b/i;

export interface TableColumns {
  message: number;
  /** Column read as the cause; `causeLabel` is set when the column is not a cause as such. */
  cause: number | null;
  causeLabel: string | null;
  fix: number | null;
  /** Rows need a quoted message (code or a whole bold cell). */
  loose: boolean;
}

/** Decides from a table's header cells whether it lists messages, and which column is which. */
export function classifyHeader(headers: readonly string[]): TableColumns | null {
  const message = headers.findIndex((h) => MESSAGE_HEADER.test(h) && !NOT_MESSAGE_HEADER.test(h));
  if (message === -1) return null;
  const others = headers.map((h, i) => ({ h, i })).filter(({ i }) => i !== message);
  if (!others.some(({ h }) => EXPLAINING_HEADER.test(h))) return null;
  const causeCol = others.find(({ h }) => CAUSE_HEADER.test(h));
  const fixCol = others.find(({ h, i }) => FIX_HEADER.test(h) && i !== causeCol?.i);
  // Without a cause column, the first other column gives context ("Tool: Xray Cloud").
  const contextCol = causeCol ?? others.find(({ i }) => i !== fixCol?.i);
  return {
    message,
    cause: contextCol?.i ?? null,
    causeLabel: contextCol && !causeCol ? contextCol.h : null,
    fix: fixCol?.i ?? null,
    loose: LOOSE_HEADER.test(headers[message] ?? ''),
  };
}

/** Merges neighbouring runs of one kind and trims the ends. */
function tidy(runs: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const run of runs) {
    const v = run.k === 'c' ? run.v : run.v.replace(/\s+/g, ' ');
    if (!v) continue;
    const last = out[out.length - 1];
    if (last && last.k === run.k && run.k !== 'c') last.v += v;
    else out.push({ k: run.k, v });
  }
  const first = out[0];
  if (first && first.k !== 'c') first.v = first.v.replace(/^\s+/, '');
  const last = out[out.length - 1];
  if (last && last.k !== 'c') last.v = last.v.replace(/\s+$/, '');
  return out.filter((r) => r.v.length > 0);
}

/** Inline markdown of a cell to runs of text, code and bold; links keep their text. */
export function toInline(nodes: readonly PhrasingContent[]): Inline[] {
  const runs: Inline[] = [];
  const walk = (list: readonly PhrasingContent[], bold: boolean) => {
    for (const node of list) {
      switch (node.type) {
        case 'text':
          runs.push({ k: bold ? 'b' : 't', v: node.value });
          break;
        case 'inlineCode':
          runs.push({ k: 'c', v: node.value });
          break;
        case 'strong':
          walk(node.children, true);
          break;
        case 'emphasis':
        case 'delete':
        case 'link':
        case 'linkReference':
          walk(node.children, bold);
          break;
        case 'break':
          runs.push({ k: 't', v: ' ' });
          break;
        case 'textDirective':
          // A colon nobody meant as a directive (`Error:Timeout`): its source text, as the page shows it.
          runs.push({ k: bold ? 'b' : 't', v: `:${node.name}` });
          walk(node.children, bold);
          break;
        default:
          // html, images, footnote references: not part of a message
          break;
      }
    }
  };
  walk(nodes, false);
  return tidy(runs);
}

/**
 * True when the cell quotes a message: inline code that reads as a message (words, or a
 * status such as `CrashLoopBackOff`; not a bare value such as `0`), or nothing but bold text.
 */
export function quotesMessage(cell: TableCell): boolean {
  const meaningful = cell.children.filter((n) => !(n.type === 'text' && n.value.trim() === ''));
  const messageLike = (code: string) => /\S\s+\S/.test(code) || /^[A-Z][A-Za-z]{3,}$/.test(code);
  if (meaningful.some((n) => n.type === 'inlineCode' && messageLike(n.value))) return true;
  return meaningful.length === 1 && meaningful[0]?.type === 'strong';
}

const cellAt = (row: TableRow, index: number | null): TableCell | undefined =>
  index === null ? undefined : row.children[index];

/** The message of an `<!-- error-message: TEXT -->` marker, or null for any other HTML. */
export function markedMessage(node: Nodes): string | null {
  if (node.type !== 'html') return null;
  return /^<!--\s*error-message:\s*([\s\S]*?)\s*-->$/.exec(node.value.trim())?.[1] ?? null;
}

/** Every message row of one page (its parse, or its Markdown for the shared parser), in page order. */
export function extractErrorRows(source: ParsedDoc | string): ErrorMessageRow[] {
  const doc = typeof source === 'string' ? parseDoc('page.md', source) : source;
  const rows: ErrorMessageRow[] = [];
  let section = '';
  let anchor = '';

  const visit = (node: Nodes) => {
    if (node.type === 'heading') {
      const heading = doc.headings.get(node)!;
      if (node.depth >= 2) {
        section = heading.text;
        anchor = heading.id;
      }
      return;
    }
    if (node.type === 'table') {
      const [head, ...body] = node.children;
      if (!head) return;
      const columns = classifyHeader(head.children.map((cell) => plainText(cell).trim()));
      if (!columns) return;
      for (const row of body) {
        const messageCell = cellAt(row, columns.message);
        if (!messageCell) continue;
        if (columns.loose && !quotesMessage(messageCell)) continue;
        const message = toInline(messageCell.children);
        if (message.length === 0) continue;
        const causeCell = cellAt(row, columns.cause);
        const cause = causeCell ? toInline(causeCell.children) : [];
        if (columns.causeLabel && cause.length > 0) cause.unshift({ k: 't', v: `${columns.causeLabel}: ` });
        const fixCell = cellAt(row, columns.fix);
        rows.push({ message, cause, fix: fixCell ? toInline(fixCell.children) : [], section, anchor });
      }
      return;
    }
    if (!('children' in node)) return;
    const children = node.children as Nodes[];
    children.forEach((child, i) => {
      const marked = markedMessage(child);
      if (marked === null) return visit(child);
      // The explanation is the next block that is not another marker.
      const explanation = children.slice(i + 1).find((c) => c.type !== 'html');
      const cause =
        explanation?.type === 'paragraph'
          ? toInline(explanation.children)
          : explanation
            ? tidy([{ k: 't', v: plainText(explanation) }])
            : [];
      rows.push({ message: [{ k: 'c', v: marked }], cause, fix: [], section, anchor });
    });
  };
  visit(doc.tree);
  return rows;
}

/** One page's entry, or null when it documents no message. */
export function extractErrorPage(
  source: ParsedDoc | string,
  page: { title: string; permalink: string; category: string },
): ErrorMessagePage | null {
  const rows = extractErrorRows(source);
  return rows.length > 0 ? { ...page, rows } : null;
}
