// Code blocks are tokenized with Prism at build time and ship their tokens as one compact string
// of token lengths and types (the text is the block's own), so no page downloads or runs Prism.
// Format: lines split by '\n', tokens by ' '; a token is its length, then `:` and its types joined
// with '+' unless plain: "6:keyword 1 1:operator" is `SELECT *`.
// Why: maintainers/decisions/2026-11-27-build-time-code-highlighting.md
import type { Token } from 'prism-react-renderer';

export type { Token };

// The same line breaks prism-react-renderer's normalizeTokens splits on.
const NEWLINE = /\r\n|\r|\n/;
const TYPE_NAME = /^[\w-]+$/;

/**
 * The code a block's tokens describe: its source without the final line break, which the
 * theme drops too (theme-common's parseLines) before it removes magic comments.
 */
export function codeToTokenize(source: string): string {
  return source.replace(/\r?\n$/, '');
}

/** Encodes tokenized lines (prism-react-renderer's normalizeTokens output). */
export function encodeTokenLines(lines: Token[][]): string {
  return lines
    .map((line) =>
      line
        .map((token) => {
          const length = token.empty ? 0 : token.content.length;
          if (token.types.length === 1 && token.types[0] === 'plain') return String(length);
          for (const type of token.types) {
            if (!TYPE_NAME.test(type)) throw new Error(`Prism token type "${type}" cannot be encoded`);
          }
          return `${length}:${token.types.join('+')}`;
        })
        .join(' '),
    )
    .join('\n');
}

/** A line of plain text, shaped as normalizeTokens shapes it (an empty line is one '\n' token). */
export function plainLine(text: string): Token[] {
  return text === '' ? [{ types: ['plain'], content: '\n', empty: true }] : [{ types: ['plain'], content: text }];
}

/**
 * Rebuilds the tokens of `code` from its encoding, or returns null when the encoding does not
 * describe this code (line count or lengths differ), so a stale or damaged string never
 * changes the text a reader sees.
 */
export function decodeTokenLines(encoded: string, code: string): Token[][] | null {
  const codeLines = code.split(NEWLINE);
  const encodedLines = encoded.split('\n');
  if (codeLines.length !== encodedLines.length) return null;
  const lines: Token[][] = [];
  for (let i = 0; i < codeLines.length; i++) {
    const text = codeLines[i];
    const encodedLine = encodedLines[i];
    if (encodedLine === '') {
      if (text !== '') return null;
      lines.push(plainLine(''));
      continue;
    }
    const line: Token[] = [];
    let offset = 0;
    for (const part of encodedLine.split(' ')) {
      const colon = part.indexOf(':');
      const lengthText = colon === -1 ? part : part.slice(0, colon);
      if (!/^\d+$/.test(lengthText)) return null;
      const length = Number(lengthText);
      const types = colon === -1 ? ['plain'] : part.slice(colon + 1).split('+');
      line.push({ types, content: text.slice(offset, offset + length) });
      offset += length;
    }
    if (offset !== text.length) return null;
    if (line.length === 1 && line[0].content === '') {
      line[0] = { types: line[0].types, content: '\n', empty: true };
    }
    lines.push(line);
  }
  return lines;
}

/**
 * The tokens for the code a block displays (the theme drops magic comments): each displayed line
 * takes the tokens of the next tokenized line with the same text, else is plain text. `source` is
 * the code as written (the theme's `codeInput`), `encoded` the build's tokens for it.
 */
export function tokensForDisplay(displayCode: string, source: string, encoded: string | undefined): Token[][] {
  const displayLines = displayCode.split(NEWLINE);
  const tokenizedCode = codeToTokenize(source);
  const decoded = encoded === undefined ? null : decodeTokenLines(encoded, tokenizedCode);
  if (!decoded) return displayLines.map(plainLine);
  const tokenizedLines = tokenizedCode.split(NEWLINE);
  let next = 0;
  return displayLines.map((text) => {
    for (let j = next; j < tokenizedLines.length; j++) {
      if (tokenizedLines[j] === text) {
        next = j + 1;
        return decoded[j];
      }
    }
    return plainLine(text);
  });
}
