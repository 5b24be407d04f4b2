// The fenced code blocks of a page, read from the page's mdast tree (tools/content-checks/rules.ts
// parses it once), with the fence meta split into flags and key=value options. The meta words
// (example, dialect=, platform=, …) are listed in CONTRIBUTING.md, "Code blocks are checked".
import type { Page } from './rules';

export interface CodeBlock {
  file: string;
  /** 1-based line of the opening fence in the page body. */
  line: number;
  lang: string;
  meta: BlockMeta;
  value: string;
}

export interface BlockMeta {
  flags: Set<string>;
  options: Map<string, string>;
}

export function parseMeta(meta: string | null | undefined): BlockMeta {
  const flags = new Set<string>();
  const options = new Map<string, string>();
  // Docusaurus' own meta (title="...", {1,3}, showLineNumbers) shares the string: quoted values
  // and brace ranges are skipped as single words.
  for (const word of (meta ?? '').match(/[\w.-]+="[^"]*"|\{[^}]*\}|\S+/g) ?? []) {
    const kv = /^([\w.-]+)=(.*)$/.exec(word);
    if (kv) options.set(kv[1], kv[2].replace(/^"|"$/g, ''));
    else flags.add(word);
  }
  return { flags, options };
}

export function codeBlocks(page: Page): CodeBlock[] {
  const out: CodeBlock[] = [];
  const visit = (node: Page['tree'] | Page['tree']['children'][number]) => {
    if (node.type === 'code') {
      const code = node;
      out.push({
        file: page.file,
        line: code.position?.start.line ?? 0,
        lang: (code.lang ?? '').toLowerCase(),
        meta: parseMeta(code.meta),
        value: code.value,
      });
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(page.tree);
  return out;
}

export const isExample = (block: CodeBlock) => block.meta.flags.has('example');

/** Where a finding points: the page and the fence's line in the body. */
export const at = (block: CodeBlock, lineInBlock = 0) => `${block.file}:${block.line + lineInBlock}`;
