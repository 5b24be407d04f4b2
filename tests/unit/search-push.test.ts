import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminClient,
  collectionSchema,
  dryRunReport,
  pushRecords,
  readPushConfig,
  timestampedName,
  type PushConfig,
} from '../../scripts/search-push-lib';
import type { SearchRecord } from '../../src/search/records';

const KEY = 'admin-key-for-the-stand-in';
const NOW = new Date('2026-11-22T03:15:00.000Z');

const records: SearchRecord[] = Array.from({ length: 5 }, (_, i) => ({
  id: `/page-${i}`,
  title: `Page ${i}`,
  section: '',
  category: i % 2 ? 'Guides' : 'Installation',
  content: `content ${i}`,
  url: `/page-${i}`,
}));

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

/** A loopback stand-in for the Typesense endpoints search:push uses. */
async function standIn(opts: { alias?: string | null; failIds?: string[] } = {}) {
  const calls: Call[] = [];
  let alias = opts.alias ?? null;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => resolve(body));
    });
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand.in');
    const body = await read(req);
    calls.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, body });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.headers['x-typesense-api-key'] !== KEY)
      return json(401, { message: 'Forbidden - a valid `x-typesense-api-key` header must be sent.' });
    if (req.method === 'GET' && url.pathname === '/aliases/docs') {
      return alias ? json(200, { name: 'docs', collection_name: alias }) : json(404, { message: 'Not Found' });
    }
    if (req.method === 'POST' && url.pathname === '/collections') return json(201, JSON.parse(body));
    if (req.method === 'POST' && /^\/collections\/[^/]+\/documents\/import$/.test(url.pathname)) {
      const lines = body.split('\n').map((l) => JSON.parse(l) as { id: string });
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(
        lines
          .map((doc) =>
            opts.failIds?.includes(doc.id)
              ? JSON.stringify({ success: false, error: 'Bad field', document: JSON.stringify(doc) })
              : '{"success":true}',
          )
          .join('\n'),
      );
    }
    if (req.method === 'PUT' && url.pathname === '/aliases/docs') {
      alias = (JSON.parse(body) as { collection_name: string }).collection_name;
      return json(200, { name: 'docs', collection_name: alias });
    }
    if (req.method === 'DELETE' && url.pathname.startsWith('/collections/'))
      return json(200, { name: url.pathname.split('/')[2] });
    return json(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { calls, server, origin: `http://127.0.0.1:${port}`, alias: () => alias };
}

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
});

const summary = (calls: Call[]) => calls.map((c) => `${c.method} ${c.path}`);

