// Build-time highlighting renders every docs code block exactly as the stock theme's
// prism-react-renderer <Highlight> would: same markup, and token by token the same styles in each
// colour mode.
import React, { type ReactNode } from 'react';
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  Highlight,
  Prism,
  type LineInputProps,
  type LineOutputProps,
  type PrismTheme,
  type Token,
  type TokenInputProps,
  type TokenOutputProps,
} from 'prism-react-renderer';
import { describe, expect, it } from 'vitest';
import {
  ADDITIONAL_LANGUAGES,
  PLAIN_LANGUAGES,
  darkCodeTheme,
  lightCodeTheme,
} from '../../../plugins/code-tokenizer/themes';
import { registerLanguages, tokenizeLines } from '../../../plugins/code-tokenizer/prism';
import { codeToTokenize, encodeTokenLines, tokensForDisplay } from '../../../shared/code-highlight/tokens';
import { codeThemes, lineProps, tokenProps } from '../../../shared/code-highlight/themeProps';
import { tokenProperties, tokenVariable, type Mode } from '../../../shared/code-highlight/themeCss';
import { listFiles } from '../../../tools/lib/listFiles';

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
      const language = match[2].toLowerCase();
      if (language !== 'mermaid') blocks.push({ file, language, code: match[3] });
    }
  }
  return blocks;
}

// Rendering every docs block twice takes seconds on a busy 2-core machine, and grows with the docs.
const WHOLE_DOCS_TIMEOUT = 60_000;

describe('build-time highlighting matches the stock theme', () => {
  const blocks = docsCodeBlocks();

  it('finds the docs code blocks', () => {
    expect(blocks.length).toBeGreaterThan(600);
    expect(new Set(blocks.map((b) => b.language))).toContain('sql');
  });

  it(
    'renders every docs code block with the markup <Highlight> makes',
    () => {
      const differing = blocks.filter(
        ({ code, language }) => builtMarkup(code, language) !== stockMarkup(codeToTokenize(code), language),
      );
      expect(differing.map((b) => `${b.file} (${b.language})`)).toEqual([]);
    },
    WHOLE_DOCS_TIMEOUT,
  );

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
    WHOLE_DOCS_TIMEOUT,
  );

  it('highlights every language the docs use, or knows it is plain text', () => {
    const unknown = blocks.filter(
      ({ language }) => !(PLAIN_LANGUAGES as readonly string[]).includes(language) && !Prism.languages[language],
    );
    expect(unknown.map((b) => `${b.file}: ${b.language}`)).toEqual([]);
  });
});
