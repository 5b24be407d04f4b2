// CodeBlock/Content hands React the lines as one HTML string (shared/code-highlight/html.ts); it
// must be exactly what React writes for the theme's CodeBlock/Line components, for every docs
// code block, with and without line numbers and magic-comment line classes.
import React, { type ReactNode } from 'react';
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ADDITIONAL_LANGUAGES, darkCodeTheme, lightCodeTheme } from '../../../plugins/code-tokenizer/themes';
import { registerLanguages, tokenizeLines } from '../../../plugins/code-tokenizer/prism';
import { codeToTokenize, encodeTokenLines, tokensForDisplay, type Token } from '../../../shared/code-highlight/tokens';
import { codeThemes, lineProps, tokenProps, type CodeThemes } from '../../../shared/code-highlight/themeProps';
import { escapeHtml, linesToHtml, type LineNumberClasses } from '../../../shared/code-highlight/html';
import { listFiles } from '../../../tools/lib/listFiles';

registerLanguages(ADDITIONAL_LANGUAGES);

const CLASSES: LineNumberClasses = {
  codeLine: 'codeLine_x',
  codeLineNumber: 'codeLineNumber_x',
  codeLineContent: 'codeLineContent_x',
};

/** The theme's CodeBlock/Line (theme-classic 3.8.1), rendered with React. */
function ThemeLine(props: {
  line: Token[];
  classNames?: string[];
  showLineNumbers: boolean;
  themes: CodeThemes;
}): ReactNode {
  const { classNames, showLineNumbers, themes } = props;
  const line =
    props.line.length === 1 && props.line[0].content === '\n' ? [{ ...props.line[0], content: '' }] : props.line;
  const className = [...(classNames ?? []), showLineNumbers ? CLASSES.codeLine : ''].filter(Boolean).join(' ');
  const tokens = line.map((token, key) => {
    const tokenOutput = tokenProps(themes, { token });
    return <span key={key} {...tokenOutput} />;
  });
  return (
    <span {...lineProps({ line, className })}>
      {showLineNumbers ? (
        <>
          <span className={CLASSES.codeLineNumber} />
          <span className={CLASSES.codeLineContent}>{tokens}</span>
        </>
      ) : (
        tokens
      )}
      <br />
    </span>
  );
}

function docsCodeBlocks(): { language: string; code: string }[] {
  const blocks: { language: string; code: string }[] = [];
  for (const file of listFiles('docs', /\.mdx?$/)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/^( *)```(\w+)[^\n]*\n([\s\S]*?)^\1```$/gm)) {
      if (match[2].toLowerCase() !== 'mermaid') blocks.push({ language: match[2].toLowerCase(), code: match[3] });
    }
  }
  return blocks;
}

function builtLines(source: string, language: string): Token[][] {
  const tokenized = tokenizeLines(codeToTokenize(source), language);
  return tokensForDisplay(codeToTokenize(source), source, tokenized ? encodeTokenLines(tokenized) : undefined);
}

describe('code block lines as one HTML string', () => {
  it('escapes text as React does', () => {
    expect(escapeHtml(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&#x27;');
  });

  it.each([
    { showLineNumbers: false, highlighted: false },
    { showLineNumbers: true, highlighted: true },
  ])(
    'writes the markup React writes for the theme lines, for every docs code block (%o)',
    ({ showLineNumbers, highlighted }) => {
      const blocks = docsCodeBlocks();
      expect(blocks.length).toBeGreaterThan(600);
      const differing: string[] = [];
      for (const { code, language } of blocks) {
        const themes = codeThemes({ light: lightCodeTheme, dark: darkCodeTheme }, language);
        const lines = builtLines(code, language);
        const lineClassNames = highlighted ? { 0: ['theme-code-block-highlighted-line'] } : {};
        const react = renderToStaticMarkup(
          <>
            {lines.map((line, i) => (
              <ThemeLine
                key={i}
                line={line}
                classNames={lineClassNames[i as 0]}
                showLineNumbers={showLineNumbers}
                themes={themes}
              />
            ))}
          </>,
        );
        const ours = linesToHtml(lines, { themes, lineClassNames, showLineNumbers, classes: CLASSES });
        if (ours !== react) differing.push(`${language}: ${code.slice(0, 60)}`);
      }
      expect(differing).toEqual([]);
    },
    60_000,
  );
});
