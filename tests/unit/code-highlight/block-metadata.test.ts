// The build works out each Markdown code block's metadata (shared/code-highlight/blockMetadata.ts)
// as the theme's CodeBlock/Content/String would in the browser with theme-common's
// createCodeBlockMetadata: the two must agree on every docs code block and on every feature.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_COMMENTS } from '../../../plugins/code-tokenizer/themes';
import { codeBlockMetadata, type CodeBlockMetadataInput } from '../../../shared/code-highlight/blockMetadata';
import { decodeMetadata, encodeMetadata } from '../../../shared/code-highlight/metadataEncoding';
import { listFiles } from '../../../tools/lib/listFiles';

const require = createRequire(import.meta.url);
const themeCommon = dirname(require.resolve('@docusaurus/theme-common'));

type ThemeFunction = (input: CodeBlockMetadataInput) => unknown;
let themeMetadata: ThemeFunction;

// theme-common's module also holds the code block's React context (JSX, and imports only the
// bundler resolves): its functions above that context are loaded on their own.
beforeAll(async () => {
  const source = readFileSync(join(themeCommon, 'utils', 'codeBlockUtils.js'), 'utf8');
  const end = source.indexOf('const CodeBlockContext = createContext(null);');
  expect(end).toBeGreaterThan(0);
  const pure = source
    .slice(0, end)
    .replace("import { createContext, useContext, useMemo } from 'react';\n", '')
    .replace("import { ReactContextError } from './reactUtils';\n", '')
    .replace("from 'clsx'", `from ${JSON.stringify(pathToFileURL(require.resolve('clsx')).href)}`)
    .replace(
      "from 'parse-numeric-range'",
      `from ${JSON.stringify(pathToFileURL(require.resolve('parse-numeric-range')).href)}`,
    );
  expect(pure).not.toMatch(/from '\.|<[A-Z]/);
  const file = join(mkdtempSync(join(tmpdir(), 'code-block-utils-')), 'codeBlockUtils.mjs');
  writeFileSync(file, pure);
  themeMetadata = (
    (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { createCodeBlockMetadata: ThemeFunction }
  ).createCodeBlockMetadata;
});

const magicComments = MAGIC_COMMENTS.map((comment) => ({ ...comment, block: { ...comment.block } }));

/** Every fenced code block in the docs with its class name and metastring, as MDX gives them. */
function docsCodeBlocks(): CodeBlockMetadataInput[] {
  const blocks: CodeBlockMetadataInput[] = [];
  for (const file of listFiles('docs', /\.mdx?$/)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^( *)```(\w*)([^\n]*)\n([\s\S]*?)^\1```$/gm)) {
      if (match[2] === 'mermaid') continue;
      blocks.push({
        code: match[4],
        className: match[2] ? `language-${match[2]}` : undefined,
        metastring: match[3].trim() || undefined,
        magicComments,
      });
    }
  }
  return blocks;
}

describe('code block metadata at build time', () => {
  it("uses the theme's default magic comments", () => {
    const { DEFAULT_CONFIG } = require('@docusaurus/theme-classic/lib/options.js') as {
      DEFAULT_CONFIG: { prism: { magicComments: unknown } };
    };
    expect(magicComments).toEqual(DEFAULT_CONFIG.prism.magicComments);
  });

  it('agrees with the theme on every docs code block, and survives its compact form', () => {
    const blocks = docsCodeBlocks();
    expect(blocks.length).toBeGreaterThan(300);
    for (const block of blocks) {
      const ours = codeBlockMetadata(block);
      expect(ours).toEqual(themeMetadata(block));
      expect(decodeMetadata(encodeMetadata(ours, block.className), block.code, block.className)).toEqual(ours);
    }
  });

  const features: [string, Partial<CodeBlockMetadataInput>][] = [
    ['a title and a line range', { className: 'language-sql', metastring: 'title="load.sql" {1,3-4}' }],
    ['a title in single quotes and line numbers from 5', { metastring: "title='x' showLineNumbers=5" }],
    ['line numbers', { className: 'language-bash', metastring: 'showLineNumbers' }],
    ['props from JSX', { language: 'YAML', title: 'values.yaml', showLineNumbers: 3 }],
    ['no language at all', {}],
    ['a default language', { defaultLanguage: 'Bash' }],
    ['extra class names', { className: 'shell-session language-bash' }],
  ];
  const CODE =
    'first\n// highlight-next-line\nsecond\n# highlight-start\nthird\nfourth\n# highlight-end\n-- highlight-next-line\nfifth\r\nsixth\n';
  for (const [name, input] of features) {
    it(`agrees with the theme on ${name}`, () => {
      const block = { code: CODE, magicComments, ...input };
      expect(codeBlockMetadata(block)).toEqual(themeMetadata(block));
      expect(decodeMetadata(encodeMetadata(codeBlockMetadata(block), block.className), CODE, block.className)).toEqual(
        codeBlockMetadata(block),
      );
    });
  }

  for (const language of [
    'js',
    'tsx',
    'html',
    'python',
    'bash',
    'markdown',
    'sql',
    'lua',
    'vb',
    'ocaml',
    'cobol',
    'groovy',
  ]) {
    it(`finds the magic comments of ${language} as the theme does`, () => {
      const code = [
        '// highlight-next-line',
        'a',
        '/* highlight-start */',
        'b',
        '/* highlight-end */',
        '{/* highlight-next-line */}',
        'c',
        '# highlight-next-line',
        'd',
        '<!-- highlight-next-line -->',
        'e',
        '-- highlight-next-line',
        'f',
        "' highlight-next-line",
        'g',
        '(* highlight-next-line *)',
        'h',
        '*> highlight-next-line',
        'i',
        'REM highlight-next-line',
        'j',
      ].join('\n');
      const block = { code, className: `language-${language}`, magicComments };
      const ours = codeBlockMetadata(block);
      expect(ours).toEqual(themeMetadata(block));
      expect(Object.keys(ours.lineClassNames).length).toBeGreaterThan(0);
    });
  }

  it('fails as the theme does on a line range without magic comments', () => {
    const block = { code: 'a\n', metastring: '{1}', magicComments: [] };
    expect(() => themeMetadata(block)).toThrow('no magic comment config is available');
    expect(() => codeBlockMetadata(block)).toThrow('no magic comment config is available');
  });

  it('leaves out of the compact form what the code and class name already say', () => {
    const plain = codeBlockMetadata({ code: 'SELECT 1\n', className: 'language-sql', magicComments });
    expect(encodeMetadata(plain, 'language-sql')).toBe('{"language":"sql"}');
    const bare = codeBlockMetadata({ code: 'text\n', magicComments });
    expect(encodeMetadata(bare, undefined)).toBe('{"language":"text","className":"language-text"}');
  });
});
