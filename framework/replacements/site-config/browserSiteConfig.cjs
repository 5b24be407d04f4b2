// Pure helper of the site config trim (./wiring.ts). CommonJS because the bundler loads loaders
// without a TypeScript hook; the unit tests import it directly.

/**
 * Site config fields only the build reads: no client code of Docusaurus, its themes or this site
 * reads them, and the page template alone is 0.7 KiB gzip.
 */
const BUILD_ONLY_FIELDS = [
  'ssrTemplate',
  'presets',
  'plugins',
  'themes',
  'staticDirectories',
  'onBrokenMarkdownLinks',
  'onBrokenAnchors',
  'onDuplicateRoutes',
  'onBrokenLinks',
  'markdown',
];

/**
 * Fields of `future` only the build reads: the browser reads `future.experimental_router`, and
 * nothing else of `future` (./site-config.test.ts scans Docusaurus's browser modules).
 */
const BUILD_ONLY_FUTURE_FIELDS = ['faster', 'v4', 'experimental_vcs'];

/**
 * Fields of `themeConfig.prism` only the build reads: code blocks are highlighted at build time
 * and take the themes' styles compiled by plugins/code-tokenizer (1.4 KiB of JSON, 0.7 KiB
 * gzip). The theme's code block still reads `magicComments` and `defaultLanguage`.
 */
const BUILD_ONLY_PRISM_FIELDS = ['theme', 'darkTheme', 'additionalLanguages'];

const EXPORT = /^(\/\*[\s\S]*?\*\/\n)?export default ([\s\S]*);\n?$/;

/**
 * core's generated docusaurus.config.mjs (`export default <JSON>;`) without the build-only
 * fields. Throws when the file is not of that shape, so an upgrade that changes it fails the build.
 * @param {string} source
 * @returns {string}
 */
function browserSiteConfig(source) {
  const match = EXPORT.exec(source);
  if (!match)
    throw new Error("docusaurus.config.mjs: expected `export default <JSON>;`, core's generated file changed shape");
  const config = JSON.parse(match[2]);
  for (const field of BUILD_ONLY_FIELDS) delete config[field];
  const prism = config.themeConfig && config.themeConfig.prism;
  if (prism) for (const field of BUILD_ONLY_PRISM_FIELDS) delete prism[field];
  if (config.future) for (const field of BUILD_ONLY_FUTURE_FIELDS) delete config.future[field];
  return `export default ${JSON.stringify(config)};\n`;
}

module.exports = { BUILD_ONLY_FIELDS, BUILD_ONLY_PRISM_FIELDS, BUILD_ONLY_FUTURE_FIELDS, browserSiteConfig };
