// Zero-downtime reindex of the Typesense collection from the site's search records:
// new timestamped collection -> batched upsert import (every result line checked) -> alias
// switch -> drop the previous collection. Only this Node-side code ever sees the admin key.

import { Client } from 'typesense';
import type { CollectionCreateSchema } from 'typesense/lib/Typesense/Collections';
import type { SearchRecord } from '../src/search/records';

export const DEFAULT_BATCH_SIZE = 250;
export const DEFAULT_RECORDS_PATH = '.docusaurus/veriq-search-records/default/search-records.json';

export function collectionSchema(name: string): CollectionCreateSchema {
  return {
    name,
    fields: [
      { name: 'title', type: 'string' },
      { name: 'section', type: 'string' },
      { name: 'category', type: 'string', facet: true },
      { name: 'content', type: 'string' },
      { name: 'url', type: 'string' },
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
  /** Host name, or a full origin for a local stand-in (http://127.0.0.1:8108). */
  host: string;
  adminApiKey: string;
  alias: string;
}

export class PushError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushError';
  }
}

/** Reads the push settings from the environment; throws one clear error for a missing key. */
export function readPushConfig(env: Record<string, string | undefined>): PushConfig {
  const host = env.TYPESENSE_HOST?.trim();
  const adminApiKey = env.TYPESENSE_ADMIN_API_KEY?.trim();
  const alias = env.TYPESENSE_COLLECTION?.trim() || 'docs';
  const missing = [!host && 'TYPESENSE_HOST', !adminApiKey && 'TYPESENSE_ADMIN_API_KEY'].filter(Boolean);
  if (missing.length > 0) throw new PushError(`search:push needs ${missing.join(' and ')} (or use --dry-run)`);
  if (!/^[A-Za-z0-9_-]+$/.test(alias))
    throw new PushError(`TYPESENSE_COLLECTION="${alias}" may contain only letters, digits, "_" and "-"`);
  return { host: host!, adminApiKey: adminApiKey!, alias };
}

export function adminClient(config: PushConfig): Client {
  let node: { host: string; port: number; protocol: string };
  if (/^[a-z]+:\/\//i.test(config.host)) {
    const url = new URL(config.host);
    node = {
      host: url.hostname,
      port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
      protocol: url.protocol.replace(':', ''),
    };
  } else {
    node = { host: config.host, port: 443, protocol: 'https' };
  }
  return new Client({
    nodes: [node],
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
}

/** Runs the whole reindex; on any failure the alias still points at the previous collection. */
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

  let previous: string | null = null;
  try {
    previous = (await client.aliases(config.alias).retrieve()).collection_name;
  } catch (error) {
    if ((error as HttpLikeError).httpStatus !== 404) throw describe(error, config);
  }

  try {
    await client.collections().create(collectionSchema(name));
  } catch (error) {
    throw describe(error, config);
  }
  log(`created collection ${name}`);

  try {
    for (let start = 0; start < records.length; start += batchSize) {
      const batch = records
        .slice(start, start + batchSize)
        .map(({ id, title, section, category, content, url }) => ({ id, title, section, category, content, url }));
      const results = await client
        .collections(name)
        .documents()
        .import(batch, { action: 'upsert', throwOnFail: false });
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
    await client.aliases().upsert(config.alias, { collection_name: name });
    log(`alias ${config.alias} -> ${name}`);
  } catch (error) {
    // Leave no half-filled collection behind; the alias was not moved.
    await client
      .collections(name)
      .delete()
      .catch(() => undefined);
    throw describe(error, config);
  }

  if (previous && previous !== name) {
    await client.collections(previous).delete();
    log(`dropped previous collection ${previous}`);
  }
  return { collection: name, previous, imported: records.length };
}

/** What --dry-run prints: the schema and the record counts, no server needed. */
export function dryRunReport(records: readonly SearchRecord[], alias: string, now = new Date()): string {
  const perCategory = new Map<string, number>();
  for (const r of records) perCategory.set(r.category || '(none)', (perCategory.get(r.category || '(none)') ?? 0) + 1);
  const pages = new Set(records.map((r) => r.url.split('#')[0])).size;
  const lines = [
    `schema: ${JSON.stringify(collectionSchema(timestampedName(alias, now)), null, 2)}`,
    `alias: ${alias}`,
    `records: ${records.length} from ${pages} pages`,
    ...[...perCategory].sort((a, b) => b[1] - a[1]).map(([c, n]) => `  ${c}: ${n}`),
  ];
  return lines.join('\n');
}
