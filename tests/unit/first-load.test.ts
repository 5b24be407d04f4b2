import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { EAGER_PRISM_MODULE, VERSION_METADATA_FILE } from '../../plugins/first-load';
import sidebars from '../../sidebars';

const require = createRequire(import.meta.url);
const { dropDocDescriptions } = require('../../plugins/first-load/dropDocDescriptions.cjs') as {
  dropDocDescriptions: (json: string) => string;
};

describe('first-load trims', () => {
  it('targets the theme client module that registers Prism eagerly, as installed', () => {
    const resolved = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages.js');
    expect(resolved).toMatch(EAGER_PRISM_MODULE);
    // If the theme ever stops importing Prism there, this replacement has no reason to exist.
    expect(readFileSync(resolved, 'utf8')).toMatch(/import \{ Prism \} from 'prism-react-renderer'/);
    expect(EAGER_PRISM_MODULE.test(require.resolve('@docusaurus/theme-classic/lib/theme/CodeBlock/index.js'))).toBe(
      false,
    );
  });

  it('matches the docs version metadata files, and no other generated data', () => {
    expect(
      VERSION_METADATA_FILE.test('/site/.docusaurus/docusaurus-plugin-content-docs/default/p/index-466.json'),
    ).toBe(true);
    expect(
      VERSION_METADATA_FILE.test(
        '/site/.docusaurus/docusaurus-plugin-content-docs/default/site-docs-intro-md-0e3.json',
      ),
    ).toBe(false);
    expect(VERSION_METADATA_FILE.test('/site/.docusaurus/veriq-search-records/default/search-index.json')).toBe(false);
  });

  it('drops each doc description and keeps everything else', () => {
    const metadata = {
      version: {
        version: 'current',
        docsSidebars: { install: [{ type: 'link', label: 'Intro', href: '/', docId: 'intro' }] },
        docs: { intro: { id: 'intro', title: 'Introduction', description: 'Long prose.', sidebar: 'install' } },
      },
    };
    expect(JSON.parse(dropDocDescriptions(JSON.stringify(metadata)))).toEqual({
      version: { ...metadata.version, docs: { intro: { id: 'intro', title: 'Introduction', sidebar: 'install' } } },
    });
    expect(dropDocDescriptions('{"other":true}')).toBe('{"other":true}');
  });

  it('leaves no sidebar relying on descriptions (generated index pages list DocCards)', () => {
    expect(JSON.stringify(sidebars)).not.toContain('generated-index');
  });
});
