// The one reader of Typesense settings (TYPESENSE_HOST, TYPESENSE_COLLECTION), shared by the
// site build (config/env.ts: the browser's host, https on 443 only) and search:push (which also
// accepts a local stand-in on plain http, loopback only, since the admin key travels with it).

import { publicSearchKey } from '../shared/search/typesenseScopedKey.ts';

export const DEFAULT_TYPESENSE_COLLECTION = 'docs';

export interface TypesenseNode {
  protocol: 'https' | 'http';
  host: string;
  port: number;
}

/** Parses TYPESENSE_HOST: a bare host name (https, 443) or an http(s) origin. Throws with the reason. */
export function parseTypesenseHost(raw: string): TypesenseNode {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    if (!/^[A-Za-z0-9.-]+$/.test(raw)) throw new Error('is not a host name or https URL');
    return { protocol: 'https', host: raw, port: 443 };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('is not a host name or https URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('must use https');
  if (url.pathname !== '/' || url.search || url.hash) throw new Error('must not have a path');
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { protocol, host: url.hostname, port: Number(url.port) || (protocol === 'https' ? 443 : 80) };
}

/** Loopback hosts, where plain http never leaves the machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** TYPESENSE_COLLECTION (the alias the site searches), defaulted. Throws with the reason. */
export function parseTypesenseCollection(raw: string | null | undefined): string {
  const collection = raw?.trim() || DEFAULT_TYPESENSE_COLLECTION;
  if (!/^[A-Za-z0-9_-]+$/.test(collection)) throw new Error('may contain only letters, digits, "_" and "-"');
  return collection;
}

/** What the bundle carries about Typesense: the host, the collection and a public-only scoped key. */
export interface BrowserTypesenseSettings {
  host: string;
  searchApiKey: string;
  collection: string;
}

/**
 * The browser's settings from the build's: TYPESENSE_SEARCH_API_KEY itself never reaches the
 * bundle, only a key derived from it that Typesense restricts to public records.
 */
export async function browserTypesenseSettings(
  typesense: { host: string; searchApiKey: string; collection: string } | null,
): Promise<BrowserTypesenseSettings | null> {
  if (!typesense) return null;
  return {
    host: typesense.host,
    searchApiKey: await publicSearchKey(typesense.searchApiKey),
    collection: typesense.collection,
  };
}
