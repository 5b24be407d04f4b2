// The real gate (server/guide-gate/), as served by the e2e servers exactly as serve:prod and the edge serve
// it: what a signed-out client can fetch, what forged tokens get, and the reader's sign-in.
import { join, relative, sep } from 'node:path';
import { readFileSync } from 'node:fs';
import { test, expect, accessModal, signIn } from './fixtures';
import { baseUrl, IDP_CLIENT_ID, IDP_ORIGIN, VARIANTS } from './support/variants';
import { findGuideText, guideRuns } from './support/guideSentences';
import { realSignIn, startSignIn } from './support/realSession';
import { routes } from './routes';
import { listFiles } from '../../tools/lib/listFiles';

const site = baseUrl('main');
const buildDir = join(process.cwd(), VARIANTS.main.dir);
const runs = guideRuns(join(process.cwd(), 'docs'));
const manifest = JSON.parse(readFileSync(join(buildDir, '.gate', 'manifest.json'), 'utf8')) as {
  guideChunks: string[];
};
const chunk = manifest.guideChunks[0];

test.describe('a signed-out client', () => {
  test.setTimeout(240_000);

  test('gets no sentence of any guide from any file of the build or any route', async ({ request }) => {
    expect(runs.size).toBeGreaterThan(1000);
    const files = listFiles(buildDir, /./).map((f) => '/' + relative(buildDir, f).split(sep).join('/'));
    const paths = [...new Set([...files, ...routes, '/guides', '/sitemap.xml', '/robots.txt'])];
    const leaks: string[] = [];
    for (const path of paths) {
      const response = await request.get(site + encodeURI(path), { headers: { 'Accept-Encoding': 'identity' } });
      const hit = findGuideText(await response.text(), runs);
      if (hit) leaks.push(`${path} (${response.status()}): "${hit.slice(0, 80)}"`);
    }
    expect(leaks, `${leaks.length} of ${paths.length} responses hold guide text`).toEqual([]);
  });

  test('the detector finds guide text where it is (signed in)', async ({ context }) => {
    await signIn(context);
    const page = await context.request.get(site + '/guides/data-testing/rule-recon');
    expect(findGuideText(await page.text(), runs)).not.toBeNull();
    const article = await context.request.get(site + chunk);
    expect(article.status()).toBe(200);
    expect(findGuideText(await article.text(), runs)).not.toBeNull();
  });

  test('guide pages are shells, guide files answer 401, all private and noindex', async ({ request }) => {
    // The host finds files case-sensitively: /GUIDES/concept is a 404 page, still private.
    const upper = await request.get(site + '/GUIDES/concept');
    expect(upper.status()).toBe(404);
    expect(upper.headers()['cache-control']).toBe('private, no-store');
    expect(findGuideText(await upper.text(), runs)).toBeNull();
    for (const path of ['/guides/concept', '/%67uides/concept', '//guides/concept', '/guides/concept.html']) {
      const response = await request.get(site + path);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toContain('<veriq-guide-article></veriq-guide-article>');
      expect(response.headers()['cache-control'], path).toBe('private, no-store');
      expect(response.headers()['x-robots-tag'], path).toBe('noindex');
      expect(response.headers()['content-security-policy'], path).toContain("default-src 'self'");
    }
    for (const path of [
      chunk,
      chunk.replace('/assets/', '/%61ssets/'),
      '/guides/concept.md',
      '/assets/guides/x.json',
    ]) {
      const response = await request.get(site + path);
      expect(response.status(), path).toBe(401);
      expect(response.headers()['cache-control'], path).toBe('private, no-store');
    }
    for (const path of ['/.gate/manifest.json', '/_headers', '/%5Fheaders', '/%5fheaders']) {
      expect((await request.get(site + path)).status(), path).toBe(404);
    }
    const sitemap = await (await request.get(site + '/sitemap.xml')).text();
    expect(sitemap).toContain('/install-options');
    expect(sitemap).not.toContain('/guides');
  });
});

