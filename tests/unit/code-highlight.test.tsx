import React, { type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Highlight, Prism, normalizeTokens, type LineInputProps, type LineOutputProps, type PrismTheme, type Token, type TokenInputProps, type TokenOutputProps } from 'prism-react-renderer';
import { describe, expect, it } from 'vitest';
import { ADDITIONAL_LANGUAGES, PLAIN_LANGUAGES, darkCodeTheme, lightCodeTheme } from '../../config/prism';
import rehypeHighlightCode, { UnknownCodeLanguageError } from '../../plugins/highlight-code';
import { registerLanguages, tokenizeLines } from '../../plugins/highlight-code/prism';
import { codeToTokenize, decodeTokenLines, encodeTokenLines, tokensForDisplay } from '../../src/code-highlight/tokens';
import { lineProps, themeDictionary, tokenProps } from '../../src/code-highlight/themeProps';
import { listFiles } from '../../scripts/listFiles';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

registerLanguages(ADDITIONAL_LANGUAGES);

/** Renders lines the way the theme's CodeBlock/Line does (a span per line, a span per token). */
function renderLines(
  lines: Token[][],
  getLineProps: (input: LineInputProps) => LineOutputProps,
  getTokenProps: (input: TokenInputProps) => TokenOutputProps,
): ReactNode {
  return lines.map((line, i) => (
    <span key={i} {...getLineProps({ line })}>
      {line.map((token, j) => (
        <span key={j} {...getTokenProps({ token })} />
      ))}
      <br />
    </span>
  ));
}

/** What prism-react-renderer's <Highlight> (the stock theme's renderer) makes of a block. */
function stockMarkup(code: string, language: string, theme: PrismTheme): string {
  return renderToStaticMarkup(
    <Highlight prism={Prism} theme={theme} code={code} language={language}>
      {({ className, style, tokens, getLineProps, getTokenProps }) => (
        <pre className={className} style={style}>
          {renderLines(tokens, getLineProps, getTokenProps)}
        </pre>
      )}
    </Highlight>,
  );
}

/** What our pipeline makes of it: tokens from the build, props from src/code-highlight. */
function builtMarkup(source: string, language: string, theme: PrismTheme): string {
  const tokenized = tokenizeLines(codeToTokenize(source), language);
  const encoded = tokenized ? encodeTokenLines(tokenized) : undefined;
  const dictionary = themeDictionary(theme, language);
  const lines = tokensForDisplay(codeToTokenize(source), source, encoded);
  return renderToStaticMarkup(
    <pre className={`prism-code language-${language}`} style={dictionary.root}>
      {renderLines(
        lines,
        (input) => lineProps(dictionary, input),
        (input) => tokenProps(dictionary, input),
      )}
    </pre>,
  );
}

/** Every fenced code block in the docs, with its language (Mermaid diagrams are not code blocks). */
function docsCodeBlocks(): { file: string; language: string; code: string }[] {
  const blocks: { file: string; language: string; code: string }[] = [];
  for (const file of listFiles('docs', /\.mdx?$/)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^( *)```(\w+)[^\n]*\n([\s\S]*?)^\1```$/gm)) {
      const language = match[2]!.toLowerCase();
      if (language !== 'mermaid') blocks.push({ file, language, code: match[3]! });
    }
  }
  return blocks;
}

describe('token encoding', () => {
  it('round-trips Prism tokens, empty lines and multi-line tokens included', () => {
    const code = "-- Failed rows\n\nSELECT id, 'a\nb' AS label\n  FROM orders /* note\n     spans */ WHERE qty > 3;";
    const lines = tokenizeLines(code, 'sql')!;
    expect(lines.length).toBe(6);
    expect(decodeTokenLines(encodeTokenLines(lines), code)).toEqual(lines);
  });

  it('keeps plain tokens short and names the types of the others', () => {
    expect(encodeTokenLines(tokenizeLines('SELECT 1', 'sql')!)).toBe('6:keyword 1 1:number');
  });

  it('rejects an encoding that does not describe the code', () => {
    const encoded = encodeTokenLines(tokenizeLines('SELECT 1', 'sql')!);
    expect(decodeTokenLines(encoded, 'SELECT 12')).toBeNull();
    expect(decodeTokenLines(encoded, 'SELECT 1\nSELECT 2')).toBeNull();
    expect(decodeTokenLines('6:keyword x', 'SELECT 1')).toBeNull();
  });

  it('shows plain text, never altered text, when the tokens are missing or damaged', () => {
    expect(tokensForDisplay('SELECT 1\n', 'SELECT 1\n', undefined)).toEqual([
      [{ types: ['plain'], content: 'SELECT 1' }],
      [{ types: ['plain'], content: '\n', empty: true }],
    ]);
    expect(tokensForDisplay('SELECT 1', 'SELECT 1\n', '3:keyword')).toEqual([[{ types: ['plain'], content: 'SELECT 1' }]]);
  });

  it('follows the theme when it removes magic-comment lines from the displayed code', () => {
    const source = 'echo one\n# highlight-next-line\necho two\n';
    const encoded = encodeTokenLines(tokenizeLines(codeToTokenize(source), 'bash')!);
    const shown = tokensForDisplay('echo one\necho two\necho three', source, encoded);
    const all = tokenizeLines(codeToTokenize(source), 'bash')!;
    expect(shown[0]).toEqual(all[0]);
    expect(shown[1]).toEqual(all[2]);
    expect(shown[2]).toEqual([{ types: ['plain'], content: 'echo three' }]);
  });

  it('tokenizes exactly as prism-react-renderer does', () => {
    const code = 'kubectl get pods -n veriq # list\nexport A="$B"';
    const env = { code, grammar: Prism.languages.bash!, language: 'bash', tokens: [] as ReturnType<typeof Prism.tokenize> };
    Prism.hooks.run('before-tokenize', env);
    env.tokens = Prism.tokenize(code, env.grammar);
    Prism.hooks.run('after-tokenize', env);
    expect(tokenizeLines(code, 'bash')).toEqual(normalizeTokens(env.tokens));
  });
});

