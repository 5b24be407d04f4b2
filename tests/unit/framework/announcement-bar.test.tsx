// Differential test of src/theme/AnnouncementBar (loads the theme's bar only when the site
// configures one): the theme's component and ours, bundled with the same theme config, render the
// same markup, with a bar (closeable or not) and without one, once every lazy part has loaded.
import { join } from 'node:path';
import React, { type ComponentType } from 'react';
import { prerender } from 'react-dom/static.edge';
import { describe, expect, it } from 'vitest';
import { bundleAndImport } from './bundle';

const packageDir = (name: string) => join(process.cwd(), 'node_modules', name);
const core = packageDir('@docusaurus/core');
const themeCommon = packageDir('@docusaurus/theme-common');
const theme = join(packageDir('@docusaurus/theme-classic'), 'lib/theme');

type ThemeConfig = { announcementBar?: Record<string, unknown> };
const site = globalThis as { __themeConfig?: ThemeConfig };

async function components(): Promise<{ Theirs: ComponentType; Ours: ComponentType }> {
  return bundleAndImport(
    `export { default as Theirs } from '${join(theme, 'AnnouncementBar/index.js')}';
     export { default as Ours } from '${join(process.cwd(), 'src/theme/AnnouncementBar/index.tsx')}';`,
    {
      virtual: {
        '@docusaurus/theme-common': `export { ThemeClassNames } from '${join(themeCommon, 'lib/utils/ThemeClassNames.js')}';
          export function useThemeConfig() { return globalThis.__themeConfig; }`,
        // The theme's hook: active unless closed, and nothing closes it here.
        '@docusaurus/theme-common/internal': `export function useAnnouncementBar() {
          return { isActive: Boolean(globalThis.__themeConfig.announcementBar), close() {} };
        }`,
        '@theme-original/AnnouncementBar': `export { default } from '${join(theme, 'AnnouncementBar/index.js')}';`,
        '@theme/AnnouncementBar/CloseButton': `export { default } from '${join(theme, 'AnnouncementBar/CloseButton/index.js')}';`,
        '@theme/AnnouncementBar/Content': `export { default } from '${join(theme, 'AnnouncementBar/Content/index.js')}';`,
        '@theme/Icon/Close': `export { default } from '${join(theme, 'Icon/Close/index.js')}';`,
        '@docusaurus/Translate': `export * from '${join(core, 'lib/client/exports/Translate.js')}';
          export { default } from '${join(core, 'lib/client/exports/Translate.js')}';`,
        '@docusaurus/Interpolate': `export * from '${join(core, 'lib/client/exports/Interpolate.js')}';`,
        '@generated/codeTranslations': 'export default {};',
      },
      overrides: [
        { file: /\.module\.css$/, source: 'export default new Proxy({}, { get: (_, key) => String(key) });' },
      ],
    },
  );
}

/**
 * The markup once every Suspense boundary has resolved, as the server build writes it, without
 * the comments that mark a boundary for hydration (ours has one; a reader sees no difference).
 */
async function markup(Component: ComponentType): Promise<string> {
  const { prelude } = await prerender(<Component />);
  return (await new Response(prelude).text()).replace(/<!--\/?\$-->/g, '');
}

describe('AnnouncementBar (the theme’s beside ours)', () => {
  const bars: [string, ThemeConfig][] = [
    ['no bar', {}],
    [
      'a closeable bar',
      {
        announcementBar: {
          id: 'v66',
          content: 'Veriq <b>6.6</b> is out.',
          backgroundColor: '#fff',
          textColor: '#000',
          isCloseable: true,
        },
      },
    ],
    [
      'a bar that stays',
      {
        announcementBar: {
          id: 'm',
          content: 'Maintenance on Sunday.',
          backgroundColor: '#20232a',
          textColor: '#fff',
          isCloseable: false,
        },
      },
    ],
  ];
  for (const [name, config] of bars) {
    it(`renders the same markup with ${name}`, async () => {
      site.__themeConfig = config;
      const { Theirs, Ours } = await components();
      const theirs = await markup(Theirs);
      expect(await markup(Ours)).toBe(theirs);
      if (config.announcementBar) expect(theirs).toContain(String(config.announcementBar.content));
      else expect(theirs).toBe('');
    });
  }
});
