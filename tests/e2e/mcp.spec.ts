// The MCP server (server/mcp) as an agent meets it on the served build (serve:prod's static server
// with the local identity provider): the official client (@modelcontextprotocol/client) finds the
// endpoint from the site, reads public pages signed out, is refused guide text, then signs in by
// itself (protected resource metadata -> provider metadata -> dynamic client registration ->
// authorization code with PKCE and the MCP resource -> token) and reads the guides.
import { expect, test } from '@playwright/test';
import { auth, Client, StreamableHTTPClientTransport, type OAuthClientProvider } from '@modelcontextprotocol/client';
import { authorizeThroughProvider } from './support/authorizationCode';
import { implicitFlow } from './support/realSession';
import { baseUrl, IDP_ORIGIN } from './support/variants';

const site = baseUrl('main');
const endpoint = `${site}/mcp`;
const GUIDE = '/guides/connections/snowflake';
const REDIRECT = 'http://127.0.0.1:8976/callback';

type Tokens = Awaited<ReturnType<OAuthClientProvider['tokens']>>;
type ClientInfo = Awaited<ReturnType<OAuthClientProvider['clientInformation']>>;

/** An OAuth client kept in memory; the authorization redirect is recorded for the test to follow. */
class MemoryProvider implements OAuthClientProvider {
  info: ClientInfo;
  saved: Tokens;
  verifier = '';
  authorizationUrl: URL | null = null;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata() {
    return {
      client_name: 'Veriq docs e2e agent',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: NonNullable<ClientInfo>) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: NonNullable<Tokens>) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  discovery: Parameters<NonNullable<OAuthClientProvider['saveDiscoveryState']>>[0] | undefined;
  saveDiscoveryState(state: NonNullable<MemoryProvider['discovery']>) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

async function connect(options: { token?: string; provider?: OAuthClientProvider } = {}): Promise<Client> {
  const client = new Client({ name: 'veriq-e2e', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(endpoint), {
      ...(options.provider ? { authProvider: options.provider } : {}),
      ...(options.token ? { requestInit: { headers: { Authorization: `Bearer ${options.token}` } } } : {}),
    }),
  );
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return {
    text: (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n'),
    isError: result.isError === true,
  };
}

test.describe('MCP server', () => {
  test('is found from the site, and serves public pages and guide titles signed out', async ({ request }) => {
    const llms = await (await request.get(`${site}/llms.txt`)).text();
    expect(llms).toContain('MCP server (Streamable HTTP): ');
    const card = (await (await request.get(`${site}/.well-known/mcp.json`)).json()) as { endpoint: unknown };
    expect(card.endpoint).toBe(endpoint);

    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['get_page', 'get_release_notes', 'list_pages', 'search_docs']);

    const search = await call(client, 'search_docs', { query: 'snowflake key pair' });
    expect(search.isError).toBe(false);
    expect(search.text).toMatch(/\]\(https:\/\/docs\.veriq\.io\/guides\/[^)]+\) \([^)]*\): guide, sign in to read/);
    const page = await call(client, 'get_page', { path_or_url: '/install-options' });
    expect(page.isError).toBe(false);
    expect(page.text).toMatch(/^URL: https:\/\/docs\.veriq\.io\/install-options\n/);
    const guide = await call(client, 'get_page', { path_or_url: GUIDE });
    expect(guide.isError).toBe(true);
    expect(guide.text).toMatch(/sign in/i);
    const notes = await call(client, 'get_release_notes', {});
    expect(notes.text).toMatch(/^Version: \d+\.\d+/);
    await client.close();
  });

  test('a token that is not an access token for it is refused with the 401 challenge', async ({ request }) => {
    // The site's own sign-in (implicit flow): its access token has no MCP audience.
    const tokens = await implicitFlow(request, site, 'reader@example.com', 'nonce-mcp');
    for (const token of [tokens.get('access_token')!, tokens.get('id_token')!, 'forged.token.value']) {
      const response = await request.post(endpoint, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json, text/event-stream' },
        data: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      });
      expect(response.status()).toBe(401);
      expect(response.headers()['www-authenticate']).toContain(
        `resource_metadata="${site}/.well-known/oauth-protected-resource/mcp"`,
      );
    }
  });

  test('signs in through the identity provider by itself and then reads the guides', async ({ request }) => {
    const metadata: unknown = await (await request.get(`${site}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toMatchObject({ resource: endpoint, authorization_servers: [`${IDP_ORIGIN}/`] });

    const provider = new MemoryProvider();
    expect(await auth(provider, { serverUrl: endpoint })).toBe('REDIRECT');
    expect(provider.info?.client_id).toBeTruthy(); // registered itself (RFC 7591)
    const authorization = provider.authorizationUrl!;
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('resource')).toBe(endpoint);

    const callback = await authorizeThroughProvider(request, authorization, REDIRECT, 'agent@example.com');
    // RFC 9207: the client checks that the code comes from the provider it sent the reader to.
    expect(callback.get('iss')).toBe(`${IDP_ORIGIN}/`);
    const code = callback.get('code')!;
    expect(await auth(provider, { serverUrl: endpoint, authorizationCode: code, iss: callback.get('iss')! })).toBe(
      'AUTHORIZED',
    );
    const accessToken = provider.saved?.access_token ?? '';
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as { aud: string };
    expect(claims.aud).toBe(endpoint);

    const client = await connect({ provider });
    const guide = await call(client, 'get_page', { path_or_url: GUIDE });
    expect(guide.isError).toBe(false);
    expect(guide.text).toContain(`URL: https://docs.veriq.io${GUIDE}`);
    const search = await call(client, 'search_docs', { query: 'snowflake key pair' });
    expect(search.text).not.toContain('sign in to read');
    expect(search.text).toMatch(/\]\(https:\/\/docs\.veriq\.io\/guides\/[^)]+\): /);
    await client.close();
  });

  test('a page asked for as text/markdown answers its twin; a guide needs a session', async ({ request }) => {
    const page = await request.get(`${site}/install-options`, { headers: { Accept: 'text/markdown' } });
    expect(page.status()).toBe(200);
    expect(page.headers()['content-type']).toMatch(/^text\/markdown/);
    expect(page.headers()['vary']).toContain('Accept');
    expect(await page.text()).toMatch(/^# /);
    const guide = await request.get(`${site}${GUIDE}`, { headers: { Accept: 'text/markdown' } });
    expect(guide.status()).toBe(401);
    const html = await request.get(`${site}/install-options`);
    expect(html.headers()['content-type']).toMatch(/^text\/html/);
  });
});
