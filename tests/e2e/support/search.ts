// Locators and steps shared by the search specs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { VARIANTS } from './variants';

const chunks = new Map<string, RegExp>();

/**
 * The URL of the main build's one JS chunk whose code contains `marker`: chunk files are named
 * by chunk id and hash (framework), so they are found by what they hold.
 */
function mainChunk(marker: string): RegExp {
  const known = chunks.get(marker);
  if (known) return known;
  const dir = join(process.cwd(), VARIANTS.main.dir, 'assets', 'js');
  const files = readdirSync(dir).filter(
    (f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes(marker),
  );
  if (files.length !== 1) throw new Error(`${dir}: expected one chunk containing ${marker}, found ${files.length}`);
  const url = new RegExp(`/assets/js/${files[0].replace(/\./g, '\\.')}$`);
  chunks.set(marker, url);
  return url;
}

/** The embedded index chunk (public records; guides by title only): its JSON's opening. */
export const indexChunk = () => mainChunk('{"version":1,"pages":[');
/** The search modal's chunk: the hits' attribute. */
export const modalChunk = () => mainChunk('data-search-hit');
/** Per-page section texts of public pages, fetched for the snippets of the hits shown. */
export const CONTENT_FILE = /\/assets\/search\/[\w-]+\.[0-9a-f]{10}\.json$/;
/** Everything with guide text: the guides index and the guides' content files. */
export const GUIDES_ASSET = /\/assets\/guides\//;

/**
 * The first search of a page opens an index (the guides index is 600 KB): on a busy 2-core
 * machine that takes longer than the default expect timeout, so the first hit gets this long.
 */
export const FIRST_SEARCH = { timeout: 20_000 };

export const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
export const searchButton = (page: Page) => nav(page).getByRole('button', { name: 'Search', exact: true });
export const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
export const box = (page: Page) => dialog(page).getByRole('searchbox', { name: 'Search the documentation' });
export const hits = (page: Page) => dialog(page).locator('a[data-search-hit]');

export async function openWithButton(page: Page) {
  await searchButton(page).click();
  await expect(box(page)).toBeFocused();
}

/** Waits for hydration, so the shortcuts' listener is in place. */
export async function ready(page: Page, path = '/') {
  await page.goto(path);
  const signedInOrOut = nav(page).getByRole('button', { name: /^(Login|Logout)$/ });
  const unavailable = nav(page).getByText('Login is currently unavailable.');
  await expect(signedInOrOut.and(page.locator(':not([aria-disabled="true"])')).or(unavailable)).toBeVisible();
}
