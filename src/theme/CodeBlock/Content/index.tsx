import React, { useMemo, type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import { useThemeConfig } from '@docusaurus/theme-common';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import Line from '@theme/CodeBlock/Line';
import { useCodeTokens } from '@site/src/code-highlight/context';
import { tokensForDisplay } from '@site/src/code-highlight/tokens';
import { codeThemes, lineProps, tokenProps } from '@site/src/code-highlight/themeProps';
import styles from './styles.module.css';

// The theme's CodeBlock/Content with one change: the lines come from the tokens the build
// computed (plugins/highlight-code) instead of prism-react-renderer's <Highlight>, so Prism is
// neither downloaded nor run in the browser. The markup and class names are the theme's; each
// token's colours are given for both colour modes, and the stylesheet of
// src/code-highlight/themeCss.ts applies the current mode's.
function Code(props: ComponentProps<'code'>): ReactNode {
  const { metadata } = useCodeBlockContext();
  return (
    <code
      {...props}
      className={clsx(
        props.className,
        styles.codeBlockLines,
        metadata.lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering,
      )}
      style={{
        ...props.style,
        counterReset:
          metadata.lineNumbersStart === undefined ? undefined : `line-count ${metadata.lineNumbersStart - 1}`,
      }}
    />
  );
}

export default function CodeBlockContent({ className }: { className?: string }): ReactNode {
  const {
    metadata,
    wordWrap: { codeBlockRef },
  } = useCodeBlockContext();
  const { prism } = useThemeConfig();
  const encoded = useCodeTokens();
  const { code, codeInput, language, lineNumbersStart, lineClassNames } = metadata;
  const lines = useMemo(() => tokensForDisplay(code, codeInput, encoded), [code, codeInput, encoded]);
  const themes = useMemo(
    () => codeThemes({ light: prism.theme, dark: prism.darkTheme ?? prism.theme }, language),
    [prism, language],
  );
  return (
    <pre
      ref={codeBlockRef}
      // The block scrolls horizontally: keyboard users need to reach it (axe scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={clsx(className, `prism-code language-${language}`, styles.codeBlock, 'thin-scrollbar')}
    >
      <Code>
        {lines.map((line, i) => (
          <Line
            key={i}
            line={line}
            getLineProps={lineProps}
            getTokenProps={(input) => tokenProps(themes, input)}
            classNames={lineClassNames[i]}
            showLineNumbers={lineNumbersStart !== undefined}
          />
        ))}
      </Code>
    </pre>
  );
}
