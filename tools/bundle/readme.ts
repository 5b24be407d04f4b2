// README.md of the offline docs bundle: verify, run, the environment, and how each AI assistant
// reaches the MCP server, over stdio (mcp.mjs) and over HTTP (server.mjs at /mcp).

export interface ReadmeFacts {
  /** `6.5` */
  release: string;
  /** `veriq-docs-6.5`, the bundle's folder */
  name: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function bundleReadme({ release, name }: ReadmeFacts): string {
  const dir = `/opt/${name}`;
  const url = 'http://docs.example.internal:8080/mcp';
  const stdio = { command: 'node', args: [`${dir}/mcp.mjs`] };
  return `# Veriq documentation ${release}, offline

The Veriq documentation for release ${release} in one folder: the site (\`site/\`, with the
guides, search, Markdown pages, release notes and PDF books), its web server (\`server.mjs\`) and
an MCP server for AI assistants (\`mcp.mjs\`). Node.js 22 or later is all it needs: nothing to
install, and no request leaves the machine.

## Verify

First check the tarball against the checksum published with it
(\`sha256sum -c ${name}.tar.gz.sha256\`). Then, in the unpacked folder:

\`\`\`bash
cd ${name}
sha256sum -c --quiet SHA256SUMS
node server.mjs --verify
\`\`\`

Both fail and name the file when a file differs from the one shipped; \`--verify\` also names
files added since, and serves where \`sha256sum\` is missing (it cannot vouch for a changed
\`server.mjs\` itself). \`sbom.cdx.json\` lists the packages the bundle is made of (CycloneDX).

## Run

\`\`\`bash
node server.mjs
\`\`\`

The site is then at <http://127.0.0.1:8080> and the MCP server at <http://127.0.0.1:8080/mcp>.
In a container, set \`HOST=0.0.0.0\`. The server stops cleanly on SIGTERM.

| Variable | Default | Meaning |
| --- | --- | --- |
| \`PORT\` | \`8080\` | Port to listen on. |
| \`HOST\` | \`127.0.0.1\` | Address to listen on (\`0.0.0.0\`: every interface). |
| \`OIDC_ISSUER\` | none | Your identity provider's https origin. With \`OIDC_CLIENT_ID\`, the guides need a sign-in. |
| \`OIDC_CLIENT_ID\` | none | The client id readers sign in with. |
| \`SITE_URL\` | none | The origin readers use (\`https://docs.example.internal\`). Required with \`OIDC_ISSUER\`, and whenever readers use a host name: the server answers only \`localhost\`, IP addresses and this host (421 otherwise). |
| \`SESSION_SECRET\` | random | Signs sign-in sessions (32 characters or more). Unset, sessions end when the server stops. |
| \`MCP_AUDIENCE\` | \`SITE_URL/mcp\` | Audience of the access tokens MCP clients bring when the guides need a sign-in. |

Without \`OIDC_ISSUER\` every reader can read the guides. With it, the server runs the sign-in
gate of the public site: signed-out readers see each guide's outline and a sign-in prompt, guide
files and guide search answer 401, and MCP clients need an access token to read guides. The
provider must work as Auth0 does: issuer \`<origin>/\`, keys at \`/.well-known/jwks.json\`,
sign-in at \`/authorize\` (implicit flow, \`id_token token\`) and sign-out at \`/v2/logout\`.
Register \`SITE_URL/login/callback\` as the callback and \`SITE_URL/\` as the sign-out return
address. Readers must reach the server on \`SITE_URL\`: https, or http on \`localhost\`. A wrong
value stops the server with one line naming the variable.

## MCP

- **stdio**: the assistant starts \`node ${dir}/mcp.mjs\`, which reads \`site/\` beside it. It
  answers with a signed-in reader's rights: whoever can run it holds the whole bundle.
- **HTTP**: the running server's \`/mcp\` (Streamable HTTP), with the rights the site gives.

Replace \`${dir}\` with where the folder is, and \`${url}\` with your server's URL.

### Claude Desktop

In \`claude_desktop_config.json\`, stdio:

\`\`\`json
${json({ mcpServers: { 'veriq-docs': stdio } })}
\`\`\`

The configuration file starts stdio servers only. Claude Desktop's custom connectors are reached
from Anthropic's cloud, which cannot reach a server inside your network: use stdio.

### Claude Code

\`\`\`bash
claude mcp add --transport stdio veriq-docs -- node ${dir}/mcp.mjs
claude mcp add --transport http veriq-docs ${url}
\`\`\`

### Cursor

In \`~/.cursor/mcp.json\` (or \`.cursor/mcp.json\` of a project), stdio, then HTTP:

\`\`\`json
${json({ mcpServers: { 'veriq-docs': stdio } })}
\`\`\`

\`\`\`json
${json({ mcpServers: { 'veriq-docs': { url } } })}
\`\`\`

### VS Code

In \`.vscode/mcp.json\` (or the user \`mcp.json\`), stdio, then HTTP:

\`\`\`json
${json({ servers: { 'veriq-docs': { type: 'stdio', ...stdio } } })}
\`\`\`

\`\`\`json
${json({ servers: { 'veriq-docs': { type: 'http', url } } })}
\`\`\`

## Upgrade

A patch release has the same folder name, so never unpack over a running folder: unpack each
release into a folder named for its full version (\`tar -xzf veriq-docs-<minor>.tar.gz -C
/opt/veriq-docs-<version> --strip-components=1\`), verify it, point a link
(\`ln -sfn /opt/veriq-docs-<version> /opt/veriq-docs\`) that the service and every stdio MCP
configuration use at it, restart the server, then delete the old folder. Keep \`SESSION_SECRET\`
to keep readers signed in across the restart.
`;
}
