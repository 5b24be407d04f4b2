// The embedded backend's static assets, from the records: the public index (a lazy chunk; guide
// sections by title, section and category only, so no guide text reaches a signed-out reader),
// the guides index under assets/guides/ (gated), and each page's text in a file named by a hash
// of its bytes, so the host may cache it forever.
// Why: maintainers/decisions/2026-11-27-search-index-and-keys.md

import { createHash } from 'node:crypto';
import { isGatedUrl } from '../../shared/guide-gate/rules';
import { createIndex } from '../../shared/search/indexSchema';
import { packIndex, pageContents, type PackedIndex } from '../../shared/search/packedIndex';
import type { SearchRecord } from '../../shared/search/records';

/** Where public pages' content files live under the site's base URL (and under the static directory). */
const CONTENT_DIR = 'assets/search';
/** Everything with guide text (exported for the gate's list): the server's gate answers 401 under it without a session. */
export const GUIDES_DIR = 'assets/guides';
const GUIDES_CONTENT_DIR = `${GUIDES_DIR}/search`;

export interface AssetFile {
  /** Path relative to the base URL, e.g. `assets/search/backup-recovery.3f9a1c2b.json`. */
  path: string;
  body: string;
}

export interface SearchAssets {
  /** The index every reader may load. */
  publicIndex: PackedIndex;
  /** The index with the guides' text, and where it is written. */
  guidesIndex: AssetFile;
  /** Content files and the guides index, to write into the static directory. */
  files: AssetFile[];
}

/** A readable file stem for a permalink: `/guides/connections/snowflake` -> `guides-connections-snowflake`. */
export function fileStem(permalink: string): string {
  return permalink.replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9]+/g, '-') || 'index';
}

const hashOf = (body: string) => createHash('sha256').update(body).digest('hex').slice(0, 10);

/** A guide section as signed-out readers may see it: where it is, not what it says. */
function withoutText(record: SearchRecord): SearchRecord {
  return { ...record, content: '' };
}

export function buildSearchAssets(records: readonly SearchRecord[]): SearchAssets {
  const contentFiles = new Map<string, AssetFile>();
  for (const [permalink, content] of pageContents(records)) {
    const body = JSON.stringify(content);
    const dir = isGatedUrl(permalink) ? GUIDES_CONTENT_DIR : CONTENT_DIR;
    contentFiles.set(permalink, { path: `${dir}/${fileStem(permalink)}.${hashOf(body)}.json`, body });
  }
  const contentPath = (permalink: string) => {
    const file = contentFiles.get(permalink);
    if (!file) throw new Error(`search assets: no content file for ${permalink}`);
    return file.path;
  };

  const publicRecords = records.map((r) => (isGatedUrl(r.url) ? withoutText(r) : r));
  const publicIndex = packIndex(createIndex(publicRecords).toJSON(), (permalink) =>
    // No content file for a guide in the public index: its snippet stays empty.
    isGatedUrl(permalink) ? '' : contentPath(permalink),
  );
  const guidesBody = JSON.stringify(packIndex(createIndex(records).toJSON(), contentPath));
  const guidesIndex = { path: `${GUIDES_DIR}/search-index.${hashOf(guidesBody)}.json`, body: guidesBody };
  return { publicIndex, guidesIndex, files: [...contentFiles.values(), guidesIndex] };
}
