// npm run bench:mcp [-- --build dir]: the MCP server's CPU time per call on a build, against
// Netlify's 50 ms edge limit, and its search quality beside the search modal's
// (scripts/bench/mcp-cost.ts). `npm run bench` prints the same tables.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MCP_DATA_DIR } from '../gate/mcp/data';
import { EDGE_CPU_LIMIT_MS } from './bench/gate-cost';
import { measureMcpCost, measureMcpQuality } from './bench/mcp-cost';

async function main(): Promise<void> {
  const at = process.argv.indexOf('--build');
  const buildDir = at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : 'build';
  if (!existsSync(join(buildDir, MCP_DATA_DIR)))
    throw new Error(`${buildDir} has no ${MCP_DATA_DIR}: run "npm run build" first`);
  console.log(
    `MCP server: CPU time per call on ${buildDir} (first call of a fresh isolate, then the median), against Netlify's ${EDGE_CPU_LIMIT_MS} ms edge limit`,
  );
  console.table(await measureMcpCost(buildDir));
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
