// The props prism-react-renderer's <Highlight> gives the theme's code lines and tokens, with
// each token's theme styles for both colour modes as custom properties (./themeCss.ts picks
// the mode's). Importing prism-react-renderer here would bring Prism back into the browser
// bundle; type imports are erased at build time.
import type { CSSProperties } from 'react';
import type {
  LineInputProps,
  LineOutputProps,
  PrismTheme,
  Token,
  TokenInputProps,
  TokenOutputProps,
} from 'prism-react-renderer';
import { tokenProperties, tokenVariable, type Mode } from './themeCss';

export type ThemeDictionary = Record<string, CSSProperties | undefined>;

/** Styles per token type for one language, merged as prism-react-renderer's themeToDict does. */
export function themeDictionary(theme: PrismTheme, language: string): ThemeDictionary {
  const dictionary: ThemeDictionary = {};
  for (const { types, style, languages } of theme.styles) {
    if (languages && !languages.includes(language)) continue;
    for (const type of types) dictionary[type] = { ...dictionary[type], ...(style as CSSProperties) };
  }
  return dictionary;
}

/** prism-react-renderer's style for a token (its getTokenProps), for one theme. */
export function themeTokenStyle(dictionary: ThemeDictionary, { types, empty }: Token): CSSProperties | undefined {
  if (types.length === 1 && types[0] === 'plain') return empty !== undefined ? { display: 'inline-block' } : undefined;
  if (types.length === 1 && empty !== undefined) return dictionary[types[0]];
  const style: CSSProperties = empty !== undefined ? { display: 'inline-block' } : {};
  for (const type of types) Object.assign(style, dictionary[type]);
  return style;
}

export interface CodeThemes {
  dictionaries: Record<Mode, ThemeDictionary>;
  properties: string[];
}

export function codeThemes(themes: Record<Mode, PrismTheme>, language: string): CodeThemes {
  return {
    dictionaries: { light: themeDictionary(themes.light, language), dark: themeDictionary(themes.dark, language) },
    properties: tokenProperties(themes),
  };
}

/**
 * What code blocks need of the Prism themes, worked out at build time (plugins/code-tokenizer
 * writes it as JSON), so the browser neither downloads the themes nor merges their styles: the
 * merged styles per token type, for any language and per language a theme style is limited to.
 */
export interface CompiledCodeThemes {
  properties: string[];
  dictionaries: Record<Mode, ThemeDictionary>;
  byLanguage: Record<string, Record<Mode, ThemeDictionary>>;
}

export function compileCodeThemes(themes: Record<Mode, PrismTheme>): CompiledCodeThemes {
  const languages = new Set<string>();
  for (const theme of [themes.light, themes.dark])
    for (const { languages: only } of theme.styles) for (const language of only ?? []) languages.add(language);
  // A language no style names: only the styles for every language apply.
  const { dictionaries, properties } = codeThemes(themes, '');
  return {
    properties,
    dictionaries,
    byLanguage: Object.fromEntries([...languages].sort().map((l) => [l, codeThemes(themes, l).dictionaries])),
  };
}

/** The themes of one code block's language, as codeThemes gives them. */
export function codeThemesOf(compiled: CompiledCodeThemes, language: string): CodeThemes {
  return {
    dictionaries: Object.hasOwn(compiled.byLanguage, language) ? compiled.byLanguage[language] : compiled.dictionaries,
    properties: compiled.properties,
  };
}

/** A token's inline style: both modes' theme values as custom properties, and its display. */
export function tokenStyle({ dictionaries, properties }: CodeThemes, token: Token): CSSProperties | undefined {
  const style: Record<string, string | number> = {};
  for (const mode of ['light', 'dark'] as const) {
    const themed = (themeTokenStyle(dictionaries[mode], token) ?? {}) as Record<string, string | number | undefined>;
    for (const property of properties) {
      const value = themed[property];
      if (value !== undefined) style[tokenVariable(mode, property)] = value;
    }
    // Whether an empty token is an inline block depends on its types only, not on the theme.
    if (themed.display !== undefined) style.display = themed.display;
  }
  return Object.keys(style).length ? style : undefined;
}

function joinClassNames(...names: (string | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export function lineProps({ className, line: _line, ...rest }: LineInputProps): LineOutputProps {
  return { ...rest, className: joinClassNames('token-line', className) };
}

export function tokenProps(
  themes: CodeThemes,
  { token, className, style, ...rest }: TokenInputProps,
): TokenOutputProps {
  const base = tokenStyle(themes, token);
  return {
    ...rest,
    className: joinClassNames('token', ...token.types, className),
    children: token.content,
    ...(base || style ? { style: { ...base, ...style } } : {}),
  };
}
