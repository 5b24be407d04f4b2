// A lockfile is complete when every platform's binary that a package lists as an optional
// dependency is locked too. npm drops the entries the registry it resolved against does not
// carry, and `npm ci` on another platform (a Mac, Windows, a standard CI image) then refuses the
// lockfile as out of sync ("Missing: @swc/core-darwin-arm64 from lock file"). package.json pins
// such packages (overrides) to releases published for every platform; this check keeps it so.

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

export interface Lockfile {
  packages: Record<string, LockEntry>;
}

/** Where npm would find `name` for the package installed at `from` (node_modules lookup upwards). */
function resolves(lock: Lockfile, from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    const at = dir.lastIndexOf('/node_modules/');
    if (at < 0) return dir !== '' && lock.packages[`node_modules/${name}`] !== undefined;
    dir = dir.slice(0, at);
  }
}

/** Each `package -> optional dependency` pair that the lockfile does not lock. */
export function missingOptionalDependencies(lock: Lockfile): string[] {
  const missing: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolves(lock, path, name)) missing.push(`${path || '(root)'} -> ${name}`);
    }
  }
  return missing;
}
