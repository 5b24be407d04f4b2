// Zero-downtime reindex of the Typesense collection from the site's search records: new
// timestamped collection -> batched upsert import (every result line checked) -> alias switch ->
// drop the previous one. Only this Node-side code sees the admin key. The alias always points at a
// complete collection. Why: maintainers/decisions/2026-11-27-search-index-and-keys.md

import { Client } from 'typesense';
import type { CollectionCreateSchema } from 'typesense/lib/Typesense/Collections';
import { isLoopbackHost, parseTypesenseCollection, parseTypesenseHost, type TypesenseNode } from '../../config/typesense';
import { ACCESS_FIELD, type RecordAccess } from '../../shared/search/typesenseScopedKey';
import { isGatedUrl } from '../../shared/guide-gate/rules';
import type { RecordsFile } from '../../plugins/search-records/recordsFile';
import type { SearchRecord } from '../../shared/search/records';

const DEFAULT_BATCH_SIZE = 250;

export function collectionSchema(name: string): CollectionCreateSchema {
  return {
    name,
    fields: [
      { name: 'title', type: 'string' },
      { name: 'section', type: 'string' },
      { name: 'category', type: 'string', facet: true },
      { name: 'content', type: 'string' },
      { name: 'url', type: 'string' },
      // The public scoped key filters on it (shared/search/typesenseScopedKey.ts).
      { name: ACCESS_FIELD, type: 'string', facet: true },
    ],
  };
}

