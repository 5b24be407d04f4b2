// The MCP server's cases (tests/gate/mcp-cases.ts) under Node; `npm run test:deno` runs them on Deno.
import { describe, expect, it } from 'vitest';
import { mcpCases, measureMcpCost } from '../gate/mcp-cases';

describe('MCP server (server/mcp)', async () => {
  for (const c of await mcpCases()) it(c.name, c.run, 30_000);
  it('costs well under the edge CPU limit per call', async () => {
    const cost = await measureMcpCost(30);
    for (const [scenario, us] of Object.entries(cost)) expect(us, scenario).toBeLessThan(50_000);
  }, 30_000);
});
