// `npm run lint:lockfile`: fails when package-lock.json lacks a platform binary that `npm ci`
// on another platform needs (see scripts/lockfile/platforms.ts).
import { readFileSync } from 'node:fs';
import { missingOptionalDependencies, type Lockfile } from './lockfile/platforms';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lockfile;
const missing = missingOptionalDependencies(lock);
for (const m of missing) console.error(`package-lock.json does not lock ${m}`);
if (missing.length > 0) {
  console.error(
    'Pin the package in package.json "overrides" to a release whose binaries the registry carries for every platform, then run npm install.',
  );
  process.exit(1);
}
console.log(
  `package-lock.json locks every platform's optional binaries (${Object.keys(lock.packages).length} entries)`,
);