test.describe('forged tokens', () => {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const claims = { iss: `${IDP_ORIGIN}/`, aud: IDP_CLIENT_ID, sub: 'x', exp: 4102444800, iat: 1, nonce: 'n' };
  const forged: Record<string, string> = {
    'alg none': `${b64({ alg: 'none' })}.${b64(claims)}.`,
    unsigned: `${b64({ alg: 'RS256' })}.${b64(claims)}`,
    'bad signature': `${b64({ alg: 'RS256', kid: 'x' })}.${b64(claims)}.c2lnbmF0dXJl`,
    'the issue’s example': 'x.eyJleHAiOjQxMDI0NDQ4MDAsImF1ZCI6IngifQ.x',
  };

  test('get no session and no guide text, as a cookie or handed to the session endpoint', async ({
    request,
    context,
  }) => {
    for (const [name, token] of Object.entries(forged)) {
      // A sign-in this client started, so the refusal is the token's, not a missing binding.
      await startSignIn(request, site);
      const post = await request.post(`${site}/_auth/session`, {
        headers: { Origin: site },
        data: { idToken: token },
      });
      expect(post.status(), name).toBe(401);
      expect(((await post.json()) as { error: string }).error, name).toMatch(/not valid|too large/);
      await context.addCookies([{ name: 'veriq_session', value: token, url: site }]);
      expect((await context.request.get(site + chunk)).status(), name).toBe(401);
      expect(findGuideText(await (await context.request.get(site + '/guides/concept')).text(), runs), name).toBeNull();
    }
  });

  test('a real token handed over without the sign-in cookie of the browser that started it gets no session', async ({
    context,
  }) => {
    const idToken = await realSignIn(context, site);
    await context.clearCookies();
    const post = await context.request.post(`${site}/_auth/session`, {
      headers: { Origin: site },
      data: { idToken },
    });
    expect(post.status()).toBe(401);
    expect(((await post.json()) as { error: string }).error).toMatch(/No sign-in was started in this browser/);
    expect((await context.request.get(site + chunk)).status()).toBe(401);
  });
});

test.describe('a reader who signs in', () => {
  test('through the login form opens guides, navigates between them, and logout ends access', async ({ page }) => {
    const articles = new Map<string, number>();
    const guideChunks = new Set(manifest.guideChunks);
    page.on('response', (r) => guideChunks.has(new URL(r.url()).pathname) && articles.set(r.url(), r.status()));
    await page.goto('/guides/data-testing/rule-recon');
    const modal = accessModal(page);
    await expect(modal).toBeVisible();
    // Behind the modal: the docs layout with the guides sidebar, and no article.
    await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
    await expect(page.locator('veriq-guide-article')).toBeEmpty();
    await modal.getByRole('button', { name: 'Login' }).click();
    await page.getByPlaceholder('Enter any login').fill('reader@example.com');
    await page.getByPlaceholder('and password').fill('any-password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    // The provider asks for consent on a first sign-in only: wait for that screen or the guide.
    const consent = page.getByRole('button', { name: /continue/i });
    const article = page.locator('veriq-guide-article p').first();
    await expect(consent.or(article).first()).toBeVisible();
    if (await consent.isVisible()) await consent.click();
    await page.waitForURL(`${site}/guides/data-testing/rule-recon`);
    await expect(article).toBeVisible();
    await expect(accessModal(page)).toHaveCount(0);
    articles.clear();

    // Client-side navigation to another guide loads its article chunk with the session.
    // From here on, with the session, every article chunk the browser fetches must open.
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Rules', exact: true }).click();
    await page.waitForURL(`${site}/guides/data-testing/rule`);
    // The URL changes at the click; the previous guide stays on screen until the next one loaded.
    await expect(page.getByRole('heading', { level: 1, name: 'Rules', exact: true })).toBeVisible();
    await expect(page.locator('veriq-guide-article p').first()).toBeVisible();
    expect(articles.size, 'the article chunks fetched since sign-in').toBeGreaterThan(0);
    expect([...articles.values()].every((status) => status === 200)).toBe(true);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${site}/`);
    expect((await page.request.get(site + chunk)).status()).toBe(401);
    expect((await page.request.get(`${site}/_auth/session`)).status()).toBe(401);
  });

  test('a 401 on an article chunk shows the modal, without a crash or a reload', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/releases/2025-03');
    // The bundle runs after the first paint (framework/replacements/ssr-template/ssrTemplate.build.ts): the click below is the app's
    // client navigation only once it has hydrated; before that it is a plain page load.
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    // The server session ends behind the page's back (expired cookie, logout in another browser).
    await context.clearCookies();
    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Guides' }).click();
    await page.waitForURL(`${site}/guides/concept`);
    await expect(accessModal(page)).toBeVisible();
    await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
    await expect(page.getByText('This page crashed.')).toHaveCount(0);
    expect(loads).toBe(0);
    // The browser's sign-in state follows the server's: the tokens are gone.
    expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
  });
});
