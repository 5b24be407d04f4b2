import { createHmac } from 'node:crypto';
import { Client } from 'typesense';
import { describe, expect, it } from 'vitest';
import { searchKeyResponse, type SearchKeyBody } from '../../server/search-key/searchKey';
import {
  PUBLIC_RECORDS_FILTER,
  publicSearchKey,
  scopedSearchKey,
  SESSION_KEY_TTL_SECONDS,
} from '../../shared/search/typesenseScopedKey';

const PARENT = 'RN23GFr1s6jQ9kgSNg2O7fYcAUXU7127';

/** Typesense's documented layout, decoded: base64(base64(hmac) + key prefix + params JSON). */
function decode(scoped: string): { digest: string; prefix: string; params: string } {
  const raw = Buffer.from(scoped, 'base64').toString('utf8');
  return { digest: raw.slice(0, 44), prefix: raw.slice(44, 48), params: raw.slice(48) };
}

describe('Typesense scoped keys', () => {
  it("match Typesense's own client byte for byte", async () => {
    const keys = new Client({ nodes: [{ host: 'x', port: 443, protocol: 'https' }], apiKey: 'x' }).keys();
    for (const params of [{ filter_by: PUBLIC_RECORDS_FILTER }, { expires_at: 1906054106 }, {}]) {
      expect(await scopedSearchKey(PARENT, params)).toBe(keys.generateScopedSearchKey(PARENT, params));
    }
  });

  it('sign the parameters with HMAC-SHA256 of the parent key and carry its first four characters', async () => {
    const scoped = await publicSearchKey(PARENT);
    const { digest, prefix, params } = decode(scoped);
    expect(prefix).toBe('RN23');
    expect(JSON.parse(params)).toEqual({ filter_by: 'access:=public' });
    expect(digest).toBe(createHmac('sha256', PARENT).update(params).digest('base64'));
    expect(scoped).not.toContain(PARENT);
    // A different parent key gives a different signature.
    expect(decode(await publicSearchKey(`x${PARENT}`)).digest).not.toBe(digest);
  });

  it('refuse a parent key too short to have a prefix', async () => {
    await expect(scopedSearchKey('abc', {})).rejects.toThrow(/at least 4 characters/);
  });
});

describe('GET /_auth/search-key', () => {
  const now = Date.UTC(2026, 0, 1);

  it('answers a key for every record that expires within the hour, never cached', async () => {
    const response = await searchKeyResponse({ typesenseSearchKey: PARENT, collection: 'docs' }, now);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = (await response.json()) as SearchKeyBody;
    expect(body.collection).toBe('docs');
    expect(body.expiresAt).toBe(now / 1000 + SESSION_KEY_TTL_SECONDS);
    expect(SESSION_KEY_TTL_SECONDS).toBeLessThanOrEqual(3600);
    const { params, digest } = decode(body.key);
    expect(JSON.parse(params)).toEqual({ expires_at: body.expiresAt });
    expect(params).not.toContain('filter_by');
    expect(digest).toBe(createHmac('sha256', PARENT).update(params).digest('base64'));
    expect(JSON.stringify(body)).not.toContain(PARENT);
  });

  it('answers 404 when the site has no Typesense search', async () => {
    const response = await searchKeyResponse({ typesenseSearchKey: null, collection: 'docs' }, now);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'This site has no Typesense search configured.' });
  });
});
