import React, { type ReactNode } from 'react';
import type { Props } from '@theme/CodeBlock';
import CodeBlock from '@theme-original/CodeBlock';
import { Prism } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

// The theme registers the additional Prism languages from a client module on every page;
// plugins/first-load replaces that module, so registration happens here, once, when the chunk
// holding this component loads (before any code block renders, on the server and in the browser).
prismIncludeLanguages(Prism);

export default function CodeBlockWrapper(props: Props): ReactNode {
  return <CodeBlock {...props} />;
}
