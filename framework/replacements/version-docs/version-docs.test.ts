// The version-docs trim (./dropVersionDocs.cjs) as a pure transformation; the docs plugin's
// own metadata goes through it in tests/unit/framework/docs-versions.test.ts.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { dropVersionDocs } = require('./dropVersionDocs.cjs') as { dropVersionDocs: (json: string) => string };

describe('the version-docs trim', () => {
  it("empties the version docs, leaves docId and unlisted: false out of the sidebars' items, and keeps everything else", () => {
    const link = (label: string, docId: string, unlisted = false) => ({
      type: 'link',
      label,
      href: `/${docId}`,
      docId,
      unlisted,
    });
    const metadata = {
      version: {
        version: 'current',
        docsSidebars: {
          install: [
            link('Intro', 'intro'),
            {
              type: 'category',
              label: 'Get started',
              items: [link('Sizing', 'sizing'), link('Hidden', 'hidden', true)],
              collapsed: true,
              collapsible: true,
            },
            { type: 'html', value: '<hr>' },
          ],
        },
        docs: { intro: { id: 'intro', title: 'Introduction', description: 'Long prose.', sidebar: 'install' } },
      },
    };
    expect(JSON.parse(dropVersionDocs(JSON.stringify(metadata)))).toEqual({
      version: {
        version: 'current',
        docs: {},
        docsSidebars: {
          install: [
            { type: 'link', label: 'Intro', href: '/intro' },
            {
              type: 'category',
              label: 'Get started',
              items: [
                { type: 'link', label: 'Sizing', href: '/sizing' },
                { type: 'link', label: 'Hidden', href: '/hidden', unlisted: true },
              ],
              collapsed: true,
              collapsible: true,
            },
            { type: 'html', value: '<hr>' },
          ],
        },
      },
    });
    expect(dropVersionDocs('{"other":true}')).toBe('{"other":true}');
    expect(dropVersionDocs('{"version":{"docs":null}}')).toBe('{"version":{"docs":null}}');
  });
});
