// Where the docs' MCP server is and the one-click install links of the editors that document
// one: Cursor (https://cursor.com/docs/mcp/install-links: `name` and the server's mcp.json entry,
// base64-encoded) and VS Code (its MCP URL handler: the server configuration as URL-encoded JSON).

/** The server's name in the reader's editor. */
export const MCP_SERVER_NAME = 'veriq-docs';

export function mcpServerUrl(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/mcp`;
}

export function cursorInstallLink(serverUrl: string): string {
  const config = btoa(JSON.stringify({ url: serverUrl }));
  return `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(MCP_SERVER_NAME)}&config=${encodeURIComponent(config)}`;
}

export function vscodeInstallLink(serverUrl: string): string {
  return `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: MCP_SERVER_NAME, type: 'http', url: serverUrl }))}`;
}
