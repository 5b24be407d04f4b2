// The MCP server's tests (server/mcp), written once and run twice: by Vitest under Node
// (tests/unit/mcp.test.ts) and by Deno (tests/gate/mcp.deno.test.ts), the runtime of the edge
// function. The official client (@modelcontextprotocol/client) talks to the handler through a
// fetch that calls it directly, so what is tested is the HTTP exchange an agent makes.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import fc from 'fast-check';
import type { McpHandler } from '../../server/mcp/index.ts';
import {
  accessClaims,
  AUDIENCE,
  fixtureHandler,
  GUIDE_TEXT,
  GUIDE_WORD,
  ISSUER,
  keys,
  NOW,
  SITE,
  type Keys,
} from './mcp-fixture.ts';
import { check } from './check.ts';
import { hostSpelling } from './spellings.ts';

export interface McpCase {
  name: string;
  run: () => Promise<void>;
}

/** Guide text as the fixture writes it: the sentences a signed-out caller must never receive. */
const GUIDE_SECRETS = [
  GUIDE_TEXT.slice(0, 30),
  `Connect with ${GUIDE_WORD}`,
  `with the ${GUIDE_WORD} role`,
  `**${GUIDE_WORD}**`,
];
const leaks = (text: string) => GUIDE_SECRETS.filter((secret) => text.includes(secret));

const serve = async (handler: McpHandler, request: Request) =>
  (await handler(request)) ?? new Response('Not found', { status: 404 });

export async function connect(handler: McpHandler, token?: string): Promise<Client> {
  const client = new Client({ name: 'veriq-mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(AUDIENCE), {
    fetch: (url, init) => serve(handler, new Request(url, init)),
    ...(token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });
  await client.connect(transport);
  return client;
}

export interface ToolAnswer {
  text: string;
  isError: boolean;
}

export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const result = await client.callTool({ name, arguments: args });
  const content = (result.content ?? []) as { type: string; text?: string }[];
  check(
    Array.isArray(content) && content.every((c) => c.type === 'text' && typeof c.text === 'string'),
    `${name}: content is not text`,
  );
  return { text: content.map((c) => c.text).join('\n'), isError: result.isError === true };
}

const initialize = (version: string, token?: string, endpoint = AUDIENCE) =>
  new Request(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });

