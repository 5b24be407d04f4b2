import { defineReplacement } from '../replacement';
import { compileHints } from './compileHints.build';

export default defineReplacement({
  name: 'compile-hints',
  upstream: {
    package: '@docusaurus/core',
    file: 'the entry chunks (runtime, main.js) as the bundler writes them',
    version: '3.10.2',
  },
  webpack: (context) => (context.productionBrowser ? { plugins: [compileHints(context.bundler)] } : {}),
});
