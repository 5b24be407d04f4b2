// Puts the Prism themes of the site config into the main stylesheet as CSS
// (src/code-highlight/themeCss.ts), so code colours are right for the colour mode from the
// first paint, with or without JavaScript.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { PrismTheme } from 'prism-react-renderer';
import { codeThemeCss } from '../../src/code-highlight/themeCss';

export default function codeThemeStylesheetPlugin(context: LoadContext): Plugin {
  const { prism } = context.siteConfig.themeConfig as { prism?: { theme?: PrismTheme; darkTheme?: PrismTheme } };
  if (!prism?.theme)
    throw new Error('themeConfig.prism.theme is missing: the code block stylesheet is generated from it');
  const file = path.join(context.generatedFilesDir, 'veriq-code-theme', 'prism-theme.css');
  // Written now, not in a lifecycle hook: the bundler imports it as a client module.
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, codeThemeCss({ light: prism.theme, dark: prism.darkTheme ?? prism.theme }));
  return {
    name: 'veriq-code-theme-stylesheet',
    getClientModules: () => [file],
  };
}
