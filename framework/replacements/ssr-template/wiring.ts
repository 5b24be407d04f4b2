import { defineReplacement } from '../replacement';

// Put in place by docusaurus.config.ts, which sets the site config's `ssrTemplate` to
// ./ssrTemplate.build.ts while this replacement is in force: a plugin cannot set the template.
export default defineReplacement({
  name: 'ssr-template',
  upstream: { package: '@docusaurus/core', file: 'lib/ssg/ssgTemplate.html.js', version: '3.10.2' },
});
