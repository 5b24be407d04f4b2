import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import { readEnv } from './config/env';
import { navbarItems } from './config/navbar';
import { toSiteAuthConfig } from './src/auth/config';
import accessGatePlugin from './plugins/access-gate';
import searchRecordsPlugin, { STATIC_DIR as SEARCH_STATIC_DIR } from './plugins/search-records';
import hostingHeadersPlugin from './plugins/hosting-headers';
import firstLoadPlugin from './plugins/first-load';
import codeHighlightPlugin from './plugins/highlight-code';
import rehypeHighlightCode from './plugins/highlight-code/rehype';
import { ADDITIONAL_LANGUAGES, PLAIN_LANGUAGES, darkCodeTheme, lightCodeTheme } from './plugins/highlight-code/themes';

const env = readEnv(process.env);
const auth = toSiteAuthConfig(env);

const config: Config = {
  title: 'Veriq Documentation',
  tagline: 'Install, operate and test data with Veriq',
  favicon: 'img/favicon.svg',
  url: env.siteUrl,
  baseUrl: '/',
  trailingSlash: false,

  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',

  i18n: { defaultLocale: 'en', locales: ['en'] },

  future: {
    // Rspack + SWC: about three times faster builds on the 2-core CI machines.
    experimental_faster: true,
    // Required by experimental_faster in 3.8 (the legacy attribute breaks the Rspack HTML pass).
    v4: { removeLegacyPostBuildHeadAttribute: true },
  },

  markdown: {
    mermaid: true,
    // .md files are CommonMark (braces and angle brackets in prose are text); .mdx stays MDX.
    format: 'detect',
  },
  themes: ['@docusaurus/theme-mermaid'],

  customFields: {
    auth,
    apiReferenceUrl: env.apiReferenceUrl,
    supportPortalUrl: env.supportPortalUrl,
    // Browser-safe search settings only: host, search-only key and collection (never the admin key).
    search: {
      typesense: env.typesense && {
        host: env.typesense.host,
        searchApiKey: env.typesense.searchApiKey,
        collection: env.typesense.collection,
      },
    },
  },

  // The search plugin writes the embedded index's per-page content files into a static
  // directory of its own: `npm start` serves it and the build copies it into the output.
  staticDirectories: ['static', SEARCH_STATIC_DIR],

  plugins: [
    accessGatePlugin({ alwaysLoggedIn: auth.alwaysLoggedIn }),
    searchRecordsPlugin(),
    firstLoadPlugin(),
    codeHighlightPlugin,
    hostingHeadersPlugin({ typesenseHost: env.typesense?.host ?? null, gtm: env.gtmContainerId !== null }),
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          breadcrumbs: true,
          // One current version, labelled "Next" as the spec asks; no versioned copies yet.
          lastVersion: 'current',
          versions: { current: { label: 'Next' } },
          showLastUpdateTime: false,
          rehypePlugins: [
            [rehypeHighlightCode, { additionalLanguages: ADDITIONAL_LANGUAGES, plainLanguages: PLAIN_LANGUAGES }],
          ],
        },
        blog: false,
        theme: { customCss: './src/css/custom.css' },
        sitemap: {
          ignorePatterns: ['/login/callback'],
          filename: 'sitemap.xml',
        },
        ...(env.gtmContainerId ? { googleTagManager: { containerId: env.gtmContainerId } } : {}),
      } satisfies Preset.Options,
    ],
  ],

  themeConfig: {
    image: 'img/veriq-social-card.png',
    metadata: [{ name: 'keywords', content: 'Veriq, data quality, data testing, documentation' }],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      // The spec cycles light and dark only: the system setting is not followed.
      respectPrefersColorScheme: false,
    },
    docs: {
      sidebar: { hideable: false, autoCollapseCategories: false },
    },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    navbar: {
      title: 'Veriq Docs',
      logo: { alt: 'Veriq', src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', width: 28, height: 28 },
      hideOnScroll: true,
      items: navbarItems(env),
    },
    footer: {
      style: 'dark',
      links: [],
      copyright: `Copyright © ${new Date().getFullYear()} Veriq, Inc. All rights reserved.`,
    },
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      // Highlighting happens at build time (plugins/highlight-code), which also replaces the
      // theme's client module that would load these grammars in the browser.
      additionalLanguages: [...ADDITIONAL_LANGUAGES],
    },
    mermaid: { theme: { light: 'neutral', dark: 'dark' } },
  } satisfies Preset.ThemeConfig,
};

export default config;