describe('build-time highlighting matches the stock theme', () => {
  const blocks = docsCodeBlocks();

  it('finds the docs code blocks', () => {
    expect(blocks.length).toBeGreaterThan(600);
    expect(new Set(blocks.map((b) => b.language))).toContain('sql');
  });

  it.each([
    ['light', lightCodeTheme],
    ['dark', darkCodeTheme],
  ] as const)('renders every docs code block as <Highlight> does, in the %s theme', (_name, theme) => {
    const differing = blocks.filter(({ code, language }) => builtMarkup(code, language, theme) !== stockMarkup(codeToTokenize(code), language, theme));
    expect(differing.map((b) => `${b.file} (${b.language})`)).toEqual([]);
  });

  it('highlights every language the docs use, or knows it is plain text', () => {
    const unknown = blocks.filter(({ language }) => !(PLAIN_LANGUAGES as readonly string[]).includes(language) && !Prism.languages[language]);
    expect(unknown.map((b) => `${b.file}: ${b.language}`)).toEqual([]);
  });
});

interface Node {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: Node[];
}

const text = (value: string): Node => ({ type: 'text', value });
const codeBlock = (language: string | null, children: Node[]): Node => ({
  type: 'element',
  tagName: 'pre',
  properties: {},
  children: [{ type: 'element', tagName: 'code', properties: language ? { className: [`language-${language}`] } : {}, children }],
});
const codeOf = (pre: Node) => pre.children![0]!;

describe('rehype plugin', () => {
  const transform = rehypeHighlightCode({ additionalLanguages: ADDITIONAL_LANGUAGES, plainLanguages: PLAIN_LANGUAGES });

  it('adds the encoded tokens to highlighted blocks and leaves plain ones alone', () => {
    const sql = codeBlock('SQL', [text('SELECT 1\n')]);
    const csv = codeBlock('csv', [text('id,qty\n1,2\n')]);
    const bare = codeBlock(null, [text('no language\n')]);
    const inline: Node = { type: 'element', tagName: 'p', children: [{ type: 'element', tagName: 'code', properties: { className: ['language-sql'] }, children: [text('SELECT 1')] }] };
    const tree: Node = { type: 'root', children: [sql, csv, bare, inline] };
    transform(tree, { path: 'docs/a.md' });
    expect(codeOf(sql).properties!.tokens).toBe('6:keyword 1 1:number');
    expect(codeOf(csv).properties!.tokens).toBeUndefined();
    expect(codeOf(bare).properties!.tokens).toBeUndefined();
    expect(inline.children![0]!.properties!.tokens).toBeUndefined();
  });

  it('leaves blocks holding elements to the theme', () => {
    const mixed = codeBlock('bash', [text('echo '), { type: 'element', tagName: 'b', children: [text('x')] }]);
    transform({ type: 'root', children: [mixed] }, { path: 'docs/a.md' });
    expect(codeOf(mixed).properties!.tokens).toBeUndefined();
  });

  it('stops the build on a language Prism does not know, naming the file and the fix', () => {
    const typo = codeBlock('bsh', [text('echo hi\n')]);
    const run = () => transform({ type: 'root', children: [typo] }, { path: 'docs/install/helm.md' });
    expect(run).toThrow(UnknownCodeLanguageError);
    expect(run).toThrow(/docs\/install\/helm\.md: code block language "bsh" has no Prism grammar.*config\/prism\.ts.*text, csv/);
  });
});

describe('the ejected CodeBlock/Content', () => {
  const require = createRequire(import.meta.url);
  const themeFile = (name: string) => readFileSync(require.resolve(`@docusaurus/theme-classic/lib/theme/CodeBlock/Content/${name}`), 'utf8');

  // src/theme/CodeBlock/Content is the theme's component with <Highlight> replaced. When a
  // Docusaurus upgrade changes the original, this fails: carry the theme's change over to our
  // copy (and its styles), then record the new hash here.
  it('was copied from the installed theme version', () => {
    expect(createHash('sha256').update(themeFile('index.js')).digest('hex')).toBe('0d361f5894590ea483a8cd846925bf41d85301eed29e0cfb4dc515128ab35556');
  });

  it('keeps the theme\'s styles', () => {
    const body = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').trim();
    expect(body(readFileSync('src/theme/CodeBlock/Content/styles.module.css', 'utf8'))).toBe(body(themeFile('styles.module.css')));
  });
});
