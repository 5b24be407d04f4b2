import { defineReplacement, replaceModule } from '../replacement';

const NO_PRISM_LANGUAGES = require.resolve('./no-prism-languages.js');

/** theme-classic's client module that registers Prism languages eagerly. */
export const EAGER_PRISM_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/;

export default defineReplacement({
  name: 'prism-languages',
  upstream: { package: '@docusaurus/theme-classic', file: 'lib/prism-include-languages.js', version: '3.10.2' },
  webpack: (context) => ({
    plugins: [replaceModule(context, EAGER_PRISM_MODULE, NO_PRISM_LANGUAGES)],
  }),
});
