// A code block's metadata (language, title, line numbering, highlighted lines, code without magic
// comments) as theme-common's createCodeBlockMetadata computes it, worked out at build time so the
// parser is in no page's first load; the browser loads this only for a <CodeBlock> written in JSX.
// Compact form: ./metadataEncoding.ts. A unit test compares it with the theme's for every block.
// Why: maintainers/decisions/2026-11-27-build-time-code-highlighting.md
import type { ReactNode } from 'react';
import rangeParser from 'parse-numeric-range';
import type { CodeBlockMetadata } from './metadataEncoding';

export type { CodeBlockMetadata };

export interface MagicCommentConfig {
  className: string;
  line?: string;
  block?: { start: string; end: string };
}

export interface CodeBlockMetadataInput {
  /** The block's code as written (the theme's `codeInput`). */
  code: string;
  className?: string;
  metastring?: string;
  magicComments: readonly MagicCommentConfig[];
  defaultLanguage?: string;
  language?: string;
  title?: ReactNode;
  showLineNumbers?: boolean | number;
}

const TITLE = /title=(?<quote>["'])(?<title>.*?)\1/;
const LINES_RANGE = /\{(?<range>[\d,-]+)\}/;

// Comment syntaxes a magic comment may be written in, as regular expression sources.
const COMMENTS = {
  js: { start: '\\/\\/', end: '' },
  jsBlock: { start: '\\/\\*', end: '\\*\\/' },
  jsx: { start: '\\{\\s*\\/\\*', end: '\\*\\/\\s*\\}' },
  bash: { start: '#', end: '' },
  html: { start: '<!--', end: '-->' },
  lua: { start: '--', end: '' },
  wasm: { start: '\\;\\;', end: '' },
  tex: { start: '%', end: '' },
  vb: { start: "['‘’]", end: '' },
  vbnet: { start: "(?:_\\s*)?['‘’]", end: '' },
  rem: { start: '[Rr][Ee][Mm]\\b', end: '' },
  f90: { start: '!', end: '' },
  ml: { start: '\\(\\*', end: '\\*\\)' },
  cobol: { start: '\\*>', end: '' },
} as const;
type Comment = keyof typeof COMMENTS;
const POPULAR: Comment[] = ['js', 'jsBlock', 'jsx', 'bash', 'html'];

// The comment syntaxes of each language; other languages take the popular ones.
const LANGUAGE_COMMENTS: Record<string, Comment[]> = {
  js: ['js', 'jsBlock'],
  javascript: ['js', 'jsBlock'],
  ts: ['js', 'jsBlock'],
  typescript: ['js', 'jsBlock'],
  jsx: ['js', 'jsBlock', 'jsx'],
  tsx: ['js', 'jsBlock', 'jsx'],
  html: ['js', 'jsBlock', 'html'],
  python: ['bash'],
  py: ['bash'],
  bash: ['bash'],
  markdown: ['html', 'jsx', 'bash'],
  md: ['html', 'jsx', 'bash'],
  tex: ['tex'],
  latex: ['tex'],
  matlab: ['tex'],
  lua: ['lua'],
  haskell: ['lua'],
  sql: ['lua', 'jsBlock'],
  wasm: ['wasm'],
  vb: ['vb', 'rem'],
  vba: ['vb', 'rem'],
  'visual-basic': ['vb', 'rem'],
  vbnet: ['vbnet', 'rem'],
  batch: ['rem'],
  basic: ['rem', 'f90'],
  fsharp: ['js', 'ml'],
  ocaml: ['ml'],
  sml: ['ml'],
  fortran: ['f90'],
  cobol: ['cobol'],
};

/** A line that holds only a magic comment, in one of the language's comment syntaxes. */
function directiveLine(language: string, magicComments: readonly MagicCommentConfig[]): RegExp {
  const directives = magicComments
    .flatMap((d) => [d.line, d.block?.start, d.block?.end])
    .filter(Boolean)
    .join('|');
  const comments = (Object.hasOwn(LANGUAGE_COMMENTS, language) ? LANGUAGE_COMMENTS[language] : POPULAR)
    .map((name) => `(?:${COMMENTS[name].start}\\s*(${directives})\\s*${COMMENTS[name].end})`)
    .join('|');
  return new RegExp(`^\\s*(?:${comments})\\s*$`);
}

function linesFromMetastring(
  code: string,
  metastring: string | undefined,
  magicComments: readonly MagicCommentConfig[],
): Pick<CodeBlockMetadata, 'code' | 'lineClassNames'> | null {
  const range = metastring?.match(LINES_RANGE)?.groups?.range;
  if (range === undefined) return null;
  if (magicComments.length === 0) {
    throw new Error(
      `A highlight range has been given in code block's metastring (\`\`\` ${metastring}), but no magic comment config is available. Docusaurus applies the first magic comment entry's className for metastring ranges.`,
    );
  }
  const className = magicComments[0].className;
  const lines = rangeParser(range)
    .filter((n) => n > 0)
    .map((n): [number, string[]] => [n - 1, [className]]);
  return { lineClassNames: Object.fromEntries(lines), code };
}

function linesFromMagicComments(
  code: string,
  language: string,
  magicComments: readonly MagicCommentConfig[],
): Pick<CodeBlockMetadata, 'code' | 'lineClassNames'> {
  const directive = directiveLine(language, magicComments);
  const lines = code.split(/\r?\n/);
  const blocks = Object.fromEntries(magicComments.map((d) => [d.className, { start: 0, range: '' }]));
  const lineDirectives = Object.fromEntries(magicComments.filter((d) => d.line).map((d) => [d.line!, d.className]));
  const blockStarts = Object.fromEntries(
    magicComments.filter((d) => d.block).map((d) => [d.block!.start, d.className]),
  );
  const blockEnds = Object.fromEntries(magicComments.filter((d) => d.block).map((d) => [d.block!.end, d.className]));
  for (let lineNumber = 0; lineNumber < lines.length;) {
    const match = lines[lineNumber].match(directive);
    if (!match) {
      lineNumber += 1;
      continue;
    }
    const name = match.slice(1).find((item) => item !== undefined)!;
    if (lineDirectives[name]) blocks[lineDirectives[name]].range += `${lineNumber},`;
    else if (blockStarts[name]) blocks[blockStarts[name]].start = lineNumber;
    else if (blockEnds[name]) {
      const block = blocks[blockEnds[name]];
      block.range += `${block.start}-${lineNumber - 1},`;
    }
    // The comment line is not shown; the next line takes its number.
    lines.splice(lineNumber, 1);
  }
  const lineClassNames: Record<number, string[]> = {};
  for (const [className, { range }] of Object.entries(blocks)) {
    for (const line of rangeParser(range)) (lineClassNames[line] ??= []).push(className);
  }
  return { code: lines.join('\n'), lineClassNames };
}

function lineNumbersStart(showLineNumbers: boolean | number | undefined, metastring: string | undefined) {
  if (typeof showLineNumbers === 'boolean') return showLineNumbers ? 1 : undefined;
  if (typeof showLineNumbers === 'number') return showLineNumbers;
  const meta = metastring?.split(' ').find((part) => part.startsWith('showLineNumbers'));
  if (meta === undefined) return undefined;
  return meta.startsWith('showLineNumbers=') ? parseInt(meta.slice('showLineNumbers='.length), 10) : 1;
}

export function codeBlockMetadata(input: CodeBlockMetadataInput): CodeBlockMetadata {
  const classLanguage = input.className
    ?.split(' ')
    .find((name) => name.startsWith('language-'))
    ?.replace(/language-/, '');
  // Prism's language names are lower case; there is always a language.
  const language = (input.language ?? classLanguage ?? input.defaultLanguage)?.toLowerCase() ?? 'text';
  // The last line break is not part of the block.
  const code = input.code.replace(/\r?\n$/, '');
  const lines =
    linesFromMetastring(code, input.metastring, input.magicComments) ??
    linesFromMagicComments(code, language, input.magicComments);
  const classNames = [input.className, !input.className?.includes(`language-${language}`) && `language-${language}`];
  return {
    codeInput: input.code,
    code: lines.code,
    className: classNames.filter(Boolean).join(' '),
    language,
    title: input.metastring?.match(TITLE)?.groups?.title || input.title,
    lineNumbersStart: lineNumbersStart(input.showLineNumbers, input.metastring),
    lineClassNames: lines.lineClassNames,
  };
}
