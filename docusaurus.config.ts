import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import { readEnv } from './config/env';
import { browserTypesenseSettings } from './config/typesense';
import { gitHistory, showLastUpdateTime } from './config/gitHistory';
import { navbarItems } from './config/navbar';
import { toSiteAuthConfig } from './config/auth';
import { ssrTemplate } from './framework/replacements/ssr-template/ssrTemplate.build';
import frameworkPlugin, { activeReplacements } from './framework/plugin';
import accessGatePlugin from './plugins/guide-gate/headScriptPlugin';
import earlyInputPlugin from './plugins/early-input';
import callbackFragmentPlugin from './plugins/callback-fragment';
import tagManagerPlugin from './plugins/tag-manager';
import searchRecordsPlugin, { STATIC_DIR as SEARCH_STATIC_DIR } from './plugins/search-records';
import errorMessagesPlugin from './plugins/error-messages';
import hostingHeadersPlugin from './plugins/hosting-headers';
import guideGatePlugin from './plugins/guide-gate';
import codeTokenizerPlugin from './plugins/code-tokenizer';
import sidebars from './content/sidebars';
import rehypeHighlightCode from './plugins/code-tokenizer/rehype';
import rehypeFocusableTables from './plugins/focusable-tables/rehype';
import {
  ADDITIONAL_LANGUAGES,
  MAGIC_COMMENTS,
  PLAIN_LANGUAGES,
  darkCodeTheme,
  lightCodeTheme,
} from './plugins/code-tokenizer/themes';
import markdownTwinsPlugin, { STATIC_DIR as TWINS_STATIC_DIR } from './plugins/markdown-twins';
import releasesFeedPlugin, { STATIC_DIR as FEED_STATIC_DIR } from './plugins/releases-feed';
import mcpDataPlugin from './plugins/mcp-data';

const env = readEnv(process.env);
const auth = toSiteAuthConfig(env);
const hosting = {
  typesenseHost: env.typesense?.host ?? null,
  gtm: env.gtmContainerId !== null,
  cspReportUrl: env.cspReportUrl,
};

const config: Config = {
  title: 'Veriq Documentation',
  tagline: 'Install, operate and test data with Veriq',
  favicon: 'img/favicon.svg',
  url: env.siteUrl,
  baseUrl: '/',
  trailingSlash: false,
  // Paints the server HTML before the bundle runs (framework/replacements/ssr-template/ssrTemplate.build.ts).
  ...(activeReplacements(__dirname, sidebars).has('ssr-template') ? { ssrTemplate } : {}),

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',

  i18n: { defaultLocale: 'en', locales: ['en'] },

  future: {
    // Rspack + SWC: about three times faster builds on the 2-core CI machines.
    faster: true,
    // Required by `faster` (the legacy attribute breaks the Rspack HTML pass).
    v4: { removeLegacyPostBuildHeadAttribute: true },
  },

  markdown: {
    mermaid: true,
    // .md files are CommonMark (braces and angle brackets in prose are text); .mdx stays MDX.
    format: 'detect',
    hooks: { onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw' },
  },
  themes: ['@docusaurus/theme-mermaid'],

  customFields: {
    auth,
    apiReferenceUrl: env.apiReferenceUrl,
    supportPortalUrl: env.supportPortalUrl,
    // `search` is added by createConfig below (its key is derived asynchronously).
    // Page feedback goes to the tag manager's dataLayer: without a container there is no question.
    pageFeedback: env.gtmContainerId !== null,
  },

  // The search plugin (the embedded index's per-page content files), the Markdown twins and the
  // releases feed write into static directories of their own: `npm start` serves them and the
  // build copies them into the output.
  staticDirectories: ['static', SEARCH_STATIC_DIR, TWINS_STATIC_DIR, FEED_STATIC_DIR],

  plugins: [
    // First: its head script takes the tokens out of the callback URL before any other script.
    callbackFragmentPlugin(),
    accessGatePlugin({ alwaysLoggedIn: auth.alwaysLoggedIn, clientId: auth.clientId }),
    // Holds taps and keys from the first paint until the app can act on them (src/early-input).
    earlyInputPlugin({ alwaysLoggedIn: auth.alwaysLoggedIn, clientId: auth.clientId }),
    searchRecordsPlugin(),
    errorMessagesPlugin(),
    markdownTwinsPlugin(),
    mcpDataPlugin({
      audience: env.mcpAudience,
      identityDomain: env.auth.domain,
      identityClientId: env.auth.clientId,
      open: auth.alwaysLoggedIn,
    }),
    releasesFeedPlugin(),
    frameworkPlugin({ sidebars }),
    codeTokenizerPlugin,
    hostingHeadersPlugin(hosting),
    guideGatePlugin(hosting, {
      open: auth.alwaysLoggedIn,
      identity:
        auth.alwaysLoggedIn || !auth.domain || !auth.clientId ? null : { domain: auth.domain, clientId: auth.clientId },
    }),
    // Not the preset's googleTagManager option: this wrapper keeps it off the callback page.
    ...(env.gtmContainerId ? [tagManagerPlugin(env.gtmContainerId)] : []),
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          sidebarPath: './content/sidebars/index.ts',
          breadcrumbs: true,
          // One current version, labelled "Next" as required; no versioned copies yet.
          lastVersion: 'current',
          versions: { current: { label: 'Next' } },
          // From each source file's git history, when the clone has it (config/gitHistory.ts).
          showLastUpdateTime: showLastUpdateTime(gitHistory(__dirname)),
          rehypePlugins: [
            // Wide tables scroll: each is a named keyboard stop (plugins/focusable-tables).
            rehypeFocusableTables,
            [
              rehypeHighlightCode,
              {
                additionalLanguages: ADDITIONAL_LANGUAGES,
                plainLanguages: PLAIN_LANGUAGES,
                magicComments: MAGIC_COMMENTS,
              },
            ],
          ],
        },
        blog: false,
        theme: { customCss: './src/css/custom.css' },
        sitemap: {
          // Guides are private (server/guide-gate/): they are neither listed nor indexed.
          ignorePatterns: ['/login/callback', '/guides', '/guides/**'],
          filename: 'sitemap.xml',
        },
      } satisfies Preset.Options,
    ],
  ],

  themeConfig: {
    image: 'img/veriq-social-card.png',
    metadata: [{ name: 'keywords', content: 'Veriq, data quality, data testing, documentation' }],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      // The colour toggle cycles light and dark only, as required: the system setting is not followed.
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
      // Highlighting happens at build time (plugins/code-tokenizer), which also replaces the
      // theme's client module that would load these grammars in the browser.
      additionalLanguages: [...ADDITIONAL_LANGUAGES],
      // The theme's default, given here because the build reads it too (code block metadata).
      magicComments: MAGIC_COMMENTS.map((comment) => ({ ...comment })),
    },
    mermaid: { theme: { light: 'neutral', dark: 'dark' } },
  } satisfies Preset.ThemeConfig,
};

/**
 * Browser-safe search settings only: host, collection and a scoped key restricted to public
 * records, derived from TYPESENSE_SEARCH_API_KEY (never that key, nor the admin key).
 */
export default async function createConfig(): Promise<Config> {
  const search = { typesense: await browserTypesenseSettings(env.typesense) };
  return { ...config, customFields: { ...config.customFields, search } };
}
