// The MCP function (server/netlify/functions/mcp.ts) as Netlify deploys it: bundled by esbuild for Node
// (tools/build/mcpFunctionBundle.ts) against a small build (the MCP fixture's data files and a
// manifest naming a stand-in provider whose JWKS a local HTTP server publishes), imported, and
// driven with Requests by the official client. Also: the edge gate hands the function's paths on
// untouched.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEdgeGate } from '../../server/guide-gate/edgeGate';
import { MCP_FUNCTION_PATHS, servedByMcpFunction } from '../../server/mcp/netlifyFunction';
import { bundleMcpFunction, importUrl } from '../../tools/build/mcpFunctionBundle';
import { accessTokenClaims, signingKeys, type SigningKeys } from '../../tools/build/mcpSigningKeys';
import { call, connect } from '../gate/mcp-cases';
import { AUDIENCE, fixtureFiles, GUIDE_TEXT, GUIDE_WORD, SITE } from '../gate/mcp-fixture';
import { MCP_FILES, type McpFile } from '../../server/mcp/data';

const CSP = "default-src 'self'";
const manifestFor = (domain: string) => ({
  guideChunks: [],
  securityHeaders: { 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff' },
  identity: { domain, clientId: 'site-client' },
  open: false,
});

interface FunctionModule {
  default: (request: Request, context?: unknown) => Promise<Response>;
  config: { path: string[] };
}

let dir: string;
let jwksServer: Server;
let issuer: string;
let keys: SigningKeys;
let fn: FunctionModule;

beforeAll(async () => {
  keys = await signingKeys();
  jwksServer = createServer((request, response) => {
    if (request.url !== '/.well-known/jwks.json') return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(keys.jwks));
  });
  await new Promise<void>((done) => jwksServer.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;
  issuer = `${origin}/`;

  dir = mkdtempSync(join(tmpdir(), 'veriq-mcp-function-test-'));
  const buildDir = join(dir, 'build');
  mkdirSync(join(buildDir, '.gate', 'mcp'), { recursive: true });
  writeFileSync(join(buildDir, '.gate', 'manifest.json'), JSON.stringify(manifestFor(origin)));
  for (const [path, body] of Object.entries(fixtureFiles())) writeFileSync(join(buildDir, path), body);
  const bundle = await bundleMcpFunction({ buildDir, outDir: dir });
  fn = (await import(importUrl(bundle))) as FunctionModule;
}, 60_000);

afterAll(() => {
  jwksServer?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const handler = (request: Request) => fn.default(request, {});
const token = (extra: Record<string, unknown> = {}, options?: { key?: 'other' }) =>
  keys.sign(accessTokenClaims(issuer, AUDIENCE, Math.floor(Date.now() / 1000), extra), options);

describe('the MCP function, bundled for Node as Netlify does', () => {
  it('is declared on exactly the paths the edge gate hands on', () => {
    expect(fn.config.path).toEqual([...MCP_FUNCTION_PATHS]);
    for (const path of MCP_FUNCTION_PATHS) expect(servedByMcpFunction(path), path).toBe(true);
    for (const path of ['/', '/guides/connections/snowflake', '/.well-known/mcp.json', '/mcp.md', '/MCP'])
      expect(servedByMcpFunction(path), path).toBe(false);
  });

  it('is the function netlify.toml deploys, and the edge gate is declared off its paths', () => {
    const toml = readFileSync('netlify.toml', 'utf8');
    expect(toml).toMatch(/^\[functions\]\n\s*directory = "server\/netlify\/functions"$/m);
    const excluded = /excludedPath = \[([^\]]*)\]/.exec(toml)?.[1] ?? '';
    expect([...excluded.matchAll(/"([^"]+)"/g)].map((m) => m[1])).toEqual([...MCP_FUNCTION_PATHS]);
  });

  it('signed out: lists the tools, finds guides by title only and refuses their text', async () => {
    const client = await connect(handler);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([
      'get_page',
      'get_release_notes',
      'list_pages',
      'search_docs',
    ]);
    const search = await call(client, 'search_docs', { query: 'snowflake' });
    expect(search.text).toContain(`[Snowflake connection](${SITE}/guides/connections/snowflake)`);
    expect(search.text).not.toContain(GUIDE_WORD);
    const word = await call(client, 'search_docs', { query: GUIDE_WORD });
    expect(word.text).toMatch(/^No page matches/);
    const page = await call(client, 'get_page', { path_or_url: '/guides/connections/snowflake' });
    expect(page.isError).toBe(true);
    expect(page.text).not.toContain(GUIDE_TEXT);
    const pub = await call(client, 'get_page', { path_or_url: '/backup-recovery' });
    expect(pub.text).toContain('Velero snapshots back up the database.');
    await client.close();
  }, 30_000);

  it("with the provider's access token (verified against its JWKS over HTTP), reads the guides", async () => {
    const client = await connect(handler, await token());
    const page = await call(client, 'get_page', { path_or_url: '/guides/connections/snowflake' });
    expect(page.isError).toBe(false);
    expect(page.text).toContain(GUIDE_TEXT);
    const word = await call(client, 'search_docs', { query: GUIDE_WORD });
    expect(word.text).toContain(`(${SITE}/guides/connections/snowflake)`);
    await client.close();
  }, 30_000);

  it('answers a forged, expired or wrong-audience token 401 with the metadata challenge', async () => {
    for (const bad of [
      await token({}, { key: 'other' }),
      await token({ exp: Math.floor(Date.now() / 1000) - 300 }),
      await token({ aud: 'site-client' }),
    ]) {
      const response = await handler(
        new Request(AUDIENCE, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${bad}`,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        }),
      );
      expect(response.status).toBe(401);
      expect(response.headers.get('WWW-Authenticate')).toContain(
        `resource_metadata="${SITE}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(await response.text()).not.toContain(GUIDE_WORD);
    }
  }, 30_000);

  it("publishes the protected-resource metadata naming the build's provider", async () => {
    const response = await handler(new Request(`${SITE}/.well-known/oauth-protected-resource/mcp`));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Security-Policy')).toBe(CSP);
    const metadata = (await response.json()) as { resource: string; authorization_servers: string[] };
    expect(metadata).toMatchObject({ resource: `${SITE}/mcp`, authorization_servers: [issuer] });
  });

  it('answers nothing but its own routes, not even a guide asked for as Markdown', async () => {
    for (const path of ['/guides/connections/snowflake', '/install-options', '/.well-known/mcp.json']) {
      const response = await handler(new Request(SITE + path, { headers: { Accept: 'text/markdown' } }));
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain(GUIDE_WORD);
    }
  });
});

describe('the edge gate in front of it', () => {
  it("hands the function's paths on untouched (method, headers and body), never reading them", async () => {
    const gate = createEdgeGate(manifestFor('https://tenant.example.auth0.com'), () => undefined);
    for (const path of MCP_FUNCTION_PATHS) {
      const seen: (Request | undefined)[] = [];
      const request = new Request(SITE + path, {
        method: 'POST',
        headers: { Authorization: 'Bearer x', 'Content-Type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      });
      const response = await gate(request, {
        next: (handed) => {
          seen.push(handed);
          return Promise.resolve(new Response('from the function', { status: 299 }));
        },
      });
      expect(response.status, path).toBe(299);
      // No argument: Netlify goes on with the request as it came, body included.
      expect(seen, path).toEqual([undefined]);
      expect(request.bodyUsed, path).toBe(false);
    }
  });

  it("answers Markdown by negotiation from the host's twin, parsing only site.json, a guide's never signed out", async () => {
    const files = fixtureFiles();
    const reads: McpFile[] = [];
    const gate = createEdgeGate(manifestFor('https://tenant.example.auth0.com'), () => undefined, {
      auth: { audience: AUDIENCE },
      read: (path) => {
        reads.push(path);
        return Promise.resolve(files[path] ?? null);
      },
    });
    const twins = JSON.parse(files[MCP_FILES.publicTwins]) as Record<string, string>;
    const handed: string[] = [];
    const context = {
      next: (request?: Request) => {
        const path = new URL(request!.url).pathname;
        handed.push(path);
        const body = path.endsWith('.md') ? twins[path.slice(0, -3)] : undefined;
        return Promise.resolve(body ? new Response(body) : new Response('Not found', { status: 404 }));
      },
    };
    const markdown = (path: string) => new Request(SITE + path, { headers: { Accept: 'text/markdown' } });

    const page = await gate(markdown('/install-options'), context);
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toBe('text/markdown; charset=utf-8');
    expect(page.headers.get('Vary')).toContain('Accept');
    expect(await page.text()).toBe(twins['/install-options']);
    expect(handed).toEqual(['/install-options.md']);

    // Closed gate (no SESSION_SECRET): no reader has a session, so the guide's twin is not fetched.
    const guide = await gate(markdown('/guides/connections/snowflake'), context);
    expect(guide.status).toBe(401);
    expect(await guide.text()).not.toContain(GUIDE_WORD);
    expect(handed).toEqual(['/install-options.md']);
    expect([...new Set(reads)]).toEqual([MCP_FILES.site]);
  });

  it("serves a guide's twin from the host to a reader with rights (an open build)", async () => {
    const files = fixtureFiles();
    const gate = createEdgeGate({ ...manifestFor('https://tenant.example.auth0.com'), open: true }, () => undefined, {
      auth: { audience: AUDIENCE },
      read: (path) => Promise.resolve(files[path] ?? null),
    });
    const guideTwins = JSON.parse(files[MCP_FILES.guideTwins]) as Record<string, string>;
    const handed: string[] = [];
    const response = await gate(
      new Request(`${SITE}/guides/connections/snowflake`, { headers: { Accept: 'text/markdown' } }),
      {
        next: (request) => {
          handed.push(new URL(request!.url).pathname);
          return Promise.resolve(new Response(guideTwins['/guides/connections/snowflake']));
        },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await response.text()).toContain(GUIDE_TEXT);
    expect(handed).toEqual(['/guides/connections/snowflake.md']);
  });
});
