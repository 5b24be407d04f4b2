// What the single-version trims depend on, read from the site itself, so that adding a docs
// version (versions.json) or a generated index page makes the trims step aside instead of
// breaking the version dropdown, the banners or the index cards. README.md ("Adding a second
// docs version") has the procedure; tests/unit/framework-versions.test.ts runs it on a fixture.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface DocsVersions {
  /** The released versions in versions.json, newest first; empty on a site with only `current`. */
  released: string[];
  /** True when the site documents more than one version. */
  versioned: boolean;
}

/** The docs versions of the site at `siteDir` (the docs plugin's default instance). */
export function siteDocsVersions(siteDir: string): DocsVersions {
  const file = path.join(siteDir, 'versions.json');
  const released = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : [];
  if (!Array.isArray(released) || !released.every((v) => typeof v === 'string')) {
    throw new Error(`${file}: expected a JSON array of version names`);
  }
  return { released, versioned: released.length > 0 };
}

/**
 * True when a sidebar has a generated index page: its DocCards show each doc's title and
 * description from the version metadata, which the `version-docs` trim leaves out.
 */
export function sidebarsUseDocCards(sidebars: unknown): boolean {
  return JSON.stringify(sidebars ?? {}).includes('"generated-index"');
}

/**
 * True when a doc under `docsDir` renders DocCard or DocCardList: a card shows its doc's title
 * and description from the version metadata (useDocById, which throws on a doc it lacks).
 */
export function docsUseDocCards(docsDir: string): boolean {
  if (!existsSync(docsDir)) return false;
  return readdirSync(docsDir, { recursive: true, withFileTypes: true }).some(
    (entry) =>
      entry.isFile() &&
      entry.name.endsWith('.mdx') &&
      /<DocCard(List)?\b/.test(readFileSync(path.join(entry.parentPath, entry.name), 'utf8')),
  );
}
