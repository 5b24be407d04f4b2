// The offline docs bundle as an operator meets it (project `bundle` in playwright.config.ts): the
// tarball `npm run build:e2e` makes (build-e2e/bundle/, or BUNDLE_TARBALL) unpacked into a temporary
// folder with no node_modules anywhere above it, and its own `node server.mjs` on a free port, not
// the suite's servers. Chromium reads every page type while any request for another host than
// 127.0.0.1 is refused and recorded: none may be made. The official MCP client reads a guide over
// stdio (mcp.mjs) and over HTTP (/mcp); SHA256SUMS verifies and catches a changed file; and with
// OIDC_ISSUER, OIDC_CLIENT_ID and SITE_URL the public site's gate refuses a signed-out guide.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { BOOK_RELEASE } from '../../shared/books';

const NAME = `veriq-docs-${BOOK_RELEASE}`;
const TARBALL = process.env.BUNDLE_TARBALL ?? join(process.cwd(), 'build-e2e', 'bundle', `${NAME}.tar.gz`);
const GUIDE = '/guides/connections/snowflake';
const GUIDE_TITLE = 'Connect to Snowflake';

interface Running {
  process: ChildProcess;
  origin: string;
}

/** A port nothing listens on just now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

/** Runs a program of the bundle with only the variables given (and PATH): no NODE_OPTIONS, no loader. */
function bundleEnv(env: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env };
}

/** `node server.mjs` in `dir`, once it says where it listens. */
async function startServer(dir: string, env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: dir,
    env: bundleEnv({ PORT: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const origin = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server.mjs did not start in 20 s: ${stderr}`)), 20_000);
    child.once('exit', (code) => fail(new Error(`server.mjs exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const url = / on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)?.[1];
      if (url) {
        clearTimeout(timer);
        done(url);
      }
    });
  });
  return { process: child, origin };
}

async function stop(running: Running | undefined): Promise<void> {
  if (!running || running.process.exitCode !== null) return;
  const exited = new Promise((done) => running.process.once('exit', done));
  running.process.kill('SIGTERM');
  await exited;
}

/** Refuses every request for another host than 127.0.0.1, and records it. */
async function loopbackOnly(context: BrowserContext): Promise<string[]> {
  const attempted: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname !== '127.0.0.1') {
      attempted.push(url.href);
      return route.abort('blockedbyclient');
    }
    return route.fallback();
  });
  return attempted;
}