describe('search:push', () => {
  it('creates a timestamped collection, imports in upsert batches, switches the alias, then drops the old one', async () => {
    const stand = await standIn({ alias: 'docs_20260101T000000Z' });
    servers.push(stand.server);
    const config: PushConfig = { host: stand.origin, adminApiKey: KEY, alias: 'docs' };
    const result = await pushRecords(adminClient(config), config, records, { batchSize: 2, now: NOW });

    const name = 'docs_20261122T031500Z';
    expect(result).toEqual({ collection: name, previous: 'docs_20260101T000000Z', imported: 5 });
    expect(summary(stand.calls)).toEqual([
      'GET /aliases/docs',
      'POST /collections',
      `POST /collections/${name}/documents/import`,
      `POST /collections/${name}/documents/import`,
      `POST /collections/${name}/documents/import`,
      'PUT /aliases/docs',
      'DELETE /collections/docs_20260101T000000Z',
    ]);
    expect(JSON.parse(stand.calls[1].body)).toEqual(collectionSchema(name));
    const imports = stand.calls.filter((c) => c.path.endsWith('/import'));
    expect(imports.every((c) => c.query.get('action') === 'upsert')).toBe(true);
    expect(imports.map((c) => c.body.split('\n').length)).toEqual([2, 2, 1]);
    expect(JSON.parse(imports[0].body.split('\n')[0])).toEqual(records[0]);
    expect(stand.alias()).toBe(name);
  });

  it('works without a previous collection', async () => {
    const stand = await standIn();
    servers.push(stand.server);
    const config: PushConfig = { host: stand.origin, adminApiKey: KEY, alias: 'docs' };
    const result = await pushRecords(adminClient(config), config, records, { now: NOW });
    expect(result.previous).toBeNull();
    expect(summary(stand.calls).some((c) => c.startsWith('DELETE'))).toBe(false);
  });

  it('fails loudly naming the failed documents, keeps the alias and removes the new collection', async () => {
    const stand = await standIn({ alias: 'docs_old', failIds: ['/page-3'] });
    servers.push(stand.server);
    const config: PushConfig = { host: stand.origin, adminApiKey: KEY, alias: 'docs' };
    await expect(pushRecords(adminClient(config), config, records, { batchSize: 2, now: NOW })).rejects.toThrow(
      /1 document\(s\) failed to import into docs_20261122T031500Z:\n {2}\/page-3: Bad field/,
    );
    expect(stand.alias()).toBe('docs_old');
    expect(summary(stand.calls)).not.toContain('PUT /aliases/docs');
    expect(summary(stand.calls).at(-1)).toBe('DELETE /collections/docs_20261122T031500Z');
  });

  it('explains a wrong key and an unreachable host', async () => {
    const stand = await standIn();
    servers.push(stand.server);
    const wrong: PushConfig = { host: stand.origin, adminApiKey: 'nope', alias: 'docs' };
    await expect(pushRecords(adminClient(wrong), wrong, records)).rejects.toThrow(
      /rejected TYPESENSE_ADMIN_API_KEY \(401\)/,
    );

    const closed = await standIn();
    await new Promise((resolve) => closed.server.close(resolve));
    const down: PushConfig = { host: closed.origin, adminApiKey: KEY, alias: 'docs' };
    await expect(pushRecords(adminClient(down), down, records)).rejects.toThrow(
      /cannot reach Typesense at http:\/\/127\.0\.0\.1:\d+/,
    );
  }, 20_000);

  it('reads its settings from the environment with clear errors', () => {
    expect(() => readPushConfig({})).toThrow(
      'search:push needs TYPESENSE_HOST and TYPESENSE_ADMIN_API_KEY (or use --dry-run)',
    );
    expect(() => readPushConfig({ TYPESENSE_HOST: 'ts.example.com' })).toThrow('needs TYPESENSE_ADMIN_API_KEY');
    expect(readPushConfig({ TYPESENSE_HOST: 'ts.example.com', TYPESENSE_ADMIN_API_KEY: 'k' })).toEqual({
      host: 'ts.example.com',
      adminApiKey: 'k',
      alias: 'docs',
    });
  });

  it('--dry-run reports the schema and counts without a server', () => {
    const report = dryRunReport(records, 'docs', NOW);
    expect(report).toContain('"name": "docs_20261122T031500Z"');
    expect(report).toContain('"facet": true');
    expect(report).toContain('records: 5 from 5 pages');
    expect(report).toContain('  Installation: 3');
    expect(timestampedName('docs', NOW)).toBe('docs_20261122T031500Z');
  });
});

describe('the admin key never reaches the browser bundle', () => {
  it('is not in the site config customFields, even when set in the build environment', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      TYPESENSE_HOST: 'ts.example.com',
      TYPESENSE_SEARCH_API_KEY: 'search-only-key',
      TYPESENSE_ADMIN_API_KEY: 'ADMIN-KEY-MUST-NOT-LEAK',
    });
    try {
      const { default: config } = await import('../../docusaurus.config');
      const serialized = JSON.stringify(config);
      expect(serialized).not.toContain('ADMIN-KEY-MUST-NOT-LEAK');
      expect(config.customFields?.search).toEqual({
        typesense: { host: 'ts.example.com', searchApiKey: 'search-only-key', collection: 'docs' },
      });
    } finally {
      process.env = saved;
    }
  });
});
