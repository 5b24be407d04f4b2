// The compact form of a code block's metadata (./blockMetadata.ts) that the build adds to each
// Markdown code block, and its decoding in the browser. Kept apart from the parser so that the
// code block component, in every doc page's first load, does not bring the parser with it.
import type { ReactNode } from 'react';

/** theme-common's CodeBlockMetadata. */
export interface CodeBlockMetadata {
  codeInput: string;
  code: string;
  className: string;
  language: string;
  title: ReactNode;
  lineNumbersStart: number | undefined;
  lineClassNames: Record<number, string[]>;
}

/**
 * The metadata in the compact form the build adds to a Markdown code block: what its code and
 * class name do not already say. `language` is always there.
 */
export interface EncodedMetadata {
  language: string;
  className?: string;
  code?: string;
  title?: ReactNode;
  lineNumbersStart?: number;
  lineClassNames?: Record<number, string[]>;
}

export function encodeMetadata(metadata: CodeBlockMetadata, className: string | undefined): string {
  const encoded: EncodedMetadata = { language: metadata.language };
  if (metadata.className !== (className ?? '')) encoded.className = metadata.className;
  if (metadata.code !== metadata.codeInput.replace(/\r?\n$/, '')) encoded.code = metadata.code;
  if (metadata.title) encoded.title = metadata.title;
  if (metadata.lineNumbersStart !== undefined) encoded.lineNumbersStart = metadata.lineNumbersStart;
  if (Object.keys(metadata.lineClassNames).length) encoded.lineClassNames = metadata.lineClassNames;
  return JSON.stringify(encoded);
}

/** The metadata of a block from its build-time encoding, its code as written and its class name. */
export function decodeMetadata(encoded: string, codeInput: string, className: string | undefined): CodeBlockMetadata {
  const data = JSON.parse(encoded) as EncodedMetadata;
  return {
    codeInput,
    code: data.code ?? codeInput.replace(/\r?\n$/, ''),
    className: data.className ?? className ?? '',
    language: data.language,
    title: data.title,
    lineNumbersStart: data.lineNumbersStart,
    lineClassNames: data.lineClassNames ?? {},
  };
}
