import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminClient,
  collectionSchema,
  dryRunReport,
  pushableRecords,
  pushRecords,
  readPushConfig,
  timestampedName,
  toDocument,
  type PushConfig,
} from '../../tools/build/searchPush';
import { currentMode, parseRecordsFile } from '../../plugins/search-records/recordsFile';
import type { SearchRecord } from '../../shared/search/records';

const KEY = 'admin-key-for-the-stand-in';
const NOW = new Date('2026-11-22T03:15:00.000Z');

const records: SearchRecord[] = Array.from({ length: 5 }, (_, i) => ({
  id: i % 2 ? `/guides/page-${i}` : `/page-${i}`,
  title: `Page ${i}`,
  section: '',
  category: i % 2 ? 'Guides' : 'Installation',
  content: `content ${i}`,
  url: i % 2 ? `/guides/page-${i}` : `/page-${i}`,
}));

/** The settings readPushConfig gives for a loopback stand-in. */
const configFor = (origin: string, adminApiKey = KEY): PushConfig =>
  readPushConfig({ TYPESENSE_HOST: origin, TYPESENSE_ADMIN_API_KEY: adminApiKey });

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

/** A loopback stand-in for the Typesense endpoints search:push uses. */
async function standIn(
  opts: {
    alias?: string | null;
    failIds?: string[];
    /** Apply the alias switch, then drop the connection before answering (every attempt). */
    loseAliasAnswer?: boolean;
    /** Collections whose DELETE fails with a 500. */
    failDelete?: string[];
  } = {},
) {
  const calls: Call[] = [];
  const deleted: string[] = [];
  let alias = opts.alias ?? null;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => resolve(body));
    });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
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
      if (opts.loseAliasAnswer) return req.socket.destroy();
      return json(200, { name: 'docs', collection_name: alias });
    }
    if (req.method === 'DELETE' && url.pathname.startsWith('/collections/')) {
      const name = url.pathname.split('/')[2];
      if (opts.failDelete?.includes(name)) return json(500, { message: 'disk on fire' });
      deleted.push(name);
      return json(200, { name });
    }
    return json(404, { message: 'Not Found' });
  };
  // A stand-in that throws leaves an unhandled rejection, which fails the test run.
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { calls, deleted, server, origin: `http://127.0.0.1:${port}`, alias: () => alias };
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
    const config = configFor(stand.origin);
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
      // Read again: never drop what the alias points at.
      'GET /aliases/docs',
      'DELETE /collections/docs_20260101T000000Z',
    ]);
    expect(JSON.parse(stand.calls[1].body)).toEqual(collectionSchema(name));
    const imports = stand.calls.filter((c) => c.path.endsWith('/import'));
    expect(imports.every((c) => c.query.get('action') === 'upsert')).toBe(true);
    expect(imports.map((c) => c.body.split('\n').length)).toEqual([2, 2, 1]);
    expect(JSON.parse(imports[0].body.split('\n')[0])).toEqual({ ...records[0], access: 'public' });
    expect(JSON.parse(imports[0].body.split('\n')[1])).toEqual({ ...records[1], access: 'guides' });
    expect(stand.alias()).toBe(name);
  });

  it('works without a previous collection', async () => {
    const stand = await standIn();
    servers.push(stand.server);
    const config = configFor(stand.origin);
    const result = await pushRecords(adminClient(config), config, records, { now: NOW });
    expect(result.previous).toBeNull();
    expect(summary(stand.calls).some((c) => c.startsWith('DELETE'))).toBe(false);
  });

  it('fails loudly naming the failed documents, keeps the alias and removes the new collection', async () => {
    const stand = await standIn({ alias: 'docs_old', failIds: ['/guides/page-3'] });
    servers.push(stand.server);
    const config = configFor(stand.origin);
    await expect(pushRecords(adminClient(config), config, records, { batchSize: 2, now: NOW })).rejects.toThrow(
      /1 document\(s\) failed to import into docs_20261122T031500Z:\n {2}\/guides\/page-3: Bad field/,
    );
    expect(stand.alias()).toBe('docs_old');
    expect(summary(stand.calls)).not.toContain('PUT /aliases/docs');
    expect(summary(stand.calls).at(-1)).toBe('DELETE /collections/docs_20261122T031500Z');
  });

  it('explains a wrong key and an unreachable host', async () => {
    const stand = await standIn();
    servers.push(stand.server);
    const wrong = configFor(stand.origin, 'nope');
    await expect(pushRecords(adminClient(wrong), wrong, records)).rejects.toThrow(
      /rejected TYPESENSE_ADMIN_API_KEY \(401\)/,
    );

    const closed = await standIn();
    await new Promise((resolve) => closed.server.close(resolve));
    const down = configFor(closed.origin);
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
      node: { protocol: 'https', host: 'ts.example.com', port: 443 },
      adminApiKey: 'k',
      alias: 'docs',
    });
    expect(() =>
      readPushConfig({ TYPESENSE_HOST: 'x', TYPESENSE_ADMIN_API_KEY: 'k', TYPESENSE_COLLECTION: 'a b' }),
    ).toThrow('TYPESENSE_COLLECTION="a b" may contain only letters, digits, "_" and "-"');
  });

  it('--dry-run reports the schema and counts without a server', () => {
    const report = dryRunReport(records, 'docs', NOW);
    expect(report).toContain('"name": "docs_20261122T031500Z"');
    expect(report).toContain('"facet": true');
    expect(report).toContain('records: 5 from 5 pages (3 public, 2 guides)');
    expect(report).toContain('"name": "access"');
    expect(report).toContain('  Installation: 3');
    expect(timestampedName('docs', NOW)).toBe('docs_20261122T031500Z');
  });
});

