import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { searchKeyResponse } from '../../server/search-key/searchKey';
import { test, expect } from './fixtures';
import { box, dialog, hits, ready, searchButton } from './support/search';
import { checkKey, typesenseStandIn, type StandInDoc } from './support/typesense-stand-in';
import {
  baseUrl,
  TYPESENSE_TEST_ADMIN_KEY,
  TYPESENSE_TEST_HOST,
  TYPESENSE_TEST_KEY,
  VARIANTS,
} from './support/variants';

// The Typesense backend of the noauth build, answered by a stand-in on https://typesense.test that
// checks keys as Typesense does (support/typesense-stand-in.ts).
const site = baseUrl('noauth');
// Readers of the noauth build cannot sign in (it has no identity provider). Signed-in search runs
// on the skipauth build, which has Typesense too: every reader there counts as signed in, and its
// server (the real gate, open on such a build) issues the short-lived key at /_auth/search-key.
const signedInSite = baseUrl('skipauth');

const DOCS: StandInDoc[] = [
  {
    id: '/backup-recovery',
    title: 'Backup and recovery',
    section: '',
    category: 'Installation',
    content: 'How to backup Veriq.',
    url: '/backup-recovery',
    access: 'public',
  },
  {
    id: '/backup-recovery#snapshots',
    title: 'Backup and recovery',
    section: 'Snapshots',
    category: 'Installation',
    content: 'Take a backup snapshot.',
    url: '/backup-recovery#snapshots',
    access: 'public',
  },
  {
    id: '/guides/admin/vault#backup',
    title: 'Vault',
    section: 'Backup',
    category: 'Guides › Admin',
    content: 'Back up the vault backup keys.',
    url: '/guides/admin/vault#backup',
    access: 'guides',
  },
];

test.describe('search modal (Typesense backend, noauth build)', () => {
  test('sends the documented query with the public scoped key, and sees public records only', async ({ page }) => {
    const calls = await typesenseStandIn(page, DOCS);
    await ready(page, `${site}/`);
    await searchButton(page).click();
    await box(page).fill('backup');
    await expect(hits(page)).toHaveCount(2);
    await expect(hits(page).first()).toHaveAttribute('href', '/backup-recovery');
    await expect(hits(page).nth(1)).toHaveAttribute('href', '/backup-recovery#snapshots');
    await expect(dialog(page).locator('mark', { hasText: 'Backup' }).first()).toBeVisible();

    const last = calls.at(-1)!;
    expect(last.status).toBe(200);
    expect(last.searches).toHaveLength(1);
    expect(last.searches[0]).toMatchObject({
      collection: 'docs',
      q: 'backup',
      query_by: 'title,section,category,content,url',
      page: 1,
      per_page: 20,
    });
    // Not the search key itself: a key scoped to public records, which the request cannot widen.
    expect(last.key).not.toBe(TYPESENSE_TEST_KEY);
    expect(checkKey(last.key, TYPESENSE_TEST_KEY, Date.now() / 1000)).toEqual({
      ok: true,
      embedded: { filter_by: 'access:=public' },
    });
    // Short queries never reach the service.
    expect(calls.every((c) => String(c.searches[0]?.q ?? '').trim().length > 1)).toBe(true);
  });

  test('the stand-in refuses a tampered, foreign or expired key, and lets embedded filters win', async () => {
    const ok = checkKey(TYPESENSE_TEST_KEY, TYPESENSE_TEST_KEY, 0);
    expect(ok).toEqual({ ok: true, embedded: {} });
    const response = await searchKeyResponse({ typesenseSearchKey: TYPESENSE_TEST_KEY, collection: 'docs' }, 0);
    const { key } = (await response.json()) as { key: string };
    expect(checkKey(key, TYPESENSE_TEST_KEY, 10).ok).toBe(true);
    expect(checkKey(key, TYPESENSE_TEST_KEY, 3600)).toEqual({ ok: false, reason: 'expired' });
    const raw = Buffer.from(key, 'base64').toString('utf8');
    const widened = Buffer.from(raw.replace(/\{.*\}$/, '{"expires_at":99999999999}')).toString('base64');
    expect(checkKey(widened, TYPESENSE_TEST_KEY, 10)).toEqual({ ok: false, reason: 'signature does not verify' });
    expect(checkKey(key, 'another-parent-key', 10).ok).toBe(false);
  });

  test('a signed-in reader searches every record with the short-lived key from the gate', async ({ page }) => {
    const calls = await typesenseStandIn(page, DOCS);
    await ready(page, `${signedInSite}/`);
    await searchButton(page).click();
    await box(page).fill('backup');
    await expect(hits(page)).toHaveCount(3);
    await expect(hits(page).and(page.locator('[href="/guides/admin/vault#backup"]'))).toBeVisible();
    const check = checkKey(calls.at(-1)!.key, TYPESENSE_TEST_KEY, Date.now() / 1000);
    expect(check.ok && Object.keys(check.embedded)).toEqual(['expires_at']);
  });

  test('a signed-in reader without a session on the server still searches public records', async ({ page }) => {
    await typesenseStandIn(page, DOCS);
    await page.route(`${signedInSite}/_auth/search-key`, (route) => route.fulfill({ status: 401, body: '{}' }));
    await ready(page, `${signedInSite}/`);
    await searchButton(page).click();
    await box(page).fill('backup');
    await expect(hits(page)).toHaveCount(2);
  });

  test('a server error shows the error state with its code and message', async ({ page }) => {
    await page.route(`https://${TYPESENSE_TEST_HOST}/**`, (route) =>
      route.request().method() === 'OPTIONS'
        ? route.fulfill({
            status: 204,
            headers: { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' },
          })
        : route.fulfill({
            status: 500,
            headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
            body: JSON.stringify({ message: 'stand-in is down' }),
          }),
    );
    await ready(page, `${site}/`);
    await searchButton(page).click();
    await box(page).fill('backup');
    const alert = dialog(page).getByRole('alert');
    await expect(alert).toContainText('Search failed');
    await expect(alert).toContainText('ServerError 500');
    await expect(alert).toContainText('stand-in is down');
    await expect(hits(page)).toHaveCount(0);
  });
});

test.describe('what the Typesense build ships', () => {
  /** Every file of the build that the browser may load as code or markup. */
  function shipped(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return shipped(path);
      return /\.(js|html|json|txt|xml)$/.test(name) ? [path] : [];
    });
  }

  test('holds the public scoped key, never TYPESENSE_SEARCH_API_KEY nor the admin key', () => {
    const files = shipped(VARIANTS.noauth.dir);
    const js = files.filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(10);
    const leaks = files.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return text.includes(TYPESENSE_TEST_KEY) || text.includes(TYPESENSE_TEST_ADMIN_KEY);
    });
    expect(leaks).toEqual([]);
    // The key the bundle does carry is the scoped one, restricted to public records.
    const scoped = js
      .map((f) => /"?searchApiKey"?:"([A-Za-z0-9+/=]+)"/.exec(readFileSync(f, 'utf8'))?.[1])
      .find(Boolean);
    expect(scoped, 'the bundle carries a search key').toBeTruthy();
    expect(checkKey(scoped!, TYPESENSE_TEST_KEY, Date.now() / 1000)).toEqual({
      ok: true,
      embedded: { filter_by: 'access:=public' },
    });
  });
});
