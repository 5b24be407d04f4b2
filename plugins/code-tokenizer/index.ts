// The Docusaurus side of build-time code highlighting (map of the parts: README.md in this folder):
// puts the Prism themes into the main stylesheet (shared/code-highlight/themeCss.ts), so colours fit
// the mode from the first paint, and compiles them into per-token-type styles (code-themes.json),
// so the browser's site config can leave the themes out.
// Why: maintainers/decisions/2026-11-27-build-time-code-highlighting.md
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { PrismTheme } from 'prism-react-renderer';
import { codeThemeCss } from '../../shared/code-highlight/themeCss';
import { compileCodeThemes } from '../../shared/code-highlight/themeProps';

export default function codeTokenizerPlugin(context: LoadContext): Plugin {
  const { prism } = context.siteConfig.themeConfig as { prism?: { theme?: PrismTheme; darkTheme?: PrismTheme } };
  if (!prism?.theme)
    throw new Error('themeConfig.prism.theme is missing: the code block stylesheet is generated from it');
  const themes = { light: prism.theme, dark: prism.darkTheme ?? prism.theme };
  const dir = path.join(context.generatedFilesDir, 'veriq-code-theme');
  const file = path.join(dir, 'prism-theme.css');
  // Written now, not in a lifecycle hook: the bundler imports them (a client module, and a module
  // of the code block component).
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, codeThemeCss(themes));
  writeFileSync(path.join(dir, 'code-themes.json'), JSON.stringify(compileCodeThemes(themes)));
  return {
    name: 'veriq-code-tokenizer',
    getClientModules: () => [file],
  };
}
