import { defineReplacement } from '../replacement';
import { purgeStylesheets } from './purgeStylesheets.build';

export default defineReplacement({
  name: 'purge-css',
  upstream: {
    package: '@docusaurus/theme-classic',
    file: 'the main stylesheet (Infima and every theme CSS module)',
    version: '3.10.2',
  },
  async postBuild({ outDir }) {
    for (const { before, after, bytesBefore, bytesAfter } of await purgeStylesheets(outDir)) {
      console.log(`[framework] ${before} -> ${after}: unused rules purged, ${bytesBefore} -> ${bytesAfter} bytes`);
    }
  },
});
