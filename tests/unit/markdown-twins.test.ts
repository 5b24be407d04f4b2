import { describe, expect, it } from 'vitest';
import { parseDoc } from '../../plugins/docs-content/parse';
import { rewriteUrl, toTwinMarkdown, type SiteLinks } from '../../plugins/markdown-twins/convert';
import { isPublicRoute, llmsFullTxt, llmsSections, llmsTxt, type LlmsDoc } from '../../plugins/markdown-twins/llms';
import { twinPath } from '../../shared/routing/twin';

const links: SiteLinks = {
  siteUrl: 'https://docs.example.com',
  docAtRoute: (route) =>
    ['/', '/install-options', '/guides/concept', '/releases/2024-01'].includes(route) ? route : null,
  docAtSource: (source) => ({ 'docs/guides/concept.md': '/guides/concept' })[source] ?? null,
};

const page = (body: string, sourcePath = 'docs/guides/connections/snowflake.md') => ({
  title: 'Snowflake',
  description: 'Connect Veriq\nto Snowflake.',
  doc: parseDoc(sourcePath, `---\ntitle: Snowflake\nslug: /guides/connections/snowflake\n---\n\n${body}`),
});

describe('twin paths', () => {
  it('adds .md to the route, and names the home page index.md', () => {
    expect(twinPath('/install-options')).toBe('/install-options.md');
    expect(twinPath('/guides/connections/snowflake')).toBe('/guides/connections/snowflake.md');
    expect(twinPath('/')).toBe('/index.md');
  });
});

describe('Markdown twin of a page', () => {
  it('starts with the title and the description, without the front matter', () => {
    const twin = toTwinMarkdown(page('Some text.'), links);
    expect(twin).toBe('# Snowflake\n\n> Connect Veriq to Snowflake.\n\nSome text.\n');
  });

  it('keeps admonitions, tables, code fences and Mermaid as Markdown', () => {
    const body = [
      ':::warning[Before you start]',
      'Grant **USAGE** first.',
      ':::',
      '',
      '| Property | Default |',
      '| --- | --- |',
      '| Port | `443` |',
      '',
      '```sql title="grants.sql"',
      'GRANT USAGE ON WAREHOUSE veriq_wh TO ROLE veriq_reader;',
      '```',
      '',
      '```mermaid',
      'flowchart LR',
      '  A --> B',
      '```',
    ].join('\n');
    const twin = toTwinMarkdown(page(body), links);
    expect(twin).toContain(':::warning[Before you start]\nGrant **USAGE** first.\n:::');
    expect(twin).toContain('| Property | Default |\n| - | - |\n| Port | `443` |');
    expect(twin).toContain('```sql title="grants.sql"\nGRANT USAGE ON WAREHOUSE veriq_wh TO ROLE veriq_reader;\n```');
    expect(twin).toContain('```mermaid\nflowchart LR\n  A --> B\n```');
  });

  it('does not escape colons in times or URLs', () => {
    const twin = toTwinMarkdown(page('Runs at 02:00 against jdbc:snowflake://host.'), links);
    expect(twin).toContain('Runs at 02:00 against jdbc:snowflake://host.');
  });

  it('drops a leading h1 that repeats the title, and HTML comments', () => {
    const twin = toTwinMarkdown(page('# Snowflake\n\n<!-- note to writers -->\n\nText.'), links);
    expect(twin).toBe('# Snowflake\n\n> Connect Veriq to Snowflake.\n\nText.\n');
  });

  it('makes site links absolute, to the twin when the target is a page', () => {
    const twin = toTwinMarkdown(
      page(
        'See [options](/install-options#helm), [6.2](/releases/2024-01), [concepts](../concept.md), ' +
          '![logo](/img/logo.svg), [Snowflake docs](https://docs.snowflake.com) and [below](#grants).',
      ),
      links,
    );
    expect(twin).toContain('[options](https://docs.example.com/install-options.md#helm)');
    expect(twin).toContain('[6.2](https://docs.example.com/releases/2024-01.md)');
    expect(twin).toContain('[concepts](https://docs.example.com/guides/concept.md)');
    expect(twin).toContain('![logo](https://docs.example.com/img/logo.svg)');
    expect(twin).toContain('[Snowflake docs](https://docs.snowflake.com)');
    expect(twin).toContain('[below](#grants)');
  });

  it('in MDX, drops imports and expressions and keeps the Markdown inside JSX', () => {
    const body = [
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      '{/* a comment */}',
      '',
      '<Tabs>',
      '  <TabItem value="ui" label="Web app">',
      '',
      'Open **Connections**.',
      '',
      '  </TabItem>',
      '</Tabs>',
      '',
      'Costs {props.price} per <abbr title="month">mo</abbr>.',
    ].join('\n');
    const twin = toTwinMarkdown(page(body, 'docs/guides/connections/snowflake.mdx'), links);
    expect(twin).not.toMatch(/import|Tabs|TabItem|comment|props/);
    expect(twin).toContain('Open **Connections**.');
    expect(twin).toContain('Costs  per mo.');
  });

  it('reads .md as CommonMark: braces and angle brackets in prose stay text', () => {
    const twin = toTwinMarkdown(page('Use `${run_date}` or {run_date} in <b>bold</b>.'), links);
    expect(twin).toContain('Use `${run_date}` or {run_date} in <b>bold</b>.');
  });
});