/** Errors the page reports: script errors, and any request the CSP refused (a request it tried). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true', { timeout: 30_000 });
}

async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return {
    text: (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n'),
    isError: result.isError === true,
  };
}

// One unpacked bundle and one server for the file, in one worker, in order.
test.describe.configure({ mode: 'default' });

let work: string;
let dir: string;
let open: Running | undefined;

test.beforeAll(async () => {
  if (!existsSync(TARBALL)) throw new Error(`${TARBALL} is missing: run "npm run build:e2e" (it ends with the bundle)`);
  work = mkdtempSync(join(tmpdir(), 'veriq-bundle-e2e-'));
  const untar = spawnSync('tar', ['-xzf', TARBALL, '-C', work], { encoding: 'utf8' });
  expect(untar.status, untar.stderr).toBe(0);
  dir = join(work, NAME);
  open = await startServer(dir);
});

test.afterAll(async () => {
  await stop(open);
  if (work) rmSync(work, { recursive: true, force: true });
});

test.describe('the offline bundle', () => {
  test('unpacks to one folder that runs without node_modules', () => {
    const entries = spawnSync('tar', ['-tzf', TARBALL], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    expect(entries.filter((entry) => !entry.startsWith(`${NAME}/`))).toEqual([]);
    for (const file of ['server.mjs', 'mcp.mjs', 'README.md', 'SHA256SUMS', 'sbom.cdx.json', 'site/index.html']) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
    for (let at = dir; at !== dirname(at); at = dirname(at)) {
      expect(existsSync(join(at, 'node_modules')), `${at}/node_modules`).toBe(false);
    }
    const sbom = JSON.parse(readFileSync(join(dir, 'sbom.cdx.json'), 'utf8')) as {
      bomFormat: string;
      components: { name: string }[];
    };
    expect(sbom.bomFormat).toBe('CycloneDX');
    expect(sbom.components.map((c) => c.name)).toEqual(expect.arrayContaining(['sirv', 'jose', 'zod']));
  });

  test('serves every page type to Chromium, with no request for another host', async ({ page }) => {
    const attempted = await loopbackOnly(page.context());
    // The check itself: a request for another host is refused, and recorded.
    await page.goto('about:blank');
    await page.evaluate(() => fetch('http://example.com/probe').catch(() => null));
    expect(attempted).toEqual(['http://example.com/probe']);
    attempted.length = 0;
    const errors = pageErrors(page);
    const origin = open!.origin;
    const pages: [string, string, number][] = [
      ['/', 'Veriq documentation', 200],
      ['/install-options', 'Installation options', 200],
      [GUIDE, GUIDE_TITLE, 200],
      ['/releases/2025-03', `Veriq ${BOOK_RELEASE} release notes (2025-03)`, 200],
      ['/no-such-page', 'Page Not Found', 404],
    ];
    for (const [path, title, status] of pages) {
      const response = await page.goto(origin + path);
      expect(response?.status(), path).toBe(status);
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy, path).toMatch(/^default-src 'self';/);
      // Every source of every directive is this origin, a hash, data: or none: no other host.
      expect(
        policy.split(/[;\s]+/).filter((s) => /^(https?:|\*|wss?:|\/\/)/.test(s)),
        path,
      ).toEqual([]);
      expect(response?.headers()['strict-transport-security'], path).toBeUndefined();
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
    }
    // The guide is open: its article is there and no access modal covers it.
    await page.goto(origin + GUIDE);
    await hydrated(page);
    await expect(page.locator('article veriq-guide-article p').first()).toBeVisible();
    await expect(page.getByRole('dialog', { name: '🔒 Access Restricted' })).toHaveCount(0);

    // Search: the modal finds a guide by its text.
    await page.goto(origin + '/');
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('searchbox', { name: 'Search the documentation' }).fill('snowflake key pair');
    const hit = dialog.locator(`a[data-search-hit][href^="${GUIDE}"]`).first();
    await expect(hit).toBeVisible({ timeout: 20_000 });
    await hit.click();
    await page.waitForURL(new RegExp(`${GUIDE}(#.*)?$`));
    await expect(page.getByRole('heading', { level: 1, name: GUIDE_TITLE })).toBeVisible();

    // The 404 answers 404, its page says so; nothing else may have failed.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    expect(attempted).toEqual([]);
  });

  test('serves the Markdown twins, llms.txt, the releases feed and the PDF books', async ({ request }) => {
    const origin = open!.origin;
    for (const [path, type] of [
      [`${GUIDE}.md`, 'text/markdown'],
      ['/llms.txt', 'text/plain'],
      ['/llms-full.txt', 'text/plain'],
      ['/releases/feed.xml', 'application/atom+xml'],
      [`/veriq-install-${BOOK_RELEASE}.pdf`, 'application/pdf'],
      [`/guides/veriq-guides-${BOOK_RELEASE}.pdf`, 'application/pdf'],
    ]) {
      const response = await request.get(origin + path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain(type);
    }
    expect((await request.get(`${origin}/.gate/manifest.json`)).status()).toBe(404);
  });

  test('answers MCP over stdio (mcp.mjs) with the guides', async () => {
    const client = new Client({ name: 'veriq-bundle-e2e', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(dir, 'mcp.mjs')],
        env: bundleEnv(),
        stderr: 'pipe',
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['get_page', 'get_release_notes', 'list_pages', 'search_docs']);
      const guide = await callTool(client, 'get_page', { path_or_url: GUIDE });
      expect(guide.isError, guide.text).toBe(false);
      expect(guide.text).toContain(`# ${GUIDE_TITLE}`);
      const search = await callTool(client, 'search_docs', { query: 'snowflake key pair' });
      expect(search.text).toContain(GUIDE);
      expect(search.text).not.toMatch(/sign in to read/);
    } finally {
      await client.close();
    }
  });

  test('answers MCP over HTTP at /mcp with the guides while they are open', async () => {
    const client = new Client({ name: 'veriq-bundle-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${open!.origin}/mcp`)));
    try {
      const guide = await callTool(client, 'get_page', { path_or_url: GUIDE });
      expect(guide.isError, guide.text).toBe(false);
      expect(guide.text).toContain(`# ${GUIDE_TITLE}`);
    } finally {
      await client.close();
    }
  });

  test('verifies against SHA256SUMS, and names a changed file', () => {
    const verify = (folder: string) =>
      spawnSync(process.execPath, ['server.mjs', '--verify'], { cwd: folder, env: bundleEnv(), encoding: 'utf8' });
    const ok = verify(dir);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^OK: \d+ files match SHA256SUMS$/m);
    const sha256sum = spawnSync('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' });
    expect(sha256sum.status, sha256sum.stdout + sha256sum.stderr).toBe(0);

    const tampered = join(work, 'tampered');
    cpSync(dir, tampered, { recursive: true });
    appendFileSync(join(tampered, 'site', 'guides', 'connections', 'snowflake.html'), '<script>steal()</script>');
    const bad = verify(tampered);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('site/guides/connections/snowflake.html: checksum mismatch');
    const badSums = spawnSync('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: tampered, encoding: 'utf8' });
    expect(badSums.status).not.toBe(0);
    expect(badSums.stdout + badSums.stderr).toContain('site/guides/connections/snowflake.html: FAILED');
    rmSync(tampered, { recursive: true, force: true });
  });

  test('refuses to start on an impossible environment, naming the variable', () => {
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['server.mjs'], { cwd: dir, env: bundleEnv(env), encoding: 'utf8', timeout: 10_000 });
    const http = run({
      OIDC_ISSUER: 'http://login.example.internal',
      OIDC_CLIENT_ID: 'docs',
      SITE_URL: 'http://127.0.0.1:9',
    });
    expect(http.status).toBe(1);
    expect(http.stderr.trim()).toBe('OIDC_ISSUER="http://login.example.internal" must be an https URL');
    const noClient = run({ OIDC_ISSUER: 'https://login.example.internal', SITE_URL: 'http://127.0.0.1:9' });
    expect(noClient.status).toBe(1);
    expect(noClient.stderr).toMatch(/^OIDC_CLIENT_ID is not set/);
  });

  test('with OIDC_ISSUER, OIDC_CLIENT_ID and SITE_URL, refuses a signed-out guide as the public site does', async ({
    page,
    request,
  }) => {
    const port = await freePort();
    const siteUrl = `http://127.0.0.1:${port}`;
    const gated = await startServer(dir, {
      PORT: String(port),
      OIDC_ISSUER: 'https://login.example.internal',
      OIDC_CLIENT_ID: 'veriq-docs-offline',
      SITE_URL: siteUrl,
    });
    try {
      const shell = await request.get(siteUrl + GUIDE);
      expect(shell.status()).toBe(200);
      expect(shell.headers()['cache-control']).toBe('private, no-store');
      const html = await shell.text();
      expect(html).toMatch(/<veriq-guide-article[^>]*><\/veriq-guide-article>/);
      const twin = await (await request.get(`${open!.origin}${GUIDE}.md`)).text();
      const sentence = twin.split('\n').find((line) => line.length > 80 && !line.startsWith('>'))!;
      expect(html).not.toContain(sentence.slice(0, 60));
      expect((await request.get(`${siteUrl}${GUIDE}.md`)).status()).toBe(401);
      const manifest = JSON.parse(readFileSync(join(dir, 'site', '.gate', 'manifest.json'), 'utf8')) as {
        guideChunks: string[];
      };
      expect((await request.get(siteUrl + manifest.guideChunks[0])).status()).toBe(401);

      const client = new Client({ name: 'veriq-bundle-e2e', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${siteUrl}/mcp`)));
      try {
        const guide = await callTool(client, 'get_page', { path_or_url: GUIDE });
        expect(guide.isError).toBe(true);
        expect(guide.text).toMatch(/sign in/i);
      } finally {
        await client.close();
      }

      // The browser gets the provider from the page, and shows the access modal over the shell.
      const attempted = await loopbackOnly(page.context());
      await page.goto(siteUrl + GUIDE);
      await hydrated(page);
      const modal = page.getByRole('dialog', { name: '🔒 Access Restricted' });
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('button', { name: 'Login' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: GUIDE_TITLE })).toBeAttached();
      await expect(page.locator('veriq-guide-article p')).toHaveCount(0);
      expect(attempted).toEqual([]);
    } finally {
      await stop(gated);
    }
  });
});
