import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import TypesenseInstantSearchAdapter from 'typesense-instantsearch-adapter';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeError } from '../../src/search/errors';
import type { SearchClient } from '../../shared/search/instantsearch';
import { typesenseAdapterOptions } from '../../src/search/typesenseClient';
import { fetchSessionKey, typesenseClientWithKeys, type SessionKey } from '../../src/search/typesenseKeys';

// A loopback stand-in answering /multi_search with the status or body a query names.
let server: Server;
let origin: URL;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const q = String((JSON.parse(body || '{}') as { searches?: { q?: string }[] }).searches?.[0]?.q ?? '');
      res.setHeader('content-type', 'application/json');
      if (q === 'no-hits') {
        res.end(
          JSON.stringify({ results: [{ found: 0, out_of: 10, page: 1, search_time_ms: 0, request_params: {} }] }),
        );
      } else if (q === 'result-error') {
        res.end(JSON.stringify({ results: [{ code: 404, error: 'Not found.' }] }));
      } else {
        res.statusCode = Number(q);
        res.end(JSON.stringify({ message: `stand-in says ${q}` }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The adapter exactly as the site configures it, pointed at the stand-in. */
function adapterClient(): SearchClient {
  const options = typesenseAdapterOptions({ host: 'ts.example.com', searchApiKey: 'k', collection: 'docs' });
  const adapter = new TypesenseInstantSearchAdapter({
    ...options,
    server: {
      ...options.server,
      nodes: [{ host: origin.hostname, port: Number(origin.port), protocol: 'http' }],
      cacheSearchResultsForSeconds: 0,
      retryIntervalSeconds: 0.01,
    },
  });
  return adapter.searchClient as unknown as SearchClient;
}

async function failure(query: string): Promise<{ code: string; message: string }> {
  const error = await adapterClient()
    .search([{ indexName: 'docs', params: { query } }])
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(error).not.toBeNull();
  const described = describeError(error);
  // The table in errors.ts names the classes the Typesense client really throws (unminified here).
  if (described.code !== 'Error') expect((error as Error).name).toBe(described.code.split(' ')[0]);
  return described;
}

describe("the search service's errors, as the modal shows them (error class and status)", () => {
  it.each([
    ['400', 'RequestMalformed 400'],
    ['401', 'RequestUnauthorized 401'],
    ['404', 'ObjectNotFound 404'],
    ['409', 'ObjectAlreadyExists 409'],
    ['422', 'ObjectUnprocessable 422'],
    ['500', 'ServerError 500'],
    ['503', 'ServerError 503'],
    ['418', 'HTTPError 418'],
  ])('HTTP %s is shown as %s with the server message', async (status, code) => {
    const { code: shown, message } = await failure(status);
    expect(shown).toBe(code);
    expect(message).toContain(`Request failed with HTTP code ${status}`);
    expect(message).toContain(`stand-in says ${status}`);
  });

  it('names the error class from the status, since a production bundle minifies class names', () => {
    const minified = Object.assign(new Error('Request failed with HTTP code 500'), { name: 't', httpStatus: 500 });
    expect(describeError(minified)).toEqual({ code: 'ServerError 500', message: 'Request failed with HTTP code 500' });
    expect(describeError('offline')).toEqual({ code: 'Error', message: 'offline' });
  });

  it('a result with neither hits nor grouped hits fails with "Did not find any hits"', async () => {
    const { code, message } = await failure('no-hits');
    expect(code).toBe('Error');
    expect(message).toMatch(/^Did not find any hits/);
  });

  it('a result with an error is thrown as its code and message', async () => {
    expect(await failure('result-error')).toEqual({ code: 'Error', message: '404 - Not found.' });
  });
});

describe('Typesense keys in the browser', () => {
  const config = { host: 'ts.example.com', searchApiKey: 'public-scoped', collection: 'docs' };
  const fakeCreate = () => {
    const keys: string[] = [];
    const create = vi.fn((c: typeof config): SearchClient => {
      keys.push(c.searchApiKey);
      return { search: async () => ({ results: [] }) };
    });
    return { create, keys };
  };
  const search = (client: SearchClient) => client.search([{ indexName: 'docs', params: { query: 'x' } }]);

  it('a signed-out reader searches with the public key and never asks for a session key', async () => {
    const { create, keys } = fakeCreate();
    await search(typesenseClientWithKeys(config, null, create));
    await search(typesenseClientWithKeys(config, null, create));
    expect(keys).toEqual(['public-scoped', 'public-scoped']);
  });

  it("a signed-in reader searches with the session's key and renews it a minute before it expires", async () => {
    const { create, keys } = fakeCreate();
    let now = 1_000_000_000;
    let issued = 0;
    const sessionKey = vi.fn(async (): Promise<SessionKey> => ({
      key: `session-${++issued}`,
      expiresAt: now / 1000 + 3600,
    }));
    const client = typesenseClientWithKeys(config, sessionKey, create, () => now);
    await search(client);
    await search(client);
    expect(keys).toEqual(['session-1']);
    now += (3600 - 61) * 1000;
    await search(client);
    expect(keys).toEqual(['session-1']);
    now += 2000;
    await search(client);
    expect(keys).toEqual(['session-1', 'session-2']);
  });

  it('without a session on the server, searches public records and asks again a minute later', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { create, keys } = fakeCreate();
    let now = 1_000_000_000;
    const sessionKey = vi
      .fn<() => Promise<SessionKey>>()
      .mockRejectedValueOnce(new Error('HTTP 401'))
      .mockResolvedValue({ key: 'session', expiresAt: now / 1000 + 3600 });
    const client = typesenseClientWithKeys(config, sessionKey, create, () => now);
    await search(client);
    expect(keys).toEqual(['public-scoped']);
    now += 61_000;
    await search(client);
    expect(keys).toEqual(['public-scoped', 'session']);
    warn.mockRestore();
  });

  it('fetches the session key from the gate, same origin, and refuses an answer without one', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ key: 'k1', expiresAt: 5, collection: 'docs' }));
    expect(await fetchSessionKey('/', fetchImpl as unknown as typeof fetch)).toEqual({ key: 'k1', expiresAt: 5 });
    expect(fetchImpl).toHaveBeenCalledWith('/_auth/search-key', { credentials: 'same-origin' });
    const unauthorized = async () => new Response('{}', { status: 401 });
    await expect(fetchSessionKey('/', unauthorized as unknown as typeof fetch)).rejects.toThrow(
      'HTTP 401 for /_auth/search-key',
    );
    const empty = async () => Response.json({});
    await expect(fetchSessionKey('/', empty as unknown as typeof fetch)).rejects.toThrow('answered without a key');
  });
});
