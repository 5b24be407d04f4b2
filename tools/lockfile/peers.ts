// A lockfile whose tree leaves a peer dependency unmet makes `npm ci` print a screen of
// "npm warn ERESOLVE overriding peer dependency" that readers cannot tell from a real failure.
// npm records every package's peer ranges in the lockfile, so the check reads them there: each
// peer must resolve, from the package's own folder upwards, to a version inside its range.
import semver from 'semver';

interface LockEntry {
  version?: string;
  link?: boolean;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export interface PeerLockfile {
  packages: Record<string, LockEntry>;
}

/** The lock entry npm would load `name` from, for the package installed at `from`. */
function resolve(lock: PeerLockfile, from: string, name: string): LockEntry | undefined {
  let dir = from;
  for (;;) {
    const entry = lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`];
    if (entry) return entry;
    if (dir === '') return undefined;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at < 0 ? '' : dir.slice(0, at);
  }
}

/** Each peer dependency the locked tree does not satisfy, as one readable line. */
export function unmetPeerDependencies(lock: PeerLockfile): string[] {
  const unmet: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.link) continue;
    for (const [name, range] of Object.entries(entry.peerDependencies ?? {})) {
      const found = resolve(lock, path, name);
      if (!found?.version) {
        if (!entry.peerDependenciesMeta?.[name]?.optional) unmet.push(`${path} needs ${name}@${range}: not installed`);
        continue;
      }
      if (!semver.satisfies(found.version, range, { includePrerelease: true })) {
        unmet.push(`${path} needs ${name}@${range}, but ${name}@${found.version} is installed`);
      }
    }
  }
  return unmet;
}
