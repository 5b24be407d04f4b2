import { describe, expect, it } from 'vitest';
import {
  checkPage,
  checkRepeatedSentences,
  checkSectionMedians,
  parsePage,
  proseWords,
  sectionOf,
} from '../../tools/content-checks/rules';

const words = (n: number, seed = 'word') => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');

function page(
  body: string,
  fm = 'title: A page\ndescription: A description long enough to pass the length rule of the linter.',
) {
  return parsePage('docs/guides/x/page.md', `---\n${fm}\n---\n${body}`);
}

describe('content rules', () => {
  const good = `${words(420)}\n\n## Section\n\nText.\n\n\`\`\`bash\nls\n\`\`\`\n\n## Related\n\n- [Home](/)\n`;

  it('accepts a complete page', () => {
    expect(checkPage(page(good))).toEqual([]);
  });

  it('flags missing front matter, h4 and placeholders', () => {
    const bad = page(`#### Deep\n\nTODO write this.\n`, 'title: x');
    const messages = checkPage(bad)
      .map((f) => f.message)
      .join('\n');
    expect(messages).toMatch(/no description/);
    expect(messages).toMatch(/h4/);
    expect(messages).toMatch(/placeholder/);
    expect(messages).toMatch(/Related/);
    expect(messages).toMatch(/minimum is 400/);
  });

  it('flags a JSX <CodeBlock>, which the build cannot highlight', () => {
    const messages = checkPage(page(`${good}\n<CodeBlock language="sql">{'SELECT 1'}</CodeBlock>\n`)).map(
      (f) => f.message,
    );
    expect(messages).toEqual([expect.stringMatching(/fenced code blocks only/)]);
  });

  it('flags a front matter value YAML would misread', () => {
    const p = page(good, 'title: A page\ndescription: Reference for X: versions, paths and commands of the installer.');
    expect(checkPage(p).map((f) => f.message)).toContain(
      'front matter "description" must be quoted: YAML misreads its value',
    );
  });

  it('does not count code as prose, whatever the fence', () => {
    expect(proseWords('one two\n```bash\nthree four five\n```\n')).toBe(2);
    expect(proseWords('one two\n~~~bash\nthree four five\n~~~\n')).toBe(2);
    expect(proseWords('one two\n````md\n```bash\nthree\n```\nfour five\n````\nsix\n')).toBe(3);
  });

  it("does not read a heading inside a code block as the page's structure", () => {
    const messages = checkPage(page(`${good}\n~~~markdown\n#### Not a heading\n~~~\n`)).map((f) => f.message);
    expect(messages).toEqual([]);
  });

  it('reads front matter as YAML: quoted values keep their colons', () => {
    const p = page(
      good,
      'title: "Helm: install"\nsidebar_label: Helm\ndescription: \'Reference for X: versions, paths and commands of the installer.\'',
    );
    expect(p.frontMatter.title).toBe('Helm: install');
    expect(p.frontMatter.description).toBe('Reference for X: versions, paths and commands of the installer.');
    expect(checkPage(p)).toEqual([]);
  });

  it('flags a 12-word sentence repeated on three pages, not on two', () => {
    const sentence = 'This exact sentence has twelve words in it and it repeats here.';
    const pages = ['a', 'b', 'c'].map((n) => parsePage(`docs/${n}.md`, `---\ntitle: t\n---\n${sentence}\n`));
    const inTable = ['a', 'b', 'c'].map((n) =>
      parsePage(`docs/${n}.md`, `---\ntitle: t\n---\n| Column |\n| --- |\n| ${sentence} |\n`),
    );
    expect(checkRepeatedSentences(inTable)).toEqual([]);
    expect(checkRepeatedSentences(pages.slice(0, 2))).toEqual([]);
    expect(checkRepeatedSentences(pages)).toHaveLength(1);
  });

  it('groups pages into sections and checks the median', () => {
    expect(sectionOf('docs/helm-manage.md')).toBe('install');
    expect(sectionOf('docs/guides/connections/oracle.md')).toBe('guides/connections');
    expect(sectionOf('docs/releases/2025-03.md')).toBe('releases');
    const short = [1, 2, 3].map((i) => parsePage(`docs/guides/s/p${i}.md`, `---\ntitle: t\n---\n${words(500)}`));
    expect(checkSectionMedians(short)).toHaveLength(1);
  });
});

describe('generic Markdown rules (markdownlint-cli2 with the repository config)', () => {
  async function lint(markdown: string): Promise<string[]> {
    const { readFileSync } = await import('node:fs');
    const { parse } = await import('jsonc-parser');
    const { lint: markdownlint } = await import('markdownlint/promise');
    const { config } = parse(readFileSync('.markdownlint-cli2.jsonc', 'utf8')) as { config: Record<string, unknown> };
    const results = await markdownlint({ strings: { page: markdown }, config });
    return results.page.map((r) => r.ruleNames[1]);
  }

  it('flags a second title and a fence without a language', async () => {
    const rules = await lint('---\ntitle: A page\n---\n\n# Title\n\n```\nls\n```\n');
    expect(rules).toContain('single-title');
    expect(rules).toContain('fenced-code-language');
  });

  it('accepts a page in the site style', async () => {
    expect(
      await lint('---\ntitle: A page\n---\n\nText with **bold** and *emphasis*.\n\n- item\n\n```bash\nls\n```\n'),
    ).toEqual([]);
  });
});
