// The props prism-react-renderer's <Highlight> gives the theme's code lines and tokens
// (class names and inline colours from the Prism theme in docusaurus.config.ts), computed the
// same way without importing prism-react-renderer: importing it would bring Prism back into
// the browser bundle. Type imports are erased at build time.
import type { CSSProperties } from 'react';
import type { LineInputProps, LineOutputProps, PrismTheme, TokenInputProps, TokenOutputProps } from 'prism-react-renderer';
import type { Token } from './tokens';

export type ThemeDictionary = Record<string, CSSProperties | undefined>;

/** Styles per token type for one language; `root` styles the <pre>, `plain` each line. */
export function themeDictionary(theme: PrismTheme, language: string): ThemeDictionary {
  const dictionary: ThemeDictionary = {};
  for (const { types, style, languages } of theme.styles) {
    if (languages && !languages.includes(language as never)) continue;
    for (const type of types) dictionary[type] = { ...dictionary[type], ...(style as CSSProperties) };
  }
  dictionary.root = theme.plain as CSSProperties;
  dictionary.plain = { ...(theme.plain as CSSProperties), backgroundColor: undefined };
  return dictionary;
}

function joinClassNames(...names: (string | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export function lineProps(dictionary: ThemeDictionary, { className, style, line: _line, ...rest }: LineInputProps): LineOutputProps {
  return {
    ...rest,
    className: joinClassNames('token-line', className),
    style: style ? { ...dictionary.plain, ...style } : dictionary.plain,
  };
}

function tokenStyle(dictionary: ThemeDictionary, { types, empty }: Token): CSSProperties | undefined {
  if (types.length === 1 && types[0] === 'plain') return empty != null ? { display: 'inline-block' } : undefined;
  if (types.length === 1 && empty != null) return dictionary[types[0]!];
  return Object.assign(empty != null ? { display: 'inline-block' } : {}, ...types.map((type) => dictionary[type]));
}

export function tokenProps(dictionary: ThemeDictionary, { token, className, style, ...rest }: TokenInputProps): TokenOutputProps {
  const base = tokenStyle(dictionary, token);
  return {
    ...rest,
    className: joinClassNames('token', ...token.types, className),
    children: token.content,
    style: style != null ? { ...base, ...style } : base,
  };
}
