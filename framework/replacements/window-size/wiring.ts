import { defineReplacement, replaceModule } from '../replacement';

const USE_WINDOW_SIZE = require.resolve('./useWindowSize.ts');

/** theme-common's useWindowSize hook. */
export const WINDOW_SIZE_MODULE = /@docusaurus[\\/]theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize\.js$/;

export default defineReplacement({
  name: 'window-size',
  upstream: { package: '@docusaurus/theme-common', file: 'lib/hooks/useWindowSize.js', version: '3.10.2' },
  webpack: (context) => ({
    plugins: [replaceModule(context, WINDOW_SIZE_MODULE, USE_WINDOW_SIZE)],
  }),
});
