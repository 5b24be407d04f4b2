// The global-data-docs trim (./dropGlobalDataDocs.cjs) as a pure transformation.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { dropGlobalDataDocs } = require('./dropGlobalDataDocs.cjs') as { dropGlobalDataDocs: (json: string) => string };

describe('the global-data-docs trim', () => {
  it("empties the docs lists of the docs plugin's global data and keeps everything else", () => {
    const version = {
      name: 'current',
      path: '/',
      mainDocId: 'intro',
      docs: [{ id: 'intro', path: '/', sidebar: 'install' }],
      draftIds: [],
      sidebars: { install: { link: { path: '/', label: 'Introduction' } } },
    };
    const data = { 'docusaurus-plugin-content-docs': { default: { path: '/', versions: [version] } }, other: { x: 1 } };
    expect(JSON.parse(dropGlobalDataDocs(JSON.stringify(data)))).toEqual({
      ...data,
      'docusaurus-plugin-content-docs': { default: { path: '/', versions: [{ ...version, docs: [] }] } },
    });
    expect(dropGlobalDataDocs('{"other":true}')).toBe('{"other":true}');
  });
});
