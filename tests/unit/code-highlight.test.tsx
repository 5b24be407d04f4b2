import React, { type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  Highlight,
  Prism,
  normalizeTokens,
  type LineInputProps,
  type LineOutputProps,
  type PrismTheme,
  type Token,
  type TokenInputProps,
  type TokenOutputProps,
} from 'prism-react-renderer';
import { describe, expect, it } from 'vitest';
import { ADDITIONAL_LANGUAGES, PLAIN_LANGUAGES, darkCodeTheme, lightCodeTheme } from '../../config/prism';
import rehypeHighlightCode, { UnknownCodeLanguageError } from '../../plugins/highlight-code';
import { registerLanguages, tokenizeLines } from '../../plugins/highlight-code/prism';
import { codeToTokenize, decodeTokenLines, encodeTokenLines, tokensForDisplay } from '../../src/code-highlight/tokens';
import { codeThemes, lineProps, tokenProps } from '../../src/code-highlight/themeProps';
import { codeThemeCss, tokenProperties, tokenVariable, type Mode } from '../../src/code-highlight/themeCss';
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

const THEMES = { light: lightCodeTheme, dark: darkCodeTheme };
const withoutStyle = <T extends { style?: unknown }>(props: T): T => ({ ...props, style: undefined });

/**
 * What prism-react-renderer's <Highlight> (the stock theme's renderer) makes of a block, without
 * its inline styles (ours carry both colour modes; they are compared token by token below).
 */
function stockMarkup(code: string, language: string): string {
  return renderToStaticMarkup(
    <Highlight prism={Prism} theme={lightCodeTheme} code={code} language={language}>
      {({ className, tokens, getLineProps, getTokenProps }) => (
        <pre className={className}>
          {renderLines(
            tokens,
            (input) => withoutStyle(getLineProps(input)),
            (input) => withoutStyle(getTokenProps(input)),
          )}
        </pre>
      )}
    </Highlight>,
  );
}

/** Each token's inline style from <Highlight> with the given theme. */
function stockTokenStyles(code: string, language: string, theme: PrismTheme): Record<string, unknown>[] {
  const styles: Record<string, unknown>[] = [];
  renderToStaticMarkup(
    <Highlight prism={Prism} theme={theme} code={code} language={language}>
      {({ tokens, getTokenProps }) => {
        for (const token of tokens.flat()) {
          styles.push(
            Object.fromEntries(Object.entries(getTokenProps({ token }).style ?? {}).filter(([, v]) => v !== undefined)),
          );
        }
        return <></>;
      }}
    </Highlight>,
  );
  return styles;
}

/** The lines our pipeline renders: tokens from the build, decoded as the browser does. */
function builtLines(source: string, language: string): Token[][] {
  const tokenized = tokenizeLines(codeToTokenize(source), language);
  const encoded = tokenized ? encodeTokenLines(tokenized) : undefined;
  return tokensForDisplay(codeToTokenize(source), source, encoded);
}

function builtMarkup(source: string, language: string): string {
  const themes = codeThemes(THEMES, language);
  return renderToStaticMarkup(
    <pre className={`prism-code language-${language}`}>
      {renderLines(builtLines(source, language), lineProps, (input) => withoutStyle(tokenProps(themes, input)))}
    </pre>,
  );
}

const canonical = (style: Record<string, unknown> | undefined) => JSON.stringify(Object.entries(style ?? {}).sort());

