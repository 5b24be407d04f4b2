import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` (recursively) whose name matches `name`, skipping folders in `skip`. */
export function listFiles(dir: string, name: RegExp, skip: readonly string[] = []): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return skip.includes(entry.name) ? [] : listFiles(full, name, skip);
    return name.test(entry.name) ? [full] : [];
  });
}
