// SHA256SUMS of the offline bundle: written by `npm run bundle` (tools/bundle), checked by
// `node server.mjs --verify` and by `sha256sum -c SHA256SUMS` alike. One line per file of the
// bundle folder but this one, `<hex>  <path>` with the path relative to the folder.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

export const SUMS_FILE = 'SHA256SUMS';

/** The bundle's own files, relative, `/`-separated and sorted; SHA256SUMS itself left out. */
export function bundleFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(dir, relative), { withFileTypes: true })) {
      const path = relative ? posix.join(relative, entry.name) : entry.name;
      if (entry.isDirectory()) walk(path);
      else out.push(path);
    }
  };
  walk('');
  return out.filter((path) => path !== SUMS_FILE).sort();
}

export function sha256File(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** A path `sha256sum` writes as it is: no backslash or line break (it would escape those). */
function plainPath(path: string): boolean {
  return !/[\\\n\r]/.test(path);
}

/** The SHA256SUMS text for every file of `dir`. */
export function checksumsOf(dir: string): string {
  return bundleFiles(dir)
    .map((path) => {
      if (!plainPath(path)) throw new Error(`${path}: a bundle file name may not hold a backslash or a line break`);
      return `${sha256File(join(dir, path))}  ${path}\n`;
    })
    .join('');
}

export interface VerifyResult {
  /** Files whose checksum matched. */
  matched: number;
  /** One line per problem, each naming its file. */
  problems: string[];
}

/** Checks `dir` against its SHA256SUMS: every listed file matches, and no other file is there. */
export function verifyBundle(dir: string): VerifyResult {
  let text: string;
  try {
    text = readFileSync(join(dir, SUMS_FILE), 'utf8');
  } catch {
    return { matched: 0, problems: [`${SUMS_FILE}: missing from ${dir}`] };
  }
  const problems: string[] = [];
  const listed = new Set<string>();
  let matched = 0;
  text.split('\n').forEach((line, i) => {
    if (line === '') return;
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    const path = m?.[2];
    if (!m || !path || path.startsWith('/') || path.split('/').some((part) => part === '..' || part === '')) {
      problems.push(`${SUMS_FILE} line ${i + 1}: not "<sha256>  <relative path>"`);
      return;
    }
    listed.add(path);
    const file = join(dir, path);
    let stats;
    try {
      stats = lstatSync(file);
    } catch {
      problems.push(`${path}: missing`);
      return;
    }
    if (!stats.isFile()) problems.push(`${path}: not a regular file`);
    else if (sha256File(file) !== m[1]) problems.push(`${path}: checksum mismatch (changed since the bundle was made)`);
    else matched++;
  });
  for (const path of bundleFiles(dir)) {
    if (!listed.has(path)) problems.push(`${path}: not in ${SUMS_FILE} (added since the bundle was made)`);
  }
  return { matched, problems };
}