/** A token's style in one mode, as the browser resolves our custom properties (themeCss.ts). */
function resolvedStyle(style: Record<string, unknown> | undefined, mode: Mode): Record<string, unknown> {
  const resolved: Record<string, unknown> = {};
  for (const property of tokenProperties(THEMES)) {
    const value = style?.[tokenVariable(mode, property)];
    if (value !== undefined) resolved[property] = value;
  }
  if (style?.display !== undefined) resolved.display = style.display;
  return resolved;
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
    expect(tokensForDisplay('SELECT 1', 'SELECT 1\n', '3:keyword')).toEqual([
      [{ types: ['plain'], content: 'SELECT 1' }],
    ]);
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
    const env = {
      code,
      grammar: Prism.languages.bash!,
      language: 'bash',
      tokens: [] as ReturnType<typeof Prism.tokenize>,
    };
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

  it('renders every docs code block with the markup <Highlight> makes', () => {
    const differing = blocks.filter(
      ({ code, language }) => builtMarkup(code, language) !== stockMarkup(codeToTokenize(code), language),
    );
    expect(differing.map((b) => `${b.file} (${b.language})`)).toEqual([]);
  });

  it.each(['light', 'dark'] as const)(
    'gives every docs token the styles <Highlight> gives it, in the %s theme',
    (mode) => {
      const differing = new Set<string>();
      let compared = 0;
      for (const { code, language } of blocks) {
        const themes = codeThemes(THEMES, language);
        const ours = builtLines(code, language).flat();
        const stock = stockTokenStyles(codeToTokenize(code), language, THEMES[mode]);
        ours.forEach((token, i) => {
          compared++;
          const style = tokenProps(themes, { token }).style as Record<string, unknown> | undefined;
          if (canonical(resolvedStyle(style, mode)) !== canonical(stock[i]))
            differing.add(`${language}: ${token.types.join(' ')}`);
        });
      }
      expect(compared).toBeGreaterThan(10_000);
      expect([...differing]).toEqual([]);
    },
  );

  it('highlights every language the docs use, or knows it is plain text', () => {
    const unknown = blocks.filter(
      ({ language }) => !(PLAIN_LANGUAGES as readonly string[]).includes(language) && !Prism.languages[language],
    );
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
  children: [
    { type: 'element', tagName: 'code', properties: language ? { className: [`language-${language}`] } : {}, children },
  ],
});
const codeOf = (pre: Node) => pre.children![0]!;

describe('code theme stylesheet', () => {
  const css = codeThemeCss(THEMES);

  it("sets each mode's plain colours, the light ones also without a data-theme", () => {
    expect(css).toContain(
      `html:not([data-theme='dark']){--prism-color:${lightCodeTheme.plain.color};--prism-background-color:${lightCodeTheme.plain.backgroundColor}}`,
    );
    expect(css).toContain(
      `html[data-theme='dark']{--prism-color:${darkCodeTheme.plain.color};--prism-background-color:${darkCodeTheme.plain.backgroundColor}}`,
    );
    expect(css).toContain('.prism-code{color:var(--prism-color);background-color:var(--prism-background-color)}');
  });

  it("applies the mode's custom property for every property the themes style", () => {
    expect(tokenProperties(THEMES)).toEqual(['color', 'fontStyle', 'opacity']);
    expect(css).toContain(
      `html[data-theme='dark'] .prism-code .token{color:var(--td-color);font-style:var(--td-font-style);opacity:var(--td-opacity)}`,
    );
    expect(css).toContain(
      `html:not([data-theme='dark']) .prism-code .token{color:var(--tl-color);font-style:var(--tl-font-style);opacity:var(--tl-opacity)}`,
    );
  });
});

describe('rehype plugin', () => {
  const transform = rehypeHighlightCode({ additionalLanguages: ADDITIONAL_LANGUAGES, plainLanguages: PLAIN_LANGUAGES });

  it('adds the encoded tokens to highlighted blocks and leaves plain ones alone', () => {
    const sql = codeBlock('SQL', [text('SELECT 1\n')]);
    const csv = codeBlock('csv', [text('id,qty\n1,2\n')]);
    const bare = codeBlock(null, [text('no language\n')]);
    const inline: Node = {
      type: 'element',
      tagName: 'p',
      children: [
        { type: 'element', tagName: 'code', properties: { className: ['language-sql'] }, children: [text('SELECT 1')] },
      ],
    };
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
    expect(run).toThrow(
      /docs\/install\/helm\.md: code block language "bsh" has no Prism grammar.*config\/prism\.ts.*text, csv/,
    );
  });
});

describe('the ejected CodeBlock components', () => {
  const require = createRequire(import.meta.url);
  const themeFile = (name: string) =>
    readFileSync(require.resolve(`@docusaurus/theme-classic/lib/theme/CodeBlock/${name}`), 'utf8');
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const cssBody = (css: string) =>
    css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .trim();

  // src/theme/CodeBlock/{index,Container,Content} are the theme's components, changed as
  // src/theme/README.md says. When a Docusaurus upgrade changes an original, this fails: carry
  // the theme's change over to our copy (and its styles), then record the new hash here.
  it.each([
    ['index.js', '639f8655d319e123c4efa5223a42078d3e98ea361e206f6f1bfb87b080a28904'],
    ['Container/index.js', '55ebecf7d04da06684ad2004600e175f2a63719cbcbc28cb7e2de5d33eede91b'],
    ['Content/index.js', '0d361f5894590ea483a8cd846925bf41d85301eed29e0cfb4dc515128ab35556'],
  ])('copied %s from the installed theme version', (file, hash) => {
    expect(sha256(themeFile(file))).toBe(hash);
  });

  it.each(['Container', 'Content'])("keeps the theme's %s styles", (component) => {
    expect(cssBody(readFileSync(`src/theme/CodeBlock/${component}/styles.module.css`, 'utf8'))).toBe(
      cssBody(themeFile(`${component}/styles.module.css`)),
    );
  });
});
