import { defineReplacement } from '../replacement';
import { RouteScriptsPlugin } from './routeScripts.build';

export default defineReplacement({
  name: 'route-scripts',
  upstream: {
    package: 'react-loadable-ssr-addon-v5-slorber (through @docusaurus/core)',
    file: 'the client manifest (client-manifest.json) that lib/ssg/ssgTemplate.js reads',
    version: '3.10.2',
  },
  webpack: (context) =>
    context.productionBrowser ? { plugins: [new RouteScriptsPlugin(context.generatedFilesDir)] } : {},
});
