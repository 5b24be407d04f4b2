// The MCP server's cases on Deno, the runtime of Netlify's edge functions: `npm run test:deno`.
import { mcpCases, measureMcpCost } from './mcp-cases.ts';

for (const c of await mcpCases()) Deno.test({ name: c.name, fn: c.run, sanitizeOps: false, sanitizeResources: false });
Deno.test('prints the MCP cost per call', async () => {
  console.log('MCP cost per call on Deno (fixture site), median µs:', await measureMcpCost(100));
});
