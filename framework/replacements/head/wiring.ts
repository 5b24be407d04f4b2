import { defineReplacement } from '../replacement';

const CLIENT_HELMET = require.resolve('./clientHelmet.tsx');

export default defineReplacement({
  name: 'head',
  upstream: {
    package: 'react-helmet-async (1.3, through @docusaurus/core)',
    file: "index (core's HelmetProvider and @docusaurus/Head)",
    version: '3.10.2',
  },
  // The server keeps the library: it writes each page's head.
  webpack: (context) => (context.isServer ? {} : { alias: { 'react-helmet-async$': CLIENT_HELMET } }),
});
