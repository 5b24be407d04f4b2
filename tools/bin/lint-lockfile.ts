// `npm run lint:lockfile`: fails when package-lock.json lacks a platform binary that `npm ci`
// on another platform needs (tools/lockfile/platforms.ts), or leaves a peer dependency unmet,
// which `npm ci` reports as a screen of ERESOLVE warnings (tools/lockfile/peers.ts).
import { readFileSync } from 'node:fs';
import { missingOptionalDependencies, type Lockfile } from '../lockfile/platforms';
import { unmetPeerDependencies } from '../lockfile/peers';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lockfile;
const missing = missingOptionalDependencies(lock);
for (const m of missing) console.error(`package-lock.json does not lock ${m}`);
if (missing.length > 0) {
  console.error(
    'Pin the package in package.json "overrides" to a release whose binaries the registry carries for every platform, then run npm install.',
  );
  process.exit(1);
}
const unmet = unmetPeerDependencies(lock);
for (const u of unmet) console.error(`package-lock.json: ${u}`);
if (unmet.length > 0) {
  console.error(
    'Resolve the conflict in package.json "overrides" (a version of the dependency whose peer range the tree meets), then run npm install; --legacy-peer-deps only hides it.',
  );
  process.exit(1);
}
console.log(
  `package-lock.json locks every platform's optional binaries and meets every peer dependency (${Object.keys(lock.packages).length} entries)`,
);
