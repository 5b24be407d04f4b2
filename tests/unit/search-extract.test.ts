import { describe, expect, it } from 'vitest';
import { headingText, parseDoc } from '../../plugins/docs-content/parse';
import { categoryPaths, type SidebarItemLike } from '../../plugins/docs-content/sidebars';
import { inlineToText, recordsOf, sectionsOf, type PageInfo } from '../../plugins/search-records/extract';

/** A page's records from its source, as the build makes them (one parse, then its sections). */
const extractRecords = (markdown: string, info: PageInfo) =>
  recordsOf(sectionsOf(parseDoc('docs/page.md', markdown)), info);

const page = { title: 'Snowflake', permalink: '/guides/connections/snowflake', category: 'Guides › Connections' };

const doc = `---
title: Snowflake
description: "Connect: a warehouse"
---

Veriq reads **Snowflake** through [JDBC](https://example.com/jdbc).

:::note Before you start
You need a <b>role</b> with \`USAGE\`.
:::

## Create the connection

| Field | Value |
|---|---|
| Account | \`xy12345\` |

### Test it

\`\`\`sql
-- ## not a heading
SELECT 1;
\`\`\`

\`\`\`mermaid
flowchart LR
  A --> B
\`\`\`

#### Deeper heading

Text under h4.

## Create the connection

Second section with the same heading.

## Use \`JDBC\` *drivers* {#custom-id}

Explicit id.

## Troubleshooting & FAQ

- item _one_
- item two
`;

describe('record extraction', () => {
  const records = extractRecords(doc, page);

  it('splits a page into its lead and one record per h2/h3', () => {
    expect(records.map((r) => r.section)).toEqual([
      '',
      'Create the connection',
      'Test it',
      'Create the connection',
      'Use JDBC drivers',
      'Troubleshooting & FAQ',
    ]);
    for (const r of records) {
      expect(r.title).toBe('Snowflake');
      expect(r.category).toBe('Guides › Connections');
      expect(r.id).toBe(r.url);
    }
  });

  it('uses Docusaurus heading ids as anchors (duplicates numbered, explicit ids kept)', () => {
    expect(records.map((r) => r.url)).toEqual([
      '/guides/connections/snowflake',
      '/guides/connections/snowflake#create-the-connection',
      '/guides/connections/snowflake#test-it',
      // the h4 took "deeper-heading"; the repeated h2 is numbered like github-slugger does
      '/guides/connections/snowflake#create-the-connection-1',
      '/guides/connections/snowflake#custom-id',
      '/guides/connections/snowflake#troubleshooting--faq',
    ]);
  });

  it('keeps plain text and code, strips markup, front matter and diagrams', () => {
    const [lead, table, test] = records;
    expect(lead.content).toBe('Veriq reads Snowflake through JDBC. Before you start You need a role with USAGE.');
    expect(lead.content).not.toContain('description');
    expect(table.content).toBe('Field Value Account xy12345');
    expect(test.content).toContain('-- ## not a heading SELECT 1;');
    expect(test.content).toContain('Deeper heading Text under h4.');
    expect(test.content).not.toContain('flowchart');
    expect(records[5].content).toBe('item one item two');
  });

  it('emits a lead record even for a page that starts with a heading', () => {
    expect(extractRecords('## Only\n\ntext', page).map((r) => [r.section, r.content])).toEqual([
      ['', ''],
      ['Only', 'text'],
    ]);
  });
});

describe('markdown parsing', () => {
  it('reads raw HTML as its text, legacy admonition titles as labels, and stray directives as text', () => {
    const [lead] = extractRecords(
      'Ratio 3:1 and Note:This stays.\n\n:::tip Before upgrading\nTake a <a href="x">snapshot</a>.<!-- hidden -->\n:::\n\n<details><summary>More</summary>\n\nInside.\n\n</details>\n',
      page,
    );
    expect(lead.content).toBe('Ratio 3:1 and Note:This stays. Before upgrading Take a snapshot. More Inside.');
  });

  it('keeps headings inside blocks in the slugger, as Docusaurus does', () => {
    const records = extractRecords('> ## Quoted\n\n## Quoted\n\nx', page);
    expect(records.map((r) => r.url)).toEqual([page.permalink, `${page.permalink}#quoted-1`]);
  });
});

describe('markdown helpers', () => {
  it('strips front matter only at the start', () => {
    expect(parseDoc('docs/a.md', '---\na: 1\n---\nbody').markdown).toBe('body');
    expect(parseDoc('docs/a.md', 'body\n---\na\n---\n').markdown).toBe('body\n---\na\n---\n');
  });

  it('turns inline markdown into text and leaves code spans alone', () => {
    expect(inlineToText('a **b** *c* _d_ [e](f) ![g](h) `*x*` snake_case_name &amp; \\*')).toBe(
      'a b c d e g *x* snake_case_name & *',
    );
  });

  it("reads explicit heading ids from a heading's plain text", () => {
    expect(headingText('Hello world {#hi}')).toEqual({ text: 'Hello world', explicitId: 'hi' });
    expect(headingText('Plain')).toEqual({ text: 'Plain', explicitId: undefined });
  });
});

describe('category paths', () => {
  const sidebars: Record<string, SidebarItemLike[]> = {
    install: [{ type: 'doc', id: 'intro' }],
    guides: [
      { type: 'doc', id: 'guides/concept' },
      {
        type: 'category',
        label: 'Connections',
        link: { type: 'doc', id: 'guides/connections/intro' },
        items: [
          { type: 'doc', id: 'guides/connections/snowflake' },
          { type: 'category', label: 'Files', items: [{ type: 'doc', id: 'guides/connections/s3' }] },
          { type: 'link' },
        ],
      },
    ],
  };
  const paths = categoryPaths(sidebars);

  it('joins the sidebar label and the category labels', () => {
    expect(Object.fromEntries(paths)).toEqual({
      intro: 'Installation',
      'guides/concept': 'Guides',
      'guides/connections/intro': 'Guides › Connections',
      'guides/connections/snowflake': 'Guides › Connections',
      'guides/connections/s3': 'Guides › Connections › Files',
    });
  });
});
