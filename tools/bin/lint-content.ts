// `npm run lint:content [folder ...]`: checks docs pages against CONTRIBUTING.md.
// With folders, only pages under them are reported (the repeated-sentence rule still compares
// against the whole site, since a sentence is repeated wherever its copies live).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  checkPage,
  checkRepeatedSentences,
  checkSectionMedians,
  checkUniqueDescriptions,
  parsePage,
  proseWords,
  type Finding,
} from '../content-checks/rules';
import { listFiles } from '../lib/listFiles';

// npm scripts run from the repository root.
const root = process.cwd();

const pages = listFiles(join(root, 'docs'), /\.mdx?$/).map((full) =>
  parsePage(relative(root, full), readFileSync(full, 'utf8')),
);
const filters = process.argv.slice(2).map((f) => f.replace(/\/$/, ''));
const inScope = (file: string) => filters.length === 0 || filters.some((f) => file.startsWith(f));

const findings: Finding[] = [
  ...pages.flatMap(checkPage),
  ...checkRepeatedSentences(pages),
  ...checkUniqueDescriptions(pages),
  ...checkSectionMedians(pages),
].filter((f) => f.file.split(', ').some(inScope));

const scoped = pages.filter((p) => inScope(p.file));
for (const p of scoped) {
  if (filters.length) console.log(`${String(proseWords(p)).padStart(5)} words  ${p.file}`);
}
for (const f of findings) console.error(`${f.file}: ${f.message}`);
console.log(`${scoped.length} pages checked, ${findings.length} findings`);
process.exit(findings.length ? 1 : 0);
