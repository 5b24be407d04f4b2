// The gate manifest of a build directory, for the Node tools that serve or measure a build
// (server/guide-gate/manifest.ts itself stays free of Node built-ins: it also runs on the edge).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_PATH, parseManifest, type GateManifest } from '../guide-gate/manifest';

export function readGateManifest(buildDir: string): GateManifest {
  const file = join(buildDir, MANIFEST_PATH);
  if (!existsSync(file)) throw new Error(`${buildDir} has no ${MANIFEST_PATH}: rebuild it with "npm run build".`);
  return parseManifest(JSON.parse(readFileSync(file, 'utf8')));
}
