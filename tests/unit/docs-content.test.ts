import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AllContent, LoadContext } from '@docusaurus/types';
import { describe, expect, it } from 'vitest';
import { docsContent } from '../../plugins/docs-content';
import { fixtureOutputs, SITE_DIR } from './docs-content/outputs';

// before.json holds what the fixture site (tests/unit/docs-content/site) built at d62da45, when each
// consumer parsed the Markdown on its own, through the same calls on the same docs metadata
// (site/loaded-docs.json). One parse must build the same outputs. One later change is written in
// by hand: llms.txt's line naming the MCP server, which llms.ts adds whatever parses the docs.
// Why: maintainers/decisions/2026-11-27-docs-one-parse.md
const before = JSON.parse(readFileSync(path.join(__dirname, 'docs-content', 'before.json'), 'utf8')) as Record<
  string,
  unknown
>;

describe('docs parsed once (plugins/docs-content)', () => {
  it('builds the same twins, llms files, error index, feed facts and guide split as the four parses did', async () => {
    const { outputs } = await fixtureOutputs();
    expect(outputs.files).toEqual(before.files);
    expect(outputs.errors).toEqual(before.errors);
    expect(outputs.releases).toEqual(before.releases);
    expect(outputs.guideSplit).toEqual(before.guideSplit);
  });

  it('builds the same search records, except that MDX code is no longer read as text', async () => {
    const { outputs } = await fixtureOutputs();
    const MDX_LEAD = '/guides/tables';
    const beforeRecords = before.records as typeof outputs.records;
    const others = (records: typeof outputs.records) => records.filter((r) => r.url !== MDX_LEAD);
    expect(others(outputs.records)).toEqual(others(beforeRecords));
    // The search parse read .mdx files as CommonMark, so import lines and `{expressions}` were
    // searchable text; the one parse reads MDX as MDX, as the page renders it.
    expect(beforeRecords.find((r) => r.url === MDX_LEAD)?.content).toBe(
      "import Tabs from '@theme/Tabs'; import TabItem from '@theme/TabItem'; Tables are compared row by row, {props.count} at a time.",
    );
    expect(outputs.records.find((r) => r.url === MDX_LEAD)?.content).toBe('Tables are compared row by row, at a time.');
  });

  it('gives every doc its structures from one parse: sections, twin, error rows, release facts, guide split', async () => {
    const { content } = await fixtureOutputs();
    const byId = new Map(content.docs.map((doc) => [doc.id, doc]));
    const intro = byId.get('intro')!;
    expect(intro.sections.map((s) => s.anchor)).toEqual([null, 'errors-you-may-see', 'deeper']);
    expect(intro.twin).toMatch(/^# Introduction\n\n> What Veriq is, and where to start\.\n/);
    expect(intro.errorRows.map((row) => row.anchor)).toEqual(Array(3).fill('errors-you-may-see'));
    expect(intro.publicMarkdown).toBeNull();
    expect(byId.get('releases/2025-03')!.releaseFacts).toEqual({ version: '6.5.0', date: '2025-03-18' });
    expect(byId.get('guides/connect')!.publicMarkdown).toContain('## Create the connection {#create}');
    // No twin for a page reachable by link only, but its guide split and rows are still derived.
    expect(byId.get('archived/old')!.twin).toBeNull();
  });

  it('builds once per load of the docs, whichever plugin asks first', () => {
    const loaded: unknown = JSON.parse(readFileSync(path.join(SITE_DIR, 'loaded-docs.json'), 'utf8'));
    const allContent = { 'docusaurus-plugin-content-docs': { default: loaded } } as unknown as AllContent;
    const context = { siteDir: SITE_DIR, siteConfig: { url: 'https://docs.example.com/' } } as LoadContext;
    const first = docsContent(allContent, context, 'a');
    expect(docsContent(allContent, context, 'b')).toBe(first);
    // A reload in `npm start` brings a new content object, and a new build of it.
    const reloaded = {
      'docusaurus-plugin-content-docs': { default: structuredClone(loaded) },
    } as unknown as AllContent;
    expect(docsContent(reloaded, context, 'a')).not.toBe(first);
    expect(() => docsContent({}, context, 'veriq-x')).toThrow(/veriq-x: the docs plugin's content is missing/);
  });
});
