// Code colours for both colour modes, right from the first paint. The stock theme writes each
// token's colour as an inline style computed in React for the current mode: the server renders
// the light colours, so a dark-mode reader sees light code blocks until the page hydrates and
// every code block re-renders. Here each token carries the values of both themes as custom
// properties (--tl-color for light, --td-color for dark, …; see ./themeProps.ts), and this
// stylesheet, generated from the Prism themes into the main CSS by plugins/code-tokenizer,
// picks the pair for the mode. A token keeps prism-react-renderer's exact merge of its types'
// styles, which plain `.token.<type>` rules cannot express (the last of a token's types wins
// there, not the last rule in the stylesheet).
import type { PrismTheme } from 'prism-react-renderer';

export type Mode = 'light' | 'dark';

/** `fontStyle` → `font-style`. */
const cssProperty = (property: string) => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Custom property carrying a style property's value for a mode: `--tl-font-style`. */
export function tokenVariable(mode: Mode, property: string): string {
  return `--t${mode === 'light' ? 'l' : 'd'}-${cssProperty(property)}`;
}

/** Every style property the themes set on tokens (camelCase, as in the themes). */
export function tokenProperties(themes: Record<Mode, PrismTheme>): string[] {
  const properties = new Set<string>();
  for (const theme of [themes.light, themes.dark]) {
    for (const { style } of theme.styles) for (const property of Object.keys(style)) properties.add(property);
  }
  return [...properties].sort();
}

/**
 * The stylesheet. Pages without `data-theme` (JavaScript off) get the light theme, the site's
 * default. An unset variable makes its property fall back as if no style were given, which is
 * what a token a theme does not style gets from prism-react-renderer.
 */
export function codeThemeCss(themes: Record<Mode, PrismTheme>): string {
  const properties = tokenProperties(themes);
  const scopes = { light: "html:not([data-theme='dark'])", dark: "html[data-theme='dark']" } as const;
  const rules = [
    // The theme sets these inline on the <pre> and each line, from the current mode's theme.
    '.prism-code{color:var(--prism-color);background-color:var(--prism-background-color)}',
  ];
  for (const mode of ['light', 'dark'] as const) {
    const { color, backgroundColor } = themes[mode].plain;
    rules.push(
      `${scopes[mode]}{--prism-color:${color ?? 'inherit'};--prism-background-color:${backgroundColor ?? 'transparent'}}`,
    );
    const declarations = properties.map((p) => `${cssProperty(p)}:var(${tokenVariable(mode, p)})`).join(';');
    if (declarations) rules.push(`${scopes[mode]} .prism-code .token{${declarations}}`);
  }
  return `${rules.join('\n')}\n`;
}
