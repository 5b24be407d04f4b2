// The README's claims that drift when the code moves: the packages it names under Dependencies,
// the folders under "Where things live", the scripts `npm test` runs under Tests.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Root, RootContent, Table } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../plugins/docs-content/parse';

const root = path.join(__dirname, '..', '..');
const readme = parseMarkdown(readFileSync(path.join(root, 'README.md'), 'utf8'));
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
  if (start === -1) throw new Error(`README has no "## ${title}"`);
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
    if ('children' in node) for (const child of node.children) visit(child as RootContent);
  };
  for (const block of blocks) visit(block);
  return out;
}

describe('README: Dependencies', () => {
  const packages = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)];
  const rows = firstCells(section(readme, 'Dependencies'));
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

describe('README: Where things live', () => {
  const paths = firstCells(section(readme, 'Where things live')).flat();
  const normalised = paths.map((p) => p.replace(/\/$/, ''));
  const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const folders = (depth: number, under?: string) =>
    [
      ...new Set(
        tracked
          .map((file) => file.split('/'))
          .filter((parts) => parts.length > depth && (under === undefined || parts[0] === under))
          .map((parts) => parts.slice(0, depth).join('/')),
      ),
    ].sort();
  /** A row covers a folder when its path is the folder or lies inside it. */
  const covered = (folder: string) => normalised.some((p) => p === folder || p.startsWith(`${folder}/`));

  it('has a row for every tracked top-level folder', () => {
    expect(folders(1).filter((folder) => !covered(folder))).toEqual([]);
  });

  it('has a row of its own for every folder of src/, plugins/ and tests/', () => {
    const inner = ['src', 'plugins', 'tests'].flatMap((top) => folders(2, top));
    expect(inner.length).toBeGreaterThan(20);
    expect(inner.filter((folder) => !normalised.includes(folder))).toEqual([]);
  });

  it('names only paths that exist', () => {
    expect(paths.filter((p) => !existsSync(path.join(root, p)))).toEqual([]);
  });
});

describe('README: Tests', () => {
  it('names every script `npm test` runs', () => {
    const run = [...pkg.scripts.test!.matchAll(/npm run ([\w:-]+)/g)].map((m) => `npm run ${m[1]}`);
    expect(run.length).toBeGreaterThan(3);
    const named = codeSpans(section(readme, 'Tests'));
    expect(run.filter((command) => !named.includes(command))).toEqual([]);
  });
});
