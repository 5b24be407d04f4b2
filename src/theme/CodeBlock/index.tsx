import React, { isValidElement, type ReactNode } from 'react';
import type { Props } from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import { CodeTokensProvider } from '@site/src/code-highlight/context';

// The theme's CodeBlock with two changes. It passes the `tokens` prop that plugins/highlight-code
// adds to Markdown code blocks on to CodeBlock/Content. And it no longer re-mounts every code
// block once the page has hydrated: the theme does that to swap the server's light-mode inline
// colours for the reader's colour mode, and here the colours come from a stylesheet instead.

/** Joins string children so the block can be highlighted and copied; leaves elements as they are. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({ children: rawChildren, tokens, ...props }: Props & { tokens?: string }): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  if (typeof children !== 'string') return <ElementContent {...props}>{children}</ElementContent>;
  return (
    <CodeTokensProvider value={tokens}>
      <StringContent {...props}>{children}</StringContent>
    </CodeTokensProvider>
  );
}