describe('rewriteUrl', () => {
  it('leaves external, protocol-relative and mail links alone', () => {
    for (const url of ['https://x.org/a', '//cdn.x.org/a', 'mailto:a@b.c', '#anchor']) {
      expect(rewriteUrl(url, 'docs/a.md', links)).toBe(url);
    }
  });
  it('points the home page at index.md', () => {
    expect(rewriteUrl('/', 'docs/a.md', links)).toBe('https://docs.example.com/index.md');
  });
});

const docs: LlmsDoc[] = [
  { id: 'intro', title: 'Veriq documentation', description: 'Start here.', permalink: '/' },
  { id: 'install-options', title: 'Install options', description: 'Choose a method.', permalink: '/install-options' },
  { id: 'guides/concept', title: 'Key concepts', description: 'Rules [and] checks.', permalink: '/guides/concept' },
  { id: 'releases/2025-03', title: 'Veriq 6.5', permalink: '/releases/2025-03' },
  { id: 'archived/old', title: 'Old installer', description: 'Archived.', permalink: '/archived/old' },
];
const sidebars = {
  install: [
    { type: 'doc', id: 'intro' },
    { type: 'category', label: 'Install', items: [{ type: 'doc', id: 'install-options' }] },
  ],
  guides: [{ type: 'category', label: 'Start', link: { type: 'doc', id: 'guides/concept' }, items: [] }],
  releases: [
    { type: 'doc', id: 'releases/2025-03' },
    { type: 'link', href: 'https://x.org' },
  ],
};
const labels = { install: 'Installation', guides: 'Guides', releases: 'Releases' };
const site = { name: 'Veriq Docs', summary: 'Veriq tests\ndata.', siteUrl: 'https://docs.example.com' };

describe('llms.txt', () => {
  const sections = llmsSections(docs, sidebars, labels);

  it('has one section per sidebar in order, then the pages in no sidebar', () => {
    expect(sections.map((s) => [s.title, s.docs.map((d) => d.id)])).toEqual([
      ['Installation', ['intro', 'install-options']],
      ['Guides', ['guides/concept']],
      ['Releases', ['releases/2025-03']],
      ['Other pages', ['archived/old']],
    ]);
  });

  it('follows the llmstxt.org layout with absolute twin links', () => {
    const text = llmsTxt(site, sections);
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Veriq Docs');
    expect(lines[2]).toBe('> Veriq tests data.');
    expect(text).toContain(
      '## Installation\n\n- [Veriq documentation](https://docs.example.com/index.md): Start here.\n',
    );
    expect(text).toContain('- [Install options](https://docs.example.com/install-options.md): Choose a method.');
    // A guide's description is guide text: its line carries the title only.
    expect(text).toContain('- [Key concepts](https://docs.example.com/guides/concept.md)\n');
    expect(text).not.toContain('Rules [and] checks.');
    expect(text).toContain('- [Veriq 6.5](https://docs.example.com/releases/2025-03.md)\n');
  });

  it('names the MCP endpoint, before the first section', () => {
    const text = llmsTxt(site, sections);
    const mcp = text.indexOf('MCP server (Streamable HTTP): https://docs.example.com/mcp:');
    expect(mcp).toBeGreaterThan(0);
    expect(mcp).toBeLessThan(text.indexOf('## Installation'));
  });

  it('llms-full.txt holds every public page and no guide text', () => {
    const full = llmsFullTxt(site, sections, (doc) => `# ${doc.title}\n\nBody of ${doc.id}.`);
    expect(full).toContain('Body of intro.');
    expect(full).toContain('Body of install-options.');
    expect(full).toContain('Body of releases/2025-03.');
    expect(full).toContain('Body of archived/old.');
    expect(full).not.toContain('guides');
    expect(full).toContain('Source: https://docs.example.com/install-options.md');
  });

  it('treats /guides and everything under it as private, and nothing else', () => {
    expect(isPublicRoute('/guides')).toBe(false);
    expect(isPublicRoute('/guides/connections/snowflake')).toBe(false);
    expect(isPublicRoute('/guidesx')).toBe(true);
    expect(isPublicRoute('/restricted/pgsql-migrate')).toBe(true);
  });
});

describe('links to private pages', () => {
  it('point at the page, not the twin, when the policy says so', () => {
    const fromPublic: SiteLinks = { ...links, linksToTwin: (target) => !target.startsWith('/guides') };
    expect(rewriteUrl('/guides/concept#rules', 'docs/intro.md', fromPublic)).toBe(
      'https://docs.example.com/guides/concept#rules',
    );
    expect(rewriteUrl('guides/concept.md', 'docs/intro.md', fromPublic)).toBe(
      'https://docs.example.com/guides/concept',
    );
    expect(rewriteUrl('/install-options', 'docs/intro.md', fromPublic)).toBe(
      'https://docs.example.com/install-options.md',
    );
  });
});
