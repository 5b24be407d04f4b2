// Code colours for both colour modes, right from the first paint (the stock theme's inline
// colours are the light mode's until hydration). Each token carries both themes' values as custom
// properties (--tl-color, --td-color, …; see ./themeProps.ts), and this stylesheet picks the pair
// for the mode, keeping prism-react-renderer's exact merge of a token's types' styles.
// Why: maintainers/decisions/2026-11-27-build-time-code-highlighting.md
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
