// What ties build-time highlighting to the installed theme, checked by behaviour: the client
// module the framework plugin leaves out is the one theme-classic registers, and the ejected
// CodeBlock components keep the theme's styles. (That our code blocks render what the theme's
// would, token by token and in markup, is parity.test.tsx's and block-metadata.test.ts's job.)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EAGER_PRISM_MODULE } from '../../../framework/replacements/prism-languages/wiring';

const require = createRequire(import.meta.url);

describe('the replaced Prism client module', () => {
  it('is one of the client modules theme-classic registers, and only that one', async () => {
    const { default: themeClassic } = (await import('@docusaurus/theme-classic')) as unknown as {
      default: (context: object, options: object) => { getClientModules(): string[] };
    };
    const plugin = themeClassic(
      {
        siteConfig: { themeConfig: { prism: { additionalLanguages: [] } } },
        i18n: { currentLocale: 'en', localeConfigs: { en: { direction: 'ltr' } } },
      },
      { customCss: [] },
    );
    // core resolves a relative client module from the plugin's entry point, as here.
    const entry = dirname(require.resolve('@docusaurus/theme-classic'));
    const modules = plugin
      .getClientModules()
      .map((file) => require.resolve(file.startsWith('.') ? join(entry, file) : file));
    const replaced = modules.filter((file) => EAGER_PRISM_MODULE.test(file));
    expect(replaced).toHaveLength(1);
  });
});

describe('the ejected CodeBlock components', () => {
  const themeFile = (name: string) =>
    readFileSync(require.resolve(`@docusaurus/theme-classic/lib/theme/CodeBlock/${name}`), 'utf8');
  const cssBody = (css: string) =>
    css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .trim();

  it.each(['Container', 'Content'])("keep the theme's %s styles", (component) => {
    expect(cssBody(readFileSync(`src/theme/CodeBlock/${component}/styles.module.css`, 'utf8'))).toBe(
      cssBody(themeFile(`${component}/styles.module.css`)),
    );
  });
});
