// Plugins that publish generated files (search content files, Markdown twins, the releases feed)
// write them into a static directory of their own, which `npm start` serves and the build copies
// into the output. Each run replaces the folder whole: names that carry hashes of old content,
// or pages that were removed, must not linger.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface GeneratedFile {
  /** Path inside the folder, with `/` separators, e.g. `guides/concept.md`. */
  path: string;
  body: string;
}

export async function replaceStaticFolder(root: string, files: readonly GeneratedFile[]): Promise<void> {
  await rm(root, { recursive: true, force: true });
  await Promise.all(
    files.map(async (file) => {
      const target = path.join(root, file.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.body);
    }),
  );
}
