import { request as pw } from '@playwright/test';
import { auth, Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { authorizeThroughProvider } from './tests/e2e/support/authorizationCode';
const SITE = 'http://127.0.0.1:5700';
const REDIRECT = 'http://127.0.0.1:8976/callback';
const show = (label: string, text: string, max = 700) => console.log(`\n>>> ${label}\n${text.length > max ? text.slice(0, max) + '\n[... ' + (text.length - max) + ' more characters]' : text}`);
async function run(client: Client, name: string, args: Record<string, unknown>, max?: number) {
  const r = await client.callTool({ name, arguments: args });
  show(`${name} ${JSON.stringify(args)}${r.isError ? '  (isError)' : ''}`, (r.content as { text: string }[]).map((c) => c.text).join('\n'), max);
}
async function main() {
  const card = await (await fetch(`${SITE}/.well-known/mcp.json`)).json();
  show('GET /.well-known/mcp.json', JSON.stringify(card));
  let client = new Client({ name: 'transcript', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(card.endpoint)));
  show('connected', `server ${JSON.stringify(client.getServerVersion())}, protocol ${(client.transport as any)?.protocolVersion ?? ''}`);
  const { tools } = await client.listTools();
  show('tools/list', tools.map((t) => `${t.name}: ${JSON.stringify(t.inputSchema.properties)}`).join('\n'));
  await run(client, 'search_docs', { query: 'snowflake key pair', limit: 3 });
  await run(client, 'get_page', { path_or_url: '/guides/connections/snowflake' });
  await run(client, 'get_page', { path_or_url: 'https://docs.veriq.io/backup-recovery' }, 500);
  await run(client, 'list_pages', { section: 'Connections' }, 400);
  await run(client, 'get_release_notes', {}, 400);
  await run(client, 'search_docs', { query: '' });
  await client.close();
  const p: any = { get redirectUrl() { return REDIRECT; },
    get clientMetadata() { return { client_name: 'transcript', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }; },
    clientInformation() { return this.info; }, saveClientInformation(i: any) { this.info = i; }, tokens() { return this.saved; }, saveTokens(t: any) { this.saved = t; },
    redirectToAuthorization(u: URL) { this.url = u; }, saveCodeVerifier(v: string) { this.v = v; }, codeVerifier() { return this.v; }, saveDiscoveryState(s: any) { this.d = s; }, discoveryState() { return this.d; } };
  show('auth() discovery + registration', `${await auth(p, { serverUrl: card.endpoint })}; registered client ${p.info.client_id}; authorization URL ${String(p.url).replace(/code_challenge=[^&]+/, 'code_challenge=…')}`);
  const ctx = await pw.newContext();
  const cb = await authorizeThroughProvider(ctx, p.url, REDIRECT, 'reader@example.com');
  show('reader signs in at the provider; callback', `code=…, iss=${cb.get('iss')}`);
  show('auth() code exchange', await auth(p, { serverUrl: card.endpoint, authorizationCode: cb.get('code')!, iss: cb.get('iss')! }));
  const claims = JSON.parse(Buffer.from(p.saved.access_token.split('.')[1], 'base64url').toString());
  show('access token claims', JSON.stringify({ iss: claims.iss, aud: claims.aud, sub: claims.sub, scope: claims.scope, exp: claims.exp }));
  client = new Client({ name: 'transcript', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(card.endpoint), { authProvider: p }));
  await run(client, 'search_docs', { query: 'snowflake key pair', limit: 3 });
  await run(client, 'get_page', { path_or_url: '/guides/connections/snowflake' }, 600);
  await client.close();
  await ctx.dispose();
}
main().catch((e) => { console.error(e); process.exit(1); });