/** `docs_20261122T031500Z`: sortable, unique per second, valid as a collection name. */
export function timestampedName(alias: string, now: Date): string {
  return `${alias}_${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
}

export interface PushConfig {
  /** TYPESENSE_HOST as given, for messages. */
  host: string;
  node: TypesenseNode;
  adminApiKey: string;
  alias: string;
}

/** Who may read a record: guide sections only with a session (the gate's key). */
function recordAccess(record: Pick<SearchRecord, 'url'>): RecordAccess {
  return isGatedUrl(record.url) ? 'guides' : 'public';
}

/** The Typesense document of a record: the search record's fields and its access. */
export function toDocument({ id, title, section, category, content, url }: SearchRecord) {
  return { id, title, section, category, content, url, [ACCESS_FIELD]: recordAccess({ url }) };
}

/** The records to push; refuses those of `npm start`, which include draft pages. */
export function pushableRecords(file: RecordsFile, source: string): SearchRecord[] {
  if (file.mode !== 'production') {
    throw new PushError(
      `${source} holds the records of a development run (npm start), drafts included: run "npm run build" first`,
    );
  }
  return file.records;
}

class PushError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushError';
  }
}

/** Reads the push settings from the environment; throws one clear error for a missing key. */
export function readPushConfig(env: Record<string, string | undefined>): PushConfig {
  const host = env.TYPESENSE_HOST?.trim();
  const adminApiKey = env.TYPESENSE_ADMIN_API_KEY?.trim();
  const missing = [!host && 'TYPESENSE_HOST', !adminApiKey && 'TYPESENSE_ADMIN_API_KEY'].filter(Boolean);
  if (missing.length > 0) throw new PushError(`search:push needs ${missing.join(' and ')} (or use --dry-run)`);
  let alias: string;
  try {
    alias = parseTypesenseCollection(env.TYPESENSE_COLLECTION);
  } catch (error) {
    throw new PushError(`TYPESENSE_COLLECTION="${env.TYPESENSE_COLLECTION?.trim()}" ${(error as Error).message}`);
  }
  let node: TypesenseNode;
  try {
    node = parseTypesenseHost(host!);
  } catch (error) {
    throw new PushError(`TYPESENSE_HOST="${host}" ${(error as Error).message}`);
  }
  if (node.protocol === 'http' && !isLoopbackHost(node.host)) {
    throw new PushError(
      `TYPESENSE_HOST="${host}" uses plain http: the admin key would cross the network in clear text (http is allowed on loopback only)`,
    );
  }
  return { host: host!, node, adminApiKey: adminApiKey!, alias };
}

export function adminClient(config: PushConfig): Client {
  return new Client({
    nodes: [config.node],
    apiKey: config.adminApiKey,
    connectionTimeoutSeconds: 10,
    numRetries: 2,
    logLevel: 'silent',
  });
}

interface HttpLikeError {
  httpStatus?: number;
  code?: string;
  message: string;
}

function describe(error: unknown, config: PushConfig): Error {
  const e = error as HttpLikeError;
  if (!e || typeof e !== 'object') return new PushError(String(error));
  if (e.httpStatus === 401) return new PushError(`Typesense rejected TYPESENSE_ADMIN_API_KEY (401): ${e.message}`);
  const network = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'ECONNABORTED', 'EHOSTUNREACH'];
  if (
    (e.code && network.includes(e.code)) ||
    (!e.httpStatus && /connect|timeout|getaddrinfo|socket/i.test(e.message))
  ) {
    return new PushError(`cannot reach Typesense at ${config.host} (${e.code ?? e.message})`);
  }
  return error instanceof Error ? error : new PushError(e.message);
}

export interface PushOptions {
  batchSize?: number;
  now?: Date;
  log?: (line: string) => void;
}

export interface PushResult {
  collection: string;
  previous: string | null;
  imported: number;
  /** Set when the new index is live but a clean-up step failed (e.g. the old collection is still there). */
  warning?: string;
}

/** The collection the alias points at now, or null when there is no alias. */
async function aliasTarget(client: Client, config: PushConfig): Promise<string | null> {
  try {
    return (await client.aliases(config.alias).retrieve()).collection_name;
  } catch (error) {
    if ((error as HttpLikeError).httpStatus === 404) return null;
    throw describe(error, config);
  }
}

async function importAll(
  client: Client,
  name: string,
  records: readonly SearchRecord[],
  batchSize: number,
  log: (line: string) => void,
): Promise<void> {
  for (let start = 0; start < records.length; start += batchSize) {
    const batch = records.slice(start, start + batchSize).map(toDocument);
    const results = await client.collections(name).documents().import(batch, { action: 'upsert', throwOnFail: false });
    if (results.length !== batch.length) {
      throw new PushError(
        `import of documents ${start}..${start + batch.length - 1} returned ${results.length} result lines for ${batch.length} documents`,
      );
    }
    const failed = results.flatMap((result, i) =>
      result.success ? [] : [`${batch[i].id}: ${result.error ?? 'unknown error'}`],
    );
    if (failed.length > 0) {
      throw new PushError(`${failed.length} document(s) failed to import into ${name}:\n  ${failed.join('\n  ')}`);
    }
    log(`imported ${start + batch.length}/${records.length}`);
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs the whole reindex; on any failure the alias still points at a complete collection. */
export async function pushRecords(
  client: Client,
  config: PushConfig,
  records: readonly SearchRecord[],
  options: PushOptions = {},
): Promise<PushResult> {
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const name = timestampedName(config.alias, options.now ?? new Date());
  if (records.length === 0) throw new PushError('no search records to push');

  const previous = await aliasTarget(client, config);

  try {
    await client.collections().create(collectionSchema(name));
  } catch (error) {
    throw describe(error, config);
  }
  log(`created collection ${name}`);

  try {
    await importAll(client, name, records, batchSize, log);
    await client.aliases().upsert(config.alias, { collection_name: name });
    log(`alias ${config.alias} -> ${name}`);
  } catch (error) {
    // The switch may have been applied with its answer lost: ask before removing anything.
    let live: string | null | undefined;
    try {
      live = await aliasTarget(client, config);
    } catch {
      live = undefined;
    }
    if (live !== name) {
      // Unknown (Typesense unreachable) counts as "maybe live": keep the collection then.
      if (live !== undefined) {
        await client
          .collections(name)
          .delete()
          .catch(() => undefined);
      }
      throw describe(error, config);
    }
    log(`alias ${config.alias} -> ${name} (the switch was applied; its answer was lost: ${message(error)})`);
  }

  if (!previous || previous === name) return { collection: name, previous, imported: records.length };
  try {
    // Never drop what the alias points at, whoever moved it meanwhile.
    if ((await aliasTarget(client, config)) === previous) {
      throw new PushError(`the alias ${config.alias} points at ${previous} again`);
    }
    await client.collections(previous).delete();
    log(`dropped previous collection ${previous}`);
    return { collection: name, previous, imported: records.length };
  } catch (error) {
    const warning = `${name} is live, but the previous collection ${previous} was not dropped (${message(describe(error, config))}); drop it by hand`;
    log(`warning: ${warning}`);
    return { collection: name, previous, imported: records.length, warning };
  }
}

/** What --dry-run prints: the schema and the record counts, no server needed. */
export function dryRunReport(records: readonly SearchRecord[], alias: string, now = new Date()): string {
  const perCategory = new Map<string, number>();
  for (const r of records) perCategory.set(r.category || '(none)', (perCategory.get(r.category || '(none)') ?? 0) + 1);
  const pages = new Set(records.map((r) => r.url.split('#')[0])).size;
  const guides = records.filter((r) => recordAccess(r) === 'guides').length;
  const lines = [
    `schema: ${JSON.stringify(collectionSchema(timestampedName(alias, now)), null, 2)}`,
    `alias: ${alias}`,
    `records: ${records.length} from ${pages} pages (${records.length - guides} public, ${guides} guides)`,
    ...[...perCategory].sort((a, b) => b[1] - a[1]).map(([c, n]) => `  ${c}: ${n}`),
  ];
  return lines.join('\n');
}
