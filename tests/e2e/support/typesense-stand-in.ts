// A Typesense stand-in for the e2e suite, answering https://typesense.test/multi_search in the
// browser (page.route). It checks API keys as Typesense does (parent key, or a scoped key's HMAC,
// expiry, embedded parameters winning), written independently of shared/search/typesenseScopedKey.ts.
// The rules: maintainers/decisions/2026-11-27-search-index-and-keys.md
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import type { SearchRecord } from '../../../shared/search/records';
import { TYPESENSE_TEST_HOST, TYPESENSE_TEST_KEY } from './variants';

/** A record as search:push uploads it: the site's search record and its access field. */
export interface StandInDoc extends SearchRecord {
  access: 'public' | 'guides';
}

/** Search parameters, sent or embedded in a scoped key: Typesense's are all scalars. */
export type SearchParams = Record<string, string | number | boolean>;

export type KeyCheck = { ok: true; embedded: SearchParams } | { ok: false; reason: string };

export function checkKey(presented: string, parentKey: string, nowSeconds: number): KeyCheck {
  if (presented === parentKey) return { ok: true, embedded: {} };
  const raw = Buffer.from(presented, 'base64').toString('utf8');
  const digest = raw.slice(0, 44);
  const prefix = raw.slice(44, 48);
  const paramsJson = raw.slice(48);
  if (prefix !== parentKey.slice(0, 4)) return { ok: false, reason: 'no parent key with this prefix' };
  const expected = Buffer.from(createHmac('sha256', parentKey).update(paramsJson).digest('base64'));
  const given = Buffer.from(digest);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature does not verify' };
  }
  let embedded: SearchParams;
  try {
    embedded = JSON.parse(paramsJson) as SearchParams;
  } catch {
    return { ok: false, reason: 'embedded parameters are not JSON' };
  }
  if (typeof embedded.expires_at === 'number' && embedded.expires_at <= nowSeconds) {
    return { ok: false, reason: 'expired' };
  }
  return { ok: true, embedded };
}

/** The search parameters Typesense runs: embedded ones win, an embedded filter_by is ANDed in. */
export function effectiveParams(request: SearchParams, embedded: SearchParams): SearchParams {
  const { expires_at: _expiresAt, ...rest } = embedded;
  const merged: SearchParams = { ...request, ...rest };
  const filters = [request.filter_by, embedded.filter_by].filter((f): f is string => typeof f === 'string' && f !== '');
  if (filters.length > 0) merged.filter_by = filters.map((f) => `(${f})`).join(' && ');
  return merged;
}

/** Supports what this site sends: `field:=value` clauses joined by `&&`, in parentheses. */
function matchesFilter(doc: StandInDoc, filter: string | undefined): boolean {
  if (!filter) return true;
  return filter.split('&&').every((clause) => {
    const match = /^\(?\s*(\w+):=\s*([\w-]+)\s*\)?$/.exec(clause.trim());
    if (!match) throw new Error(`stand-in: unsupported filter ${clause}`);
    return String(doc[match[1] as keyof StandInDoc]) === match[2];
  });
}

function hitOf(doc: StandInDoc, words: string[], pre: string, post: string) {
  const mark = (s: string) =>
    words.reduce((text, w) => text.replace(new RegExp(`\\b(${w})`, 'gi'), `${pre}$1${post}`), s);
  const fields = ['title', 'section', 'category', 'url', 'content'] as const;
  return {
    document: doc,
    highlight: Object.fromEntries(fields.map((f) => [f, { snippet: mark(doc[f]), matched_tokens: words }])),
    highlights: [],
    text_match: 1,
  };
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

export interface StandInCall {
  key: string;
  searches: SearchParams[];
  status: number;
}

/** Answers the page's Typesense requests from `docs`; returns the calls it saw. */
export async function typesenseStandIn(page: Page, docs: readonly StandInDoc[]): Promise<StandInCall[]> {
  const calls: StandInCall[] = [];
  await page.route(`https://${TYPESENSE_TEST_HOST}/**`, async (route: Route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const url = new URL(request.url());
    const key = request.headers()['x-typesense-api-key'] ?? url.searchParams.get('x-typesense-api-key') ?? '';
    const body = JSON.parse(request.postData() ?? '{}') as { searches: SearchParams[] };
    const json = (status: number, value: unknown) => {
      calls.push({ key, searches: body.searches, status });
      return route.fulfill({
        status,
        headers: { ...CORS, 'content-type': 'application/json' },
        body: JSON.stringify(value),
      });
    };
    const check = checkKey(key, TYPESENSE_TEST_KEY, Math.floor(Date.now() / 1000));
    if (!check.ok)
      return json(401, {
        message: `Forbidden - a valid \`x-typesense-api-key\` header must be sent (${check.reason}).`,
      });
    if (url.pathname !== '/multi_search') return json(404, { message: 'Not Found' });
    const results = body.searches.map((search) => {
      const params = effectiveParams(search, check.embedded);
      const words = String(params.q ?? '')
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean);
      const hits = docs
        .filter((doc) => matchesFilter(doc, params.filter_by as string | undefined))
        .filter((doc) =>
          words.some((w) => [doc.title, doc.section, doc.category, doc.content].join(' ').toLowerCase().includes(w)),
        )
        .map((doc) =>
          hitOf(
            doc,
            words,
            String(params.highlight_start_tag ?? '<mark>'),
            String(params.highlight_end_tag ?? '</mark>'),
          ),
        );
      return {
        facet_counts: [],
        found: hits.length,
        out_of: docs.length,
        page: Number(params.page ?? 1),
        request_params: { collection_name: params.collection, per_page: params.per_page, q: params.q },
        search_time_ms: 1,
        hits,
      };
    });
    return json(200, { results });
  });
  return calls;
}
