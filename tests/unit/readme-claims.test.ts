// The claims of the README and the maintainer pages that drift when the code moves: the folder map
// and the paths they name against the tree, the packages against package.json, the scripts
// `npm test` runs against the testing page. Prose is not checked; the tables and paths are.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Root, RootContent, Table } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../plugins/docs-content/parse';

const root = path.join(__dirname, '..', '..');
const readmeText = readFileSync(path.join(root, 'README.md'), 'utf8');
const readme = parseMarkdown(readmeText);
const page = (name: string) => parseMarkdown(readFileSync(path.join(root, 'maintainers', name), 'utf8'));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The blocks of the section under an h2, up to the next h2. */
function section(tree: Root, title: string): RootContent[] {
  const start = tree.children.findIndex(
    (node) =>
      node.type === 'heading' && node.depth === 2 && node.children.some((c) => 'value' in c && c.value === title),
  );
  if (start === -1) throw new Error(`no "## ${title}"`);
  const next = tree.children.findIndex((node, i) => i > start && node.type === 'heading' && node.depth === 2);
  return tree.children.slice(start + 1, next === -1 ? undefined : next);
}

/** The code spans of each row's first cell, header row left out. */
function firstCells(blocks: RootContent[]): string[][] {
  const table = blocks.find((node): node is Table => node.type === 'table');
  if (!table) throw new Error('no table in the section');
  return table.children
    .slice(1)
    .map((row) => (row.children[0]?.children ?? []).flatMap((n) => (n.type === 'inlineCode' ? [n.value] : [])));
}

/** Every inline code span in some blocks. */
function codeSpans(blocks: RootContent[]): string[] {
  const out: string[] = [];
  const visit = (node: RootContent | Root) => {
    if (node.type === 'inlineCode') out.push(node.value);
    if ('children' in node) for (const child of node.children) visit(child);
  };
  for (const block of blocks) visit(block);
  return out;
}

describe('maintainers/dependencies.md: Packages', () => {
  const packages = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)];
  const rows = firstCells(section(page('dependencies.md'), 'Packages'));
  // A name matches itself or, as a glob (`mdast-util-*`), the packages it covers; a bare name
  // after a scoped one in the same cell (`@docusaurus/core`, `preset-classic`) shares its scope.
  const glob = (name: string) => new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  const matchers = rows.flatMap((names) => {
    const scope = names.find((n) => n.startsWith('@'))?.split('/')[0];
    return names.map((name) => {
      const patterns = [glob(name), ...(scope && !name.startsWith('@') ? [glob(`${scope}/${name}`)] : [])];
      return { name, matches: (p: string) => patterns.some((pattern) => pattern.test(p)) };
    });
  });

  it('names every package in package.json', () => {
    expect(packages.filter((p) => !matchers.some((m) => m.matches(p)))).toEqual([]);
  });

  it('names no package that package.json does not have', () => {
    expect(matchers.filter((m) => !packages.some((p) => m.matches(p))).map((m) => m.name)).toEqual([]);
  });
});

describe('README: Folders', () => {
  const rows = firstCells(section(readme, 'Folders'))
    .flat()
    .map((p) => p.replace(/\/$/, ''));
  const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const topFolders = [...new Set(tracked.filter((f) => f.includes('/')).map((f) => f.split('/')[0]))].sort();

  it('stays short', () => {
    expect(readmeText.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('has a row for every tracked top-level folder, and only for those', () => {
    expect(topFolders.length).toBeGreaterThan(10);
    expect(topFolders.filter((folder) => !rows.includes(folder))).toEqual([]);
    expect(rows.filter((row) => !topFolders.includes(row))).toEqual([]);
  });
});

describe('README and maintainer pages: paths and links', () => {
  const files = [
    'README.md',
    'CONTRIBUTING.md',
    ...readdirSync(path.join(root, 'maintainers'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.md'))
      .map((f) => path.join('maintainers', f)),
  ];
  const tops = readdirSync(root).filter((name) => !name.startsWith('.') && name !== 'node_modules');
  const looksLikePath = (span: string) =>
    /^[\w.-]+\/[\w./-]*$/.test(span) &&
    !/(^|\/)[A-Z_]+(\.\w+)?$/.test(span) &&
    tops.includes(span.split('/')[0]) &&
    !/^build(-e2e)?\//.test(span);

  for (const file of files) {
    const tree = parseMarkdown(readFileSync(path.join(root, file), 'utf8'));
    it(`${file} names only repository paths that exist`, () => {
      const missing = codeSpans(tree.children)
        .filter(looksLikePath)
        .filter((span) => !existsSync(path.join(root, span)));
      expect(missing).toEqual([]);
    });
    it(`${file} links only to files that exist`, () => {
      const links: string[] = [];
      const visit = (node: Root | RootContent) => {
        if (node.type === 'link' && !/^[a-z]+:|^[#/]/.test(node.url)) links.push(node.url.split('#')[0]);
        if ('children' in node) for (const child of node.children) visit(child);
      };
      visit(tree);
      expect(links.filter((url) => !existsSync(path.join(root, path.dirname(file), url)))).toEqual([]);
    });
  }
});

describe('maintainers/testing.md: The full test command', () => {
  it('names every script `npm test` runs', () => {
    const run = [...pkg.scripts.test.matchAll(/npm run ([\w:-]+)/g)].map((m) => `npm run ${m[1]}`);
    expect(run.length).toBeGreaterThan(3);
    const named = codeSpans(section(page('testing.md'), 'The full test command'));
    expect(run.filter((command) => !named.includes(command))).toEqual([]);
  });
});
