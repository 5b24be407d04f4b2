import { defineReplacement } from '../replacement';

const PROGRESS_BAR = require.resolve('./progressBar.ts');

export default defineReplacement({
  name: 'progress-bar',
  upstream: {
    package: "nprogress (0.2.0, through theme-classic's lib/nprogress.js)",
    file: 'nprogress.js',
    version: '3.10.2',
  },
  // The server never draws a bar.
  webpack: (context) => (context.isServer ? {} : { alias: { nprogress$: PROGRESS_BAR } }),
});
