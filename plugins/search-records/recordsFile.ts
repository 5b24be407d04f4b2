// The records file the plugin leaves in .docusaurus for search:push and bench:search. It says
// which kind of run wrote it: `npm start` includes draft pages, so only a production build's
// records may be pushed to the live index.

import path from 'node:path';
import type { SearchRecord } from '../../shared/search/records';

export const PLUGIN_NAME = 'veriq-search-records';
export const RECORDS_FILE = 'search-records.json';
/** Where the records of the last run are, relative to the site directory (createData's folder). */
export const RECORDS_PATH = path.join('.docusaurus', PLUGIN_NAME, 'default', RECORDS_FILE);

/** `production` for `docusaurus build` (drafts left out), `development` for `npm start`. */
export type RecordsMode = 'production' | 'development';

export interface RecordsFile {
  mode: RecordsMode;
  records: SearchRecord[];
}

/** The mode of the running Docusaurus command: the build sets NODE_ENV to production. */
export function currentMode(env: Record<string, string | undefined> = process.env): RecordsMode {
  return env.NODE_ENV === 'production' ? 'production' : 'development';
}

export function parseRecordsFile(json: string, source: string): RecordsFile {
  const value = JSON.parse(json) as unknown;
  if (Array.isArray(value)) {
    throw new Error(`${source} was written by an older version of the site: run "npm run build" again`);
  }
  const file = value as Partial<RecordsFile>;
  if ((file.mode !== 'production' && file.mode !== 'development') || !Array.isArray(file.records)) {
    throw new Error(`${source} is not a search records file`);
  }
  return { mode: file.mode, records: file.records };
}