export async function mcpCases(): Promise<McpCase[]> {
  const k: Keys = await keys();
  const token = await k.sign(accessClaims());
  const signedOut = () => fixtureHandler({ verifier: k.verifier });

  return [
    {
      name: 'lists the four tools, each with a description and an input schema',
      run: async () => {
        const client = await connect(signedOut().handler);
        const { tools } = await client.listTools();
        const names = tools.map((t) => t.name).sort();
        check(names.join() === 'get_page,get_release_notes,list_pages,search_docs', `tools: ${names.join()}`);
        for (const tool of tools) {
          check((tool.description ?? '').length > 60, `${tool.name} has a short description`);
          check(tool.inputSchema.type === 'object', `${tool.name} has no object schema`);
        }
        const search = tools.find((t) => t.name === 'search_docs')!;
        check(JSON.stringify(search.inputSchema.required) === '["query"]', 'search_docs requires only query');
      },
    },
    {
      name: 'signed out, search finds guides by title only and public pages with snippets',
      run: async () => {
        const fx = signedOut();
        const client = await connect(fx.handler);
        const guide = await call(client, 'search_docs', { query: 'snowflake' });
        check(!guide.isError, guide.text);
        check(guide.text.includes(`[Snowflake connection](${SITE}/guides/connections/snowflake)`), guide.text);
        check(guide.text.includes('guide, sign in to read'), 'the guide hit is not marked');
        check(leaks(guide.text).length === 0, `guide text leaked: ${leaks(guide.text).join()}`);
        const word = await call(client, 'search_docs', { query: GUIDE_WORD });
        check(
          !word.isError && word.text.startsWith(`No page matches "${GUIDE_WORD}"`),
          `a guide-only word matched: ${word.text}`,
        );
        const pub = await call(client, 'search_docs', { query: 'velero restore' });
        check(pub.text.includes(`(${SITE}/backup-recovery)`) && pub.text.includes('**Velero**'), pub.text);
        check(!fx.reads.some((p) => p.includes('guide')), `a signed-out call read ${fx.reads.join()}`);
      },
    },
    {
      name: 'with a valid access token, search finds guide text and get_page returns the guide',
      run: async () => {
        const client = await connect(signedOut().handler, token);
        const word = await call(client, 'search_docs', { query: GUIDE_WORD });
        check(
          word.text.includes(`(${SITE}/guides/connections/snowflake)`) && word.text.includes(`**${GUIDE_WORD}**`),
          word.text,
        );
        const page = await call(client, 'get_page', { path_or_url: '/guides/connections/snowflake' });
        check(!page.isError && page.text.includes(GUIDE_TEXT), page.text);
        check(
          page.text.includes('Last updated: 2025-10-01') &&
            page.text.includes(`URL: ${SITE}/guides/connections/snowflake`),
          page.text,
        );
      },
    },
    {
      name: 'signed out, get_page of a guide is a tool error that says to sign in',
      run: async () => {
        const client = await connect(signedOut().handler);
        const page = await call(client, 'get_page', { path_or_url: `${SITE}/Guides/connections/snowflake.md` });
        check(page.isError, 'a guide was returned signed out');
        check(/sign in/i.test(page.text) && page.text.includes('/.well-known/oauth-protected-resource/mcp'), page.text);
        check(leaks(page.text).length === 0, 'guide text leaked');
      },
    },
    {
      name: 'a forged, expired, wrong-audience or wrong-issuer token is refused with the 401 challenge',
      run: async () => {
        const tokens = {
          forged: await k.sign(accessClaims(), { key: 'other' }),
          expired: await k.sign(accessClaims({ exp: Math.floor(NOW / 1000) - 120 })),
          'id token (client audience)': await k.sign(accessClaims({ aud: 'docs-client' })),
          'other issuer': await k.sign(accessClaims({ iss: 'https://evil.example.com/' })),
          garbage: 'not-a-jwt',
        };
        const fx = signedOut();
        for (const [what, bad] of Object.entries(tokens)) {
          const response = await serve(fx.handler, initialize('2025-06-18', bad));
          check(response.status === 401, `${what}: ${response.status}`);
          const challenge = response.headers.get('WWW-Authenticate') ?? '';
          check(
            challenge.startsWith('Bearer ') &&
              challenge.includes(`resource_metadata="${SITE}/.well-known/oauth-protected-resource/mcp"`),
            `${what}: ${challenge}`,
          );
          check(leaks(await response.text()).length === 0, `${what}: leaked`);
        }
        let refused = false;
        try {
          await connect(fx.handler, tokens.forged);
        } catch {
          refused = true;
        }
        check(refused, 'the client connected with a forged token');
      },
    },
    {
      name: 'serves the protected resource metadata naming the identity provider, and the server card',
      run: async () => {
        const fx = signedOut();
        for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
          const response = await serve(fx.handler, new Request(SITE + path));
          check(response.status === 200, `${path}: ${response.status}`);
          const body = (await response.json()) as { resource: string; authorization_servers: string[] };
          check(body.resource === AUDIENCE && body.authorization_servers[0] === ISSUER, JSON.stringify(body));
        }
        const card = (await (await serve(fx.handler, new Request(`${SITE}/.well-known/mcp.json`))).json()) as {
          endpoint: string;
        };
        check(card.endpoint === AUDIENCE, JSON.stringify(card));
        const open = fixtureHandler({ verifier: null, open: true });
        check(
          (await serve(open.handler, new Request(`${SITE}/.well-known/oauth-protected-resource`))).status === 404,
          'an open site advertised sign-in',
        );
      },
    },
    {
      name: 'bad input gets a tool error that says what to do',
      run: async () => {
        const client = await connect(signedOut().handler);
        const cases: [string, Record<string, unknown>, RegExp][] = [
          ['search_docs', { query: '' }, /two or more characters/],
          ['search_docs', { query: ' x ' }, /two or more characters/],
          ['search_docs', { query: 'a'.repeat(5000) }, /at most 512/],
          [
            'search_docs',
            { query: 'helm', section: 'Nowhere' },
            /Sections: Installation, Guides, Connections, Releases/,
          ],
          ['search_docs', { query: 'helm', limit: 1e9 }, /limit|50/i],
          ['get_page', { path_or_url: '/no-such-page' }, /search_docs|list_pages/],
          ['get_page', { path_or_url: 'https://evil.example.com/install-options' }, /Only pages of/],
          ['get_page', { path_or_url: '/%E0%A4%A' }, /cannot be decoded/],
          ['get_page', { path_or_url: '' }, /Give a page path/],
          ['list_pages', { section: 'Nowhere' }, /Sections:/],
          ['get_release_notes', { version: '9.9' }, /Releases: 6\.5\.0, 6\.4\.0/],
        ];
        for (const [tool, args, expected] of cases) {
          const answer = await call(client, tool, args);
          check(answer.isError, `${tool} ${JSON.stringify(args).slice(0, 60)} was not an error`);
          check(expected.test(answer.text), `${tool}: ${answer.text.slice(0, 300)}`);
          check(!/\bat .+:\d+:\d+/.test(answer.text), `${tool}: a stack trace`);
        }
      },
    },
    {
      name: 'get_page reads a public page by path, twin path, encoded path or URL, with absolute links',
      run: async () => {
        const client = await connect(signedOut().handler);
        for (const address of [
          '/install-options',
          'install-options.md',
          '/%69nstall-options/',
          `${SITE}/install-options#helm`,
        ]) {
          const page = await call(client, 'get_page', { path_or_url: address });
          check(
            !page.isError &&
              page.text.includes('# Install options') &&
              page.text.includes(`](${SITE}/backup-recovery.md)`),
            `${address}: ${page.text}`,
          );
        }
      },
    },
    {
      name: 'list_pages shows the sidebars, guides by title only signed out',
      run: async () => {
        const client = await connect(signedOut().handler);
        const all = await call(client, 'list_pages', {});
        check(
          all.text.includes('## Installation') &&
            all.text.includes(`- [Install options](${SITE}/install-options): Choose a method.`),
          all.text,
        );
        check(
          all.text.includes(`[Snowflake connection](${SITE}/guides/connections/snowflake) (guide: sign in to read)`),
          all.text,
        );
        check(leaks(all.text).length === 0, 'a guide description leaked');
        const guides = await call(client, 'list_pages', { section: 'connections' });
        check(
          guides.text.startsWith('Guides are listed by title') && guides.text.includes('## Connections'),
          guides.text,
        );
        const signedIn = await call(await connect(signedOut().handler, token), 'list_pages', { section: 'Guides' });
        check(signedIn.text.includes(`Connect with ${GUIDE_WORD}`), signedIn.text);
      },
    },
    {
      name: 'get_release_notes returns the latest release or the one asked for',
      run: async () => {
        const client = await connect(signedOut().handler);
        const latest = await call(client, 'get_release_notes', {});
        check(
          latest.text.startsWith('Version: 6.5.0\nRelease date: 2025-03-18') && latest.text.includes('Rule templates'),
          latest.text,
        );
        const older = await call(client, 'get_release_notes', { version: 'v6.4' });
        check(older.text.startsWith('Version: 6.4.0') && older.text.includes('Faster checks'), older.text);
      },
    },
    {
      name: 'logs one JSON line per call, without identity, flagging searches with no result',
      run: async () => {
        const fx = signedOut();
        const client = await connect(fx.handler, token);
        await call(client, 'search_docs', { query: 'nothing matches qqqq' });
        await call(client, 'get_page', { path_or_url: '/backup-recovery' });
        const lines = fx.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
        check(lines.length === 2, `${lines.length} lines: ${fx.logs.join('\n')}`);
        check(
          lines[0].tool === 'search_docs' &&
            lines[0].outcome === 'no_results' &&
            lines[0].results === 0 &&
            lines[0].signed_in === true,
          fx.logs[0],
        );
        check(
          lines[1].tool === 'get_page' && lines[1].page_path === '/backup-recovery' && lines[1].results === 1,
          fx.logs[1],
        );
        check(!fx.logs.join().includes(token) && !fx.logs.join().includes('auth0|reader'), 'identity in the log');
      },
    },
    {
      name: 'answers 2025 clients through the stateless fallback',
      run: async () => {
        for (const version of ['2025-03-26', '2025-06-18', '2025-11-25']) {
          const response = await serve(signedOut().handler, initialize(version));
          check(response.status === 200, `${version}: ${response.status}`);
          const body = await response.text();
          check(body.includes('"serverInfo"') && body.includes('veriq-docs'), `${version}: ${body.slice(0, 200)}`);
        }
      },
    },
    {
      name: 'a page asked for as text/markdown answers its twin, a guide only with a session',
      run: async () => {
        const md = (path: string, accept = 'text/markdown') =>
          new Request(SITE + path, { headers: { Accept: accept } });
        const out = signedOut().handler;
        const page = await serve(out, md('/install-options'));
        check(
          page.status === 200 && (page.headers.get('Content-Type') ?? '').startsWith('text/markdown'),
          `${page.status}`,
        );
        check(
          page.headers.get('Vary') === 'Accept' && (await page.text()).startsWith('# Install options'),
          'not the twin',
        );
        const guide = await serve(out, md('/guides/connections/snowflake'));
        check(guide.status === 401 && leaks(await guide.text()).length === 0, `${guide.status}`);
        const session = fixtureHandler({ verifier: k.verifier, session: true }).handler;
        const allowed = await serve(session, md('/guides/connections/snowflake'));
        check(allowed.status === 200 && (await allowed.text()).includes(GUIDE_TEXT), `${allowed.status}`);
        check((allowed.headers.get('Cache-Control') ?? '').includes('no-store'), 'a guide twin may be cached');
        const browser = await out(
          md('/install-options', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'),
        );
        check(browser === null, 'a browser got Markdown');
        check((await out(md('/assets/js/main.js'))) === null, 'a file was negotiated');
      },
    },
    {
      name: 'Markdown of a guide by content negotiation varies on Cookie and Accept, signed in or out',
      run: async () => {
        const md = new Request(`${SITE}/guides/connections/snowflake`, { headers: { Accept: 'text/markdown' } });
        const varies = (response: Response, on: string) =>
          (response.headers.get('Vary') ?? '').split(',').some((v) => v.trim().toLowerCase() === on);
        for (const session of [false, true]) {
          const response = await serve(fixtureHandler({ verifier: k.verifier, session }).handler, md.clone());
          check(response.status === (session ? 200 : 401), `session ${session}: ${response.status}`);
          check(varies(response, 'cookie'), `session ${session}: Vary ${response.headers.get('Vary')}`);
          check(varies(response, 'accept'), `session ${session}: Vary ${response.headers.get('Vary')}`);
        }
        // A public page's Markdown depends on no session.
        const page = await serve(
          signedOut().handler,
          new Request(`${SITE}/install-options`, { headers: { Accept: 'text/markdown' } }),
        );
        check(page.headers.get('Vary') === 'Accept', `public twin: Vary ${page.headers.get('Vary')}`);
      },
    },
    {
      name: 'an access token issued in the future, beyond 60 s of clock skew, is refused',
      run: async () => {
        const nowS = Math.floor(NOW / 1000);
        const fx = signedOut();
        const future = await k.sign(accessClaims({ iat: nowS + 3600, exp: nowS + 7200 }));
        const refused = await serve(fx.handler, initialize('2025-06-18', future));
        check(refused.status === 401, `iat an hour ahead: ${refused.status}`);
        check((refused.headers.get('WWW-Authenticate') ?? '').includes('invalid_token'), 'no invalid_token');
        const skewed = await k.sign(accessClaims({ iat: nowS + 30 }));
        const accepted = await serve(fx.handler, initialize('2025-06-18', skewed));
        check(accepted.status === 200, `iat 30 s ahead (clock skew): ${accepted.status}`);
      },
    },
    {
      name: 'property: on every host it answers, the metadata names the one resource whose tokens it accepts',
      run: async () => {
        const fx = signedOut();
        const resourceOn = async (origin: string) => {
          const response = await serve(fx.handler, new Request(`${origin}/.well-known/oauth-protected-resource/mcp`));
          check(response.status === 200, `${origin}: metadata ${response.status}`);
          const body = (await response.json()) as { resource: string; authorization_servers: string[] };
          check(body.authorization_servers[0] === ISSUER, `${origin}: ${JSON.stringify(body)}`);
          return body.resource;
        };
        const answer = async (origin: string, audience: string) =>
          serve(fx.handler, initialize('2025-06-18', await k.sign(accessClaims({ aud: audience })), `${origin}/mcp`));
        await fc.assert(
          fc.asyncProperty(hostSpelling(), fc.webUrl({ withQueryParameters: false }), async (spelled, other) => {
            const origin = new URL(spelled).origin;
            const resource = await resourceOn(origin);
            // RFC 9728 §3.1: the metadata of a resource lives at its well-known URL, which agrees.
            const named = new URL(resource);
            check((await resourceOn(named.origin)) === resource, `${origin}: ${resource} is not its own resource`);
            // The token a client gets for the named resource is accepted on this host.
            const accepted = await answer(origin, resource);
            check(accepted.status === 200, `${origin}: a token for ${resource} got ${accepted.status}`);
            // Any other audience (this host's own URL when it is not the named one, an attacker's
            // choice) is refused, and the challenge leads back to the same resource.
            for (const audience of [`${origin}/mcp`, other, `${other.replace(/\/$/, '')}/mcp`]) {
              if (audience === resource) continue;
              const refused = await answer(origin, audience);
              check(refused.status === 401, `${origin}: a token for ${audience} got ${refused.status}`);
              const challenge = refused.headers.get('WWW-Authenticate') ?? '';
              const metadata = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
              check(metadata !== undefined, `${origin}: challenge ${challenge}`);
              const body = (await (await serve(fx.handler, new Request(metadata))).json()) as { resource: string };
              check(body.resource === resource, `${origin}: the challenge's metadata names ${body.resource}`);
            }
            const card = (await (await serve(fx.handler, new Request(`${origin}/.well-known/mcp.json`))).json()) as {
              endpoint: string;
              authorization: { protected_resource_metadata: string };
            };
            const cardMetadata = await serve(fx.handler, new Request(card.authorization.protected_resource_metadata));
            check(
              ((await cardMetadata.json()) as { resource: string }).resource === resource && card.endpoint === resource,
              `${origin}: the card names ${card.endpoint}`,
            );
          }),
          { numRuns: 60 },
        );
      },
    },
    {
      name: 'a build that opened the guides asks for no sign-in on any host: no metadata, no 401',
      run: async () => {
        const open = fixtureHandler({ verifier: k.verifier, open: true }).handler;
        await fc.assert(
          fc.asyncProperty(hostSpelling(), fc.webUrl(), async (spelled, other) => {
            const origin = new URL(spelled).origin;
            const metadata = await serve(open, new Request(`${origin}/.well-known/oauth-protected-resource/mcp`));
            check(metadata.status === 404, `${origin}: metadata ${metadata.status}`);
            for (const bearer of [await k.sign(accessClaims({ aud: other })), 'not-a-jwt']) {
              const response = await serve(open, initialize('2025-06-18', bearer, `${origin}/mcp`));
              check(response.status === 200, `${origin}: ${response.status}`);
            }
          }),
          { numRuns: 20 },
        );
        const client = await connect(open, 'not-a-jwt');
        const page = await call(client, 'get_page', { path_or_url: '/guides/connections/snowflake' });
        check(!page.isError && page.text.includes(GUIDE_TEXT), page.text);
      },
    },
    {
      name: 'property: any tool input signed out gets a well-formed answer and never guide text',
      run: async () => {
        const client = await connect(signedOut().handler);
        const text = fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.constantFrom(
            '/guides/connections/snowflake',
            '/%67uides/connections/snowflake',
            '//guides//connections/snowflake/',
            '/guides/connections/snowflake.md',
            `${SITE}/GUIDES/connections/snowflake`,
            '/guides/../guides/connections/snowflake',
            '\\guides\\connections\\snowflake',
            GUIDE_WORD,
            'snowflake key pair',
            'Guides',
            'Connections',
          ),
          fc.string({ unit: 'binary', maxLength: 40 }),
        );
        const input = fc.oneof(
          fc.record({
            tool: fc.constant('search_docs'),
            args: fc.record(
              { query: text, limit: fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constant(1e12)), section: text },
              { requiredKeys: ['query'] },
            ),
          }),
          fc.record({ tool: fc.constant('get_page'), args: fc.record({ path_or_url: text }) }),
          fc.record({ tool: fc.constant('list_pages'), args: fc.record({ section: text }, { requiredKeys: [] }) }),
          fc.record({
            tool: fc.constant('get_release_notes'),
            args: fc.record({ version: text }, { requiredKeys: [] }),
          }),
        );
        await fc.assert(
          fc.asyncProperty(input, async ({ tool, args }) => {
            const answer = await call(client, tool, args);
            check(answer.text.length > 0, `${tool}: empty answer`);
            const echoed = JSON.stringify(args);
            const leaked = leaks(answer.text).filter((secret) => !echoed.includes(secret));
            check(leaked.length === 0, `${tool} ${echoed}: leaked ${leaked.join()}`);
          }),
          { numRuns: 100 },
        );
      },
    },
  ];
}

/** Per-call CPU cost of the handler (median µs): what a Netlify edge invocation spends. */
export async function measureMcpCost(iterations = 100): Promise<Record<string, number>> {
  const k = await keys();
  const token = await k.sign(accessClaims());
  const { handler } = fixtureHandler({ verifier: k.verifier });
  const callTool = (name: string, args: Record<string, unknown>, bearer?: string) =>
    new Request(AUDIENCE, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2025-06-18',
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } }),
    });
  const scenarios: Record<string, () => Request> = {
    'tools/call search_docs, signed out': () => callTool('search_docs', { query: 'install helm' }),
    'tools/call search_docs, access token (RS256 verify)': () =>
      callTool('search_docs', { query: 'snowflake key pair' }, token),
    'tools/call get_page, signed out': () => callTool('get_page', { path_or_url: '/install-options' }),
  };
  const result: Record<string, number> = {};
  for (const [name, make] of Object.entries(scenarios)) {
    await (await serve(handler, make())).text();
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const start = performance.now();
      await (await serve(handler, make())).text();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    result[name] = Math.round(times[Math.floor(times.length / 2)] * 1000);
  }
  return result;
}
