// npm run bench:mcp [-- --build dir]: the MCP server's cost per call on a build, as the Netlify
// Function that serves /mcp (against Functions' limits) and for the Markdown negotiation the edge
// gate keeps (against the edge's 50 ms of CPU), and its search quality beside the search modal's
// (tools/bench/mcpCost.ts). `npm run bench` prints the same tables.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MCP_DATA_DIR } from '../../server/mcp/data';
import { EDGE_CPU_LIMIT_MS } from './gateCost';
import {
  FUNCTION_MEMORY_MB,
  FUNCTION_TIME_LIMIT_MS,
  measureMcpEdgeCost,
  measureMcpFunctionCost,
  measureMcpQuality,
} from './mcpCost';
import { recordHistory } from './history';

export async function run(args: string[]): Promise<void> {
  const at = args.indexOf('--build');
  const buildDir = at >= 0 && args[at + 1] ? args[at + 1] : 'build';
  if (!existsSync(join(buildDir, MCP_DATA_DIR)))
    throw new Error(`${buildDir} has no ${MCP_DATA_DIR}: run "npm run build" first`);
  console.log(
    `MCP function (/mcp) on ${buildDir}: per call, a fresh instance's load and first call, then the median, in ms of CPU. Netlify Functions: no CPU cap, ${FUNCTION_TIME_LIMIT_MS / 1000} s per request, ${FUNCTION_MEMORY_MB} MB; the edge's ${EDGE_CPU_LIMIT_MS} ms shown for the first call`,
  );
  const functionCost = await measureMcpFunctionCost(buildDir);
  console.table(functionCost);
  console.log(`Markdown by content negotiation, still in the edge gate, against its ${EDGE_CPU_LIMIT_MS} ms of CPU`);
  const edgeCost = await measureMcpEdgeCost(buildDir);
  console.table(edgeCost);
  console.log(
    'Search quality on tests/search/queries.json: the modal and MCP search_docs (recall@5, MRR over distinct pages)',
  );
  const quality = await measureMcpQuality(buildDir);
  console.table(quality);
  for (const reader of ['signed out', 'signed in']) {
    const [modal, mcp] = quality.filter((r) => r.reader === reader);
    const same = modal.recallAt5 === mcp.recallAt5 && modal.mrr === mcp.mrr;
    console.log(`${reader}: MCP ${same ? 'equals' : 'DIFFERS FROM'} the modal`);
    if (!same) process.exitCode = 1;
  }
  console.log(`Written to ${recordHistory('mcp', { buildDir, functionCost, edgeCost, quality })}`);
}

