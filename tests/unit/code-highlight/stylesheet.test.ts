// The stylesheet generated from the Prism themes, which picks each colour mode's token colours.
import { describe, expect, it } from 'vitest';
import { darkCodeTheme, lightCodeTheme } from '../../../plugins/code-tokenizer/themes';
import { codeThemeCss, tokenProperties } from '../../../shared/code-highlight/themeCss';
import { codeThemes, codeThemesOf, compileCodeThemes } from '../../../shared/code-highlight/themeProps';

const THEMES = { light: lightCodeTheme, dark: darkCodeTheme };

describe('code theme stylesheet', () => {
  const css = codeThemeCss(THEMES);

  it("sets each mode's plain colours, the light ones also without a data-theme", () => {
    expect(css).toContain(
      `html:not([data-theme='dark']){--prism-color:${lightCodeTheme.plain.color};--prism-background-color:${lightCodeTheme.plain.backgroundColor}}`,
    );
    expect(css).toContain(
      `html[data-theme='dark']{--prism-color:${darkCodeTheme.plain.color};--prism-background-color:${darkCodeTheme.plain.backgroundColor}}`,
    );
    expect(css).toContain('.prism-code{color:var(--prism-color);background-color:var(--prism-background-color)}');
  });

  it("applies the mode's custom property for every property the themes style", () => {
    expect(tokenProperties(THEMES)).toEqual(['color', 'fontStyle', 'opacity']);
    expect(css).toContain(
      `html[data-theme='dark'] .prism-code .token{color:var(--td-color);font-style:var(--td-font-style);opacity:var(--td-opacity)}`,
    );
    expect(css).toContain(
      `html:not([data-theme='dark']) .prism-code .token{color:var(--tl-color);font-style:var(--tl-font-style);opacity:var(--tl-opacity)}`,
    );
  });
});

// plugins/code-tokenizer compiles the themes for the browser (code-themes.json), whose site
// config leaves them out: a block gets from it what the themes themselves give.
describe('compiled code themes', () => {
  it("give every language the themes' own styles", () => {
    const compiled = JSON.parse(JSON.stringify(compileCodeThemes(THEMES))) as ReturnType<typeof compileCodeThemes>;
    for (const language of ['sql', 'bash', 'yaml', 'json', 'hcl'])
      expect(codeThemesOf(compiled, language)).toEqual(codeThemes(THEMES, language));
    expect(compiled.byLanguage).toEqual({});
  });

  it('keep the styles a theme limits to some languages', () => {
    const limited = {
      ...lightCodeTheme,
      styles: [
        ...lightCodeTheme.styles,
        { types: ['keyword'], languages: ['sql' as const], style: { color: '#010203' } },
      ],
    };
    const themes = { light: limited, dark: darkCodeTheme };
    const compiled = compileCodeThemes(themes);
    expect(Object.keys(compiled.byLanguage)).toEqual(['sql']);
    expect(codeThemesOf(compiled, 'sql')).toEqual(codeThemes(themes, 'sql'));
    expect(codeThemesOf(compiled, 'sql').dictionaries.light.keyword).toMatchObject({ color: '#010203' });
    expect(codeThemesOf(compiled, 'bash')).toEqual(codeThemes(themes, 'bash'));
    expect(codeThemesOf(compiled, 'bash').dictionaries.light.keyword).not.toMatchObject({ color: '#010203' });
  });
});