describe('search:push keeps search up whatever fails', () => {
  it('treats an alias switch whose answer was lost as done: the new collection stays, the old one goes', async () => {
    const stand = await standIn({ alias: 'docs_old', loseAliasAnswer: true });
    servers.push(stand.server);
    const lines: string[] = [];
    const result = await pushRecords(adminClient(configFor(stand.origin)), configFor(stand.origin), records, {
      now: NOW,
      log: (line) => lines.push(line),
    });
    expect(result).toMatchObject({ collection: 'docs_20261122T031500Z', previous: 'docs_old', imported: 5 });
    expect(stand.alias()).toBe('docs_20261122T031500Z');
    expect(stand.deleted).toEqual(['docs_old']);
    expect(lines.join('\n')).toMatch(/the switch was applied; its answer was lost/);
  }, 20_000);

  it('reports success with a warning when the old collection cannot be dropped', async () => {
    const stand = await standIn({ alias: 'docs_old', failDelete: ['docs_old'] });
    servers.push(stand.server);
    const result = await pushRecords(adminClient(configFor(stand.origin)), configFor(stand.origin), records, {
      now: NOW,
    });
    expect(stand.alias()).toBe('docs_20261122T031500Z');
    expect(result.collection).toBe('docs_20261122T031500Z');
    expect(result.warning).toMatch(
      /docs_20261122T031500Z is live, but the previous collection docs_old was not dropped/,
    );
    expect(stand.deleted).toEqual([]);
  }, 20_000);

  it('never deletes the collection the alias points at', async () => {
    // The previous push is still the live one when this push's import fails.
    const stand = await standIn({ alias: 'docs_old', failIds: ['/page-0'] });
    servers.push(stand.server);
    await expect(
      pushRecords(adminClient(configFor(stand.origin)), configFor(stand.origin), records, { now: NOW }),
    ).rejects.toThrow(/failed to import/);
    expect(stand.deleted).toEqual(['docs_20261122T031500Z']);
    expect(stand.alias()).toBe('docs_old');
  });
});

describe('search:push refuses what it must not send', () => {
  it('refuses plain http to a host that is not loopback (the admin key would travel in clear text)', () => {
    for (const host of ['http://search.example.com', 'http://10.0.0.5:8108', 'http://127.example.com']) {
      expect(() => readPushConfig({ TYPESENSE_HOST: host, TYPESENSE_ADMIN_API_KEY: 'k' })).toThrow(
        /uses plain http: the admin key would cross the network in clear text/,
      );
    }
    for (const host of ['http://127.0.0.1:8108', 'http://localhost:8108', 'http://[::1]:8108']) {
      expect(readPushConfig({ TYPESENSE_HOST: host, TYPESENSE_ADMIN_API_KEY: 'k' }).node.protocol).toBe('http');
    }
    expect(
      readPushConfig({ TYPESENSE_HOST: 'https://ts.example.com:8443', TYPESENSE_ADMIN_API_KEY: 'k' }).node,
    ).toEqual({ protocol: 'https', host: 'ts.example.com', port: 8443 });
  });

  it('pushes the records of a production build only (npm start leaves drafts in its records)', () => {
    expect(() => pushableRecords({ mode: 'development', records }, 'records.json')).toThrow(
      'records.json holds the records of a development run (npm start), drafts included: run "npm run build" first',
    );
    expect(pushableRecords({ mode: 'production', records }, 'records.json')).toBe(records);
    // The plugin marks its file with the run that wrote it: docusaurus build sets NODE_ENV.
    expect(currentMode({ NODE_ENV: 'production' })).toBe('production');
    expect(currentMode({ NODE_ENV: 'development' })).toBe('development');
    expect(currentMode({})).toBe('development');
    expect(parseRecordsFile(JSON.stringify({ mode: 'production', records }), 'f').records).toEqual(records);
    expect(() => parseRecordsFile(JSON.stringify(records), 'f')).toThrow('f was written by an older version');
  });

  it('marks every document public or guides', () => {
    expect(toDocument(records[0]).access).toBe('public');
    expect(toDocument({ ...records[0], url: '/guides/concept#x' }).access).toBe('guides');
  });
});
