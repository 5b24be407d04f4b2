// The embedded backend's static assets, from the records: the packed index (bundled as a
// lazily imported chunk) and one content file per page, named by a hash of its bytes so the
// host may cache it forever (the /assets/* rule of config/hosting.ts).

import { createHash } from 'node:crypto';
import { createIndex } from '../../src/search/embeddedClient';
import { packIndex, pageContents, type PackedIndex } from '../../src/search/packedIndex';
import type { SearchRecord } from '../../src/search/records';

/** Where content files live under the site's base URL (and under the static directory). */
export const CONTENT_DIR = 'assets/search';

export interface ContentFile {
  /** Path relative to the base URL, e.g. `assets/search/guides-connections-snowflake.3f9a1c2b.json`. */
  path: string;
  body: string;
}

export interface SearchAssets {
  index: PackedIndex;
  files: ContentFile[];
}

/** A readable file stem for a permalink: `/guides/connections/snowflake` -> `guides-connections-snowflake`. */
export function fileStem(permalink: string): string {
  return permalink.replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9]+/g, '-') || 'index';
}

export function buildSearchAssets(records: readonly SearchRecord[]): SearchAssets {
  const files = new Map<string, ContentFile>();
  for (const [permalink, content] of pageContents(records)) {
    const body = JSON.stringify(content);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
    files.set(permalink, { path: `${CONTENT_DIR}/${fileStem(permalink)}.${hash}.json`, body });
  }
  const index = packIndex(createIndex(records).toJSON(), (permalink) => {
    const file = files.get(permalink);
    if (!file) throw new Error(`search assets: no content file for ${permalink}`);
    return file.path;
  });
  return { index, files: [...files.values()] };
}
