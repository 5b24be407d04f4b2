import { describe, expect, it } from 'vitest';
import { cursorInstallLink, mcpServerUrl, vscodeInstallLink } from '../../src/reader/mcpLinks';

describe('MCP install links', () => {
  const url = mcpServerUrl('https://docs.veriq.io/');

  it('name the server at the site origin', () => {
    expect(url).toBe('https://docs.veriq.io/mcp');
  });

  it('Cursor: name plus the base64 mcp.json entry', () => {
    const link = new URL(cursorInstallLink(url));
    expect(`${link.protocol}//${link.host}${link.pathname}`).toBe('cursor://anysphere.cursor-deeplink/mcp/install');
    expect(link.searchParams.get('name')).toBe('veriq-docs');
    expect(JSON.parse(atob(link.searchParams.get('config')!))).toEqual({ url: 'https://docs.veriq.io/mcp' });
  });

  it('VS Code: the URL handler with the server configuration as JSON', () => {
    const link = vscodeInstallLink(url);
    expect(link.startsWith('vscode:mcp/install?')).toBe(true);
    expect(JSON.parse(decodeURIComponent(link.slice('vscode:mcp/install?'.length)))).toEqual({
      name: 'veriq-docs',
      type: 'http',
      url: 'https://docs.veriq.io/mcp',
    });
  });
});
