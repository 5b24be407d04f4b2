// The offline bundle's README.md (tools/bundle/readme.ts) names every variable the server reads,
// and its MCP configurations are valid JSON naming the bundle's own programs.
import { describe, expect, it } from 'vitest';
import { readBundleSettings } from '../../server/bundle/settings';
import { bundleReadme } from '../../tools/bundle/readme';

const readme = bundleReadme({ release: '6.5', name: 'veriq-docs-6.5' });

describe('the bundle README', () => {
  it('has a row for every variable the server reads', () => {
    const read = new Set<string>();
    readBundleSettings((name) => {
      read.add(name);
      return undefined;
    });
    expect(read.size).toBeGreaterThan(5);
    const rows = [...readme.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(rows.sort()).toEqual([...read].sort());
  });

  it('gives stdio and HTTP configurations for each assistant, as valid JSON or commands', () => {
    const blocks = [...readme.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]) as unknown);
    expect(blocks).toHaveLength(5);
    const text = JSON.stringify(blocks);
    expect(text.match(/\/opt\/veriq-docs-6\.5\/mcp\.mjs/g)).toHaveLength(3);
    expect(text.match(/http:\/\/docs\.example\.internal:8080\/mcp/g)).toHaveLength(2);
    for (const heading of ['### Claude Desktop', '### Claude Code', '### Cursor', '### VS Code']) {
      expect(readme).toContain(heading);
    }
    expect(readme).toContain('claude mcp add --transport stdio veriq-docs -- node /opt/veriq-docs-6.5/mcp.mjs');
    expect(readme).toContain('claude mcp add --transport http veriq-docs http://docs.example.internal:8080/mcp');
  });
});
