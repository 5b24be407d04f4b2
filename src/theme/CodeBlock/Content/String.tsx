import React, { type ReactNode } from 'react';
import type { Props } from '@theme/CodeBlock/Content/String';
import CodeBlockString from '@theme-original/CodeBlock/Content/String';
import { CodeTokensProvider } from '@site/src/code-highlight/context';

// plugins/highlight-code adds a `tokens` prop to every Markdown code block it highlighted.
export default function CodeBlockStringWithTokens(props: Props & { tokens?: string }): ReactNode {
  return (
    <CodeTokensProvider value={props.tokens}>
      <CodeBlockString {...props} />
    </CodeTokensProvider>
  );
}
