// The offline bundle's web server (server/bundle/server.ts) over a small build: serve:prod's host
// layer asked in-process behind the gate, open by default and gated with a provider, the sign-in
// settings in every page, compression and Vary as serve:prod sends them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBundleServer } from '../../server/bundle/server';
import { readBundleSettings } from '../../server/bundle/settings';
import { listen } from '../../server/node/siteServer';

const ARTICLE = `<p>${'The secret guide text. '.repeat(80)}</p>`;
const html = (title: string, body: string) =>
  `<!doctype html><html lang=en><head><meta charset=UTF-8><title>${title}</title></head><body>${body}</body></html>\n`;
const site = mkdtempSync(join(tmpdir(), 'bundle-server-'));
const servers: Server[] = [];

beforeAll(() => {
  mkdirSync(join(site, 'guides'));
  mkdirSync(join(site, 'assets', 'js'), { recursive: true });
  mkdirSync(join(site, '.gate', 'mcp'), { recursive: true });
  writeFileSync(join(site, 'index.html'), html('Home', `<main>${'Welcome. '.repeat(200)}</main>`));
  writeFileSync(join(site, '404.html'), html('Not found', '<main>Page not found</main>'));
  writeFileSync(
    join(site, 'guides', 'concept.html'),
    html('Concept', `<veriq-guide-article>${ARTICLE}</veriq-guide-article>`),
  );
  writeFileSync(join(site, 'assets', 'js', 'article.1.js'), `/* ${ARTICLE} */`);
  writeFileSync(
    join(site, '_headers'),
    "/*\n  Content-Security-Policy: default-src 'self'\n  X-Frame-Options: DENY\n  Cache-Control: public, max-age=0, must-revalidate\n",
  );
  writeFileSync(
    join(site, '.gate', 'manifest.json'),
    JSON.stringify({
      guideChunks: ['/assets/js/article.1.js'],
      securityHeaders: { 'Content-Security-Policy': "default-src 'self'", 'X-Frame-Options': 'DENY' },
      identity: null,
      open: true,
    }),
  );
  writeFileSync(join(site, '.gate', 'mcp', 'auth.json'), JSON.stringify({ audience: 'https://docs.veriq.io/mcp' }));
  writeFileSync(
    join(site, '.gate', 'mcp', 'site.json'),
    JSON.stringify({ name: 'Veriq', siteUrl: 'https://docs.veriq.io', pages: [], sidebars: [], releases: [] }),
  );
});

afterAll(() => {
  for (const server of servers) server.close();
  rmSync(site, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<string> {
  const server = createBundleServer({ root: site, settings: readBundleSettings((name) => env[name]) });
  servers.push(server);
  await listen(server, Number(env.PORT ?? 0));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A GET with a Host header of our choosing (fetch will not send one). */
function getWithHost(origin: string, path: string, host: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = httpRequest(`${origin}${path}`, { headers: { Host: host } }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on('error', fail);
    req.end();
  });
}

describe('the bundle server', () => {
  it('answers only for its own host names: a DNS-rebinding name gets 421', async () => {
    const origin = await start({});
    const port = new URL(origin).port;
    expect(await getWithHost(origin, '/guides/concept', `rebind.evil.example:${port}`)).toBe(421);
    expect(await getWithHost(origin, '/', 'rebind.evil.example.')).toBe(421);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, '10.1.2.3:8080', `[::1]:${port}`])
      expect(await getWithHost(origin, '/guides/concept', host), host).toBe(200);
  });

  it("also answers for SITE_URL's host, and for no other name", async () => {
    const origin = await start({ SITE_URL: 'http://docs01.example.internal:8080' });
    expect(await getWithHost(origin, '/', 'docs01.example.internal:8080')).toBe(200);
    expect(await getWithHost(origin, '/', 'DOCS01.example.internal')).toBe(200);
    expect(await getWithHost(origin, '/', 'docs02.example.internal:8080')).toBe(421);
  });

  it('sends no CORS headers from /mcp while the guides are open, so no other site can read them', async () => {
    const origin = await start({});
    const preflight = await fetch(`${origin}/mcp`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const call = await fetch(`${origin}/mcp`, {
      method: 'POST',
      headers: {
        Origin: 'https://evil.example',
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(call.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('serves guides to everyone by default, each page with the open settings, compressed', async () => {
    const origin = await start({});
    const home = await fetch(`${origin}/`, { headers: { 'Accept-Encoding': 'br' } });
    expect(home.status).toBe(200);
    expect(home.headers.get('Content-Encoding')).toBe('br');
    expect(home.headers.get('Vary')).toBe('Accept, Accept-Encoding');
    expect(home.headers.get('Content-Security-Policy')).toBe("default-src 'self'");
    const text = await home.text();
    expect(text).toContain('<head><meta name="veriq-auth" content="{&quot;domain&quot;:null');
    expect(text).toContain('&quot;alwaysLoggedIn&quot;:true}"><meta charset=UTF-8>');

    const guide = await fetch(`${origin}/guides/concept`);
    expect(guide.status).toBe(200);
    expect(await guide.text()).toContain('The secret guide text.');
    expect((await fetch(`${origin}/assets/js/article.1.js`)).status).toBe(200);

    const missing = await fetch(`${origin}/nowhere`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
    expect((await fetch(`${origin}/.gate/manifest.json`)).status).toBe(404);
    const head = await fetch(`${origin}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('runs the gate for the provider of its environment, on SITE_URL', async () => {
    const port = 46_000 + Math.floor(Math.random() * 1000);
    const siteUrl = `http://127.0.0.1:${port}`;
    const origin = await start({
      PORT: String(port),
      OIDC_ISSUER: 'https://login.example.internal',
      OIDC_CLIENT_ID: 'veriq-docs',
      SITE_URL: siteUrl,
    });
    const guide = await fetch(`${origin}/guides/concept`);
    expect(guide.status).toBe(200);
    expect(guide.headers.get('Cache-Control')).toBe('private, no-store');
    const shell = await guide.text();
    expect(shell).toContain('<veriq-guide-article></veriq-guide-article>');
    expect(shell).not.toContain('The secret guide text.');
    expect(shell).toContain('&quot;clientId&quot;:&quot;veriq-docs&quot;');
    expect(shell).toContain(`&quot;callbackUrl&quot;:&quot;${siteUrl}/login/callback&quot;`);
    expect((await fetch(`${origin}/assets/js/article.1.js`)).status).toBe(401);

    const metadata = (await (await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<
      string,
      unknown
    >;
    expect(metadata).toMatchObject({
      resource: `${siteUrl}/mcp`,
      authorization_servers: ['https://login.example.internal/'],
    });
    const login = await fetch(`${origin}/_auth/login`, { method: 'POST', headers: { Origin: siteUrl } });
    expect(login.status).toBe(200);
    expect(login.headers.get('Set-Cookie')).toMatch(/^veriq_login=/);
  });
});
