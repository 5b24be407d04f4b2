// The release the books are for: the version row of the newest release page's "At a glance" table
// (docs/releases/YYYY-MM.md), the same source the releases feed reads (content/facts/release-pages.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import { parseMarkdown } from '../../plugins/docs-content/parse';
import { releaseFacts } from '../../plugins/releases-feed/feed';

export interface Release {
  /** Full version, e.g. 6.5.0 */
  version: string;
  /** Major.minor, the name readers and file names use, e.g. 6.5 */
  name: string;
}

export function currentRelease(docsDir: string): Release {
  const dir = join(docsDir, 'releases');
  const pages = readdirSync(dir)
    .filter((f) => /^\d{4}-\d{2}\.mdx?$/.test(f))
    .sort();
  const newest = pages.at(-1);
  if (!newest) throw new Error(`${dir} holds no release page (YYYY-MM.md)`);
  const { content } = matter(readFileSync(join(dir, newest), 'utf8'));
  const { version } = releaseFacts(parseMarkdown(content, newest.endsWith('.mdx')));
  const match = version ? /^(\d+)\.(\d+)(?:\.\d+)?$/.exec(version) : null;
  if (!version || !match) throw new Error(`${newest}: the At a glance table has no "Version" row like 6.5.0`);
  return { version, name: `${match[1]}.${match[2]}` };
}
