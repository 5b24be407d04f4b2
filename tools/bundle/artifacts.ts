// The bundle's two generated files that come from other programs: the SBOM (cyclonedx-npm, the
// CycloneDX project's generator for npm) and the tarball (GNU tar, gzip from Node's zlib), both
// written so that the same inputs give the same bytes.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

/** CycloneDX JSON of the production dependencies (package-lock.json and node_modules), into `file`. */
export function writeSbom(file: string, repoRoot = process.cwd()): void {
  const bin = join(repoRoot, 'node_modules', '.bin', 'cyclonedx-npm');
  const result = spawnSync(
    bin,
    ['--omit', 'dev', '--output-reproducible', '--output-format', 'JSON', '--output-file', file],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    const reason = result.error?.message ?? (result.stderr.trim().split('\n').at(-1) || `exit ${result.status}`);
    throw new Error(`cyclonedx-npm could not write the SBOM: ${reason}`);
  }
}

/** Seconds since 1970 for every file in the tarball: SOURCE_DATE_EPOCH when set, else now. */
export function bundleEpoch(): number {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return Number.isInteger(epoch) && epoch > 0 ? epoch : Math.floor(Date.now() / 1000);
}

/**
 * `<parent>/<folder>` as a gzipped tarball with that folder as its single top entry: names sorted,
 * owner root, one time, no write bit for group and others (GNU tar; gzip without a time stamp).
 */
export async function writeTarball(parent: string, folder: string, file: string, epoch = bundleEpoch()): Promise<void> {
  const tar = spawn(
    'tar',
    [
      '--sort=name',
      '--format=gnu',
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      `--mtime=@${epoch}`,
      '--mode=u+rwX,go+rX,go-w',
      '-cf',
      '-',
      '-C',
      parent,
      folder,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  tar.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((settle, fail) => {
    tar.once('error', fail);
    tar.once('close', settle);
  });
  await pipeline(tar.stdout, createGzip({ level: 9 }), createWriteStream(file));
  const code = await exited;
  if (code !== 0) throw new Error(`tar failed (exit ${code}): ${stderr.trim()}`);
}
