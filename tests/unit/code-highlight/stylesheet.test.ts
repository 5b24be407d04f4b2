// The stylesheet generated from the Prism themes, which picks each colour mode's token colours.
import { describe, expect, it } from 'vitest';
import { darkCodeTheme, lightCodeTheme } from '../../../plugins/highlight-code/themes';
import { codeThemeCss, tokenProperties } from '../../../src/code-highlight/themeCss';

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
