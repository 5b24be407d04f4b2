// Quoted helm/kubectl error messages must be the ones the versions the page names print
// (content/facts/tool-messages.yaml).
import type { Nodes } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Page } from './rules';

export interface ToolMessage {
  tool: string;
  fingerprint: string;
  from: string;
  to?: string;
  text: string;
}

export interface MessageFinding {
  file: string;
  line: number;
  message: string;
}

const PLACEHOLDER = /\b(RANGE|VERSION|KEY|NAME)\b/g;

function templateRegex(text: string): RegExp {
  const parts = text.split(PLACEHOLDER);
  const source = parts.map((part, i) => (i % 2 === 1 ? '.+?' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`);
}

const minor = (v: string) => Number(v.split('.')[1]);

/** The tool versions a text names (`Helm 3.18`, `helm 3.12 to 3.17`): the minors after `3.`. */
function namedMinors(context: string, tool: string): number[] {
  if (!new RegExp(`\\b${tool}\\b`, 'i').test(context)) return [];
  return [...context.matchAll(/\b3\.(\d{1,2})\b/g)].map((m) => Number(m[1]));
}

/** Checks one quote; `context` is the paragraph or table row around it. */
export function checkQuote(quote: string, context: string, table: ToolMessage[]): string | null {
  const lower = quote.toLowerCase();
  const candidates = table.filter((m) => lower.includes(m.fingerprint.toLowerCase()));
  if (candidates.length === 0) return null;
  const trimmed = quote.trim();
  const matching = candidates.filter((m) => templateRegex(m.text).test(trimmed));
  if (matching.length === 0) {
    return `"${trimmed}" is not how ${candidates[0].tool} prints it; content/facts/tool-messages.yaml has: ${candidates.map((m) => `"${m.text}"`).join(', ')}`;
  }
  const allVersions = matching.some((m) => !m.to && minor(m.from) <= Math.min(...table.map((t) => minor(t.from))));
  if (allVersions) return null;
  const named = namedMinors(context, matching[0].tool);
  const inRange = matching.some((m) =>
    named.some((n) => n >= minor(m.from) && (m.to === undefined || n <= minor(m.to))),
  );
  if (inRange) return null;
  const ranges = matching.map((m) => `${m.from}${m.to ? ` to ${m.to}` : ' and later'}`).join(', ');
  return `"${trimmed}" is printed only by ${matching[0].tool} ${ranges}; name the version next to it`;
}

export function checkToolMessages(page: Page, table: ToolMessage[], lineOffset = 0): MessageFinding[] {
  const findings: MessageFinding[] = [];
  const visit = (node: Nodes, context: string) => {
    const here =
      node.type === 'paragraph' || node.type === 'tableRow' || node.type === 'listItem' ? toString(node) : context;
    if (node.type === 'inlineCode') {
      const problem = checkQuote(node.value, here, table);
      if (problem)
        findings.push({ file: page.file, line: (node.position?.start.line ?? 0) + lineOffset, message: problem });
    } else if (node.type === 'code') {
      node.value.split('\n').forEach((text, i) => {
        const problem = checkQuote(text, here, table);
        if (problem) {
          findings.push({
            file: page.file,
            line: (node.position?.start.line ?? 0) + lineOffset + i + 1,
            message: problem,
          });
        }
      });
    }
    if ('children' in node) for (const child of node.children) visit(child, here);
  };
  visit(page.tree, '');
  return findings;
}
