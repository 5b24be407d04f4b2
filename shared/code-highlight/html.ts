// A code block's lines as the HTML the theme's CodeBlock/Line renders, built as one string that
// CodeBlock/Content hands React as inner HTML, so hydration creates no component per line and
// token. It is the string React itself writes (tests/unit/code-highlight/html.test.tsx).
// Why: maintainers/decisions/2026-11-27-build-time-code-highlighting.md
import type { CSSProperties } from 'react';
import { lineProps, tokenProps, type CodeThemes } from './themeProps';
import type { Token } from './tokens';

/** The class names of the theme's CodeBlock/Line stylesheet that line numbering uses. */
export interface LineNumberClasses {
  codeLine: string;
  codeLineNumber: string;
  codeLineContent: string;
}

export interface LinesHtmlOptions {
  themes: CodeThemes;
  /** Extra class names per line index (magic comments such as highlight-next-line). */
  lineClassNames: Record<number, string[] | undefined>;
  showLineNumbers: boolean;
  classes: LineNumberClasses;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** React's escaping of text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** A style object as React writes it (custom properties as given; only strings occur here). */
export function styleText(style: CSSProperties): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(style as Record<string, string | number | boolean | null | undefined>)) {
    if (value === null || value === undefined || typeof value === 'boolean' || value === '') continue;
    const cssName = name.startsWith('--') ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const cssValue = typeof value === 'number' && value !== 0 && !name.startsWith('--') ? `${value}px` : String(value);
    parts.push(`${escapeHtml(cssName)}:${escapeHtml(cssValue.trim())}`);
  }
  return parts.join(';');
}

function span(className: string | undefined, style: CSSProperties | undefined, inner: string): string {
  const classAttr = className ? ` class="${escapeHtml(className)}"` : '';
  const text = style ? styleText(style) : '';
  return `<span${classAttr}${text ? ` style="${text}"` : ''}>${inner}</span>`;
}

/** The theme's fixLineBreak: a line holding only a line break renders as an empty token. */
function fixLineBreak(line: Token[]): Token[] {
  const only = line.length === 1 && line[0].content === '\n' ? line[0] : undefined;
  return only ? [{ ...only, content: '' }] : line;
}

export function linesToHtml(lines: Token[][], options: LinesHtmlOptions): string {
  const { themes, lineClassNames, showLineNumbers, classes } = options;
  return lines
    .map((raw, i) => {
      const line = fixLineBreak(raw);
      const extra = [...(lineClassNames[i] ?? []), showLineNumbers ? classes.codeLine : ''].filter(Boolean).join(' ');
      const { className } = lineProps({ line, className: extra || undefined });
      const tokens = line
        .map((token) => {
          const props = tokenProps(themes, { token });
          return span(props.className, props.style, escapeHtml(String(props.children ?? '')));
        })
        .join('');
      const inner = showLineNumbers
        ? `${span(classes.codeLineNumber, undefined, '')}${span(classes.codeLineContent, undefined, tokens)}`
        : tokens;
      return span(className, undefined, `${inner}<br/>`);
    })
    .join('');
}
