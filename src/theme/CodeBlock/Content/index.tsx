import React, { useMemo, type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import { useCodeTokens } from '@site/src/theme/CodeBlock/context';
import { tokensForDisplay } from '@site/shared/code-highlight/tokens';
import { codeThemesOf } from '@site/shared/code-highlight/themeProps';
import compiledThemes from '@generated/veriq-code-theme/code-themes.json';
import { linesToHtml, type LineNumberClasses } from '@site/shared/code-highlight/html';
// The theme's CodeBlock/Line stylesheet: the line-numbering class names its component uses.
import lineClasses from '@docusaurus/theme-classic/lib/theme/CodeBlock/Line/styles.module.css';
import styles from './styles.module.css';

const LINE_NUMBER_CLASSES: LineNumberClasses = {
  codeLine: lineClasses.codeLine ?? '',
  codeLineNumber: lineClasses.codeLineNumber ?? '',
  codeLineContent: lineClasses.codeLineContent ?? '',
};

// The theme's CodeBlock/Content with one change: the lines come from the build's tokens
// (plugins/code-tokenizer) instead of prism-react-renderer's <Highlight>, with both modes' colours
// for shared/code-highlight/themeCss.ts to pick from, and reach React as the <code> element's
// inner HTML (shared/code-highlight/html.ts), so no component is created per line and token.
// Why: maintainers/decisions/2026-11-27-build-time-code-highlighting.md
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
  const encoded = useCodeTokens();
  const { code, codeInput, language, lineNumbersStart, lineClassNames } = metadata;
  const html = useMemo(
    () =>
      linesToHtml(tokensForDisplay(code, codeInput, encoded), {
        themes: codeThemesOf(compiledThemes, language),
        lineClassNames,
        showLineNumbers: lineNumbersStart !== undefined,
        classes: LINE_NUMBER_CLASSES,
      }),
    [code, codeInput, encoded, language, lineClassNames, lineNumbersStart],
  );
  return (
    <pre
      ref={codeBlockRef}
      // The block scrolls horizontally: keyboard users need to reach it (axe scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={clsx(className, `prism-code language-${language}`, styles.codeBlock, 'thin-scrollbar')}
    >
      <Code dangerouslySetInnerHTML={{ __html: html }} />
    </pre>
  );
}
