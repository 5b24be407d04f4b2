import React, { isValidElement, lazy, Suspense, useMemo, type ReactNode } from 'react';
import type { Props } from '@theme/CodeBlock';
import { useThemeConfig } from '@docusaurus/theme-common';
import { CodeBlockContextProvider, useCodeWordWrap } from '@docusaurus/theme-common/internal';
import ElementContent from '@theme/CodeBlock/Content/Element';
import CodeBlockLayout from '@theme/CodeBlock/Layout';
import { CodeTokensProvider } from '@site/src/theme/CodeBlock/context';
import { decodeMetadata, type CodeBlockMetadata } from '@site/shared/code-highlight/metadataEncoding';

// The theme's CodeBlock with three changes: it passes the build's `tokens` prop on to
// CodeBlock/Content; it takes the metadata from the build's `blockMetadata` prop (a <CodeBlock>
// written in JSX loads the parser when it renders); and it no longer re-mounts every code block
// after hydration, since the colours come from a stylesheet.
// Why: maintainers/decisions/2026-11-27-build-time-code-highlighting.md

/** Joins string children so the block can be highlighted and copied; leaves elements as they are. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/** What the theme's CodeBlock/Content/String renders, given the metadata. */
function BlockWithMetadata({ metadata }: { metadata: CodeBlockMetadata }): ReactNode {
  const wordWrap = useCodeWordWrap();
  return (
    <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
      <CodeBlockLayout />
    </CodeBlockContextProvider>
  );
}

function BuiltBlock({ encoded, code, className }: { encoded: string; code: string; className?: string }): ReactNode {
  const metadata = useMemo(() => decodeMetadata(encoded, code, className), [encoded, code, className]);
  return <BlockWithMetadata metadata={metadata} />;
}

const ParsedBlock = lazy(async () => {
  const { codeBlockMetadata } = await import('@site/shared/code-highlight/blockMetadata');
  function ParsedBlock({ children, ...props }: Props & { children: string }): ReactNode {
    const { prism } = useThemeConfig();
    const { className, metastring, language, title, showLineNumbers } = props;
    const metadata = useMemo(
      () =>
        codeBlockMetadata({
          code: children,
          className,
          metastring,
          magicComments: prism.magicComments,
          defaultLanguage: prism.defaultLanguage,
          language,
          title,
          showLineNumbers,
        }),
      [children, className, metastring, language, title, showLineNumbers, prism.magicComments, prism.defaultLanguage],
    );
    return <BlockWithMetadata metadata={metadata} />;
  }
  return { default: ParsedBlock };
});

export default function CodeBlock({
  children: rawChildren,
  tokens,
  blockMetadata,
  ...props
}: Props & { tokens?: string; blockMetadata?: string }): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  if (typeof children !== 'string') return <ElementContent {...props}>{children}</ElementContent>;
  return (
    <CodeTokensProvider value={tokens}>
      {blockMetadata !== undefined ? (
        <BuiltBlock encoded={blockMetadata} code={children} className={props.className} />
      ) : (
        <Suspense fallback={null}>
          <ParsedBlock {...props}>{children}</ParsedBlock>
        </Suspense>
      )}
    </CodeTokensProvider>
  );
}
