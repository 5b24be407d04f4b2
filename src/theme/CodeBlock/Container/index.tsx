import React, { type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import { ThemeClassNames } from '@docusaurus/theme-common';
import styles from './styles.module.css';

// The theme's CodeBlock/Container without its inline `--prism-color` and
// `--prism-background-color`: the theme computes them in React, so the server-rendered page
// carries the light theme's values until hydration. The stylesheet generated from the Prism
// themes (shared/code-highlight/themeCss.ts) sets them per colour mode instead.
export default function CodeBlockContainer<T extends 'div' | 'pre'>({
  as: As,
  ...props
}: { as: T } & ComponentProps<T>): ReactNode {
  const Element = As as 'div';
  return (
    <Element
      {...(props as ComponentProps<'div'>)}
      className={clsx(props.className, styles.codeBlockContainer, ThemeClassNames.common.codeBlock)}
    />
  );
}
