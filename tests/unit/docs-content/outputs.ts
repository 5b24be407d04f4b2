// Everything the site builds from the fixture site's Markdown, in the shape of before.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildDocsContent } from '../../../plugins/docs-content';
import { buildErrorMessages } from '../../../plugins/error-messages';
import { buildTwinFiles } from '../../../plugins/markdown-twins';
import { loadReleases } from '../../../plugins/releases-feed';
import { buildRecords } from '../../../plugins/search-records';

export const SITE_DIR = path.join(__dirname, 'site');
export const SITE = { name: 'Veriq Docs', siteUrl: 'https://docs.example.com' };

export async function fixtureOutputs() {
  const loaded = JSON.parse(readFileSync(path.join(SITE_DIR, 'loaded-docs.json'), 'utf8')) as Parameters<
    typeof buildDocsContent
  >[0];
  const content = await buildDocsContent(loaded, { siteDir: SITE_DIR, siteUrl: SITE.siteUrl });
  return {
    content,
    outputs: {
      records: buildRecords(content),
      files: buildTwinFiles(SITE, content),
      errors: buildErrorMessages(content),
      releases: loadReleases(content, () => undefined),
      guideSplit: Object.fromEntries(
        content.docs.filter((doc) => doc.publicMarkdown !== null).map((doc) => [doc.sourcePath, doc.publicMarkdown]),
      ),
    },
  };
}
