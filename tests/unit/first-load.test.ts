import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import sidebars from '../../sidebars';

const require = createRequire(import.meta.url);
const { dropDocDescriptions } = require('../../plugins/first-load/dropDocDescriptions.cjs') as {
  dropDocDescriptions: (json: string) => string;
};

// The loader's transformation; tests/e2e/first-load.spec.ts checks that a build applies it to
// the chunk every doc page loads.
describe('first-load trims', () => {
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
