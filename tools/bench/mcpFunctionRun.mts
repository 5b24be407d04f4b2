// One fresh instance of the MCP function, run by plain `node` (no loader in the way) on the esbuild
// bundle of server/netlify/functions/mcp.ts: loads it, answers one tool call, then the same call
// `iterations` times, and prints one JSON line of CPU times and memory. tools/bench/mcpCost.ts
// starts one process per call kind, so every first call is cold.
//   node tools/bench/mcpFunctionRun.mts <bundle.mjs> <call JSON> <iterations>
import { pathToFileURL } from 'node:url';

interface Call {
  url: string;
  tool: string;
  args: Record<string, unknown>;
  token?: string;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function main(): Promise<void> {
  const [bundle, callJson, iterationsArg] = process.argv.slice(2);
  const call = JSON.parse(callJson) as Call;
  const iterations = Number(iterationsArg);
  const request = () =>
    new Request(call.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2025-06-18',
        ...(call.token ? { Authorization: `Bearer ${call.token}` } : {}),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: call.tool, arguments: call.args },
      }),
    });

  const wallStart = performance.now();
  const loadStart = cpuMs();
  const fn = (await import(pathToFileURL(bundle).href)) as {
    default: (request: Request, context: object) => Promise<Response>;
  };
  const loadMs = cpuMs() - loadStart;
  const firstStart = cpuMs();
  const first = await fn.default(request(), {});
  const body = await first.text();
  const firstCallMs = cpuMs() - firstStart;
  const coldWallMs = performance.now() - wallStart;
  if (first.status !== 200 || body.includes('"isError":true'))
    throw new Error(`${call.tool}: ${first.status} ${body.slice(0, 300)}`);

  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = cpuMs();
    await (await fn.default(request(), {})).text();
    times.push(cpuMs() - start);
  }
  times.sort((a, b) => a - b);
  const mid = times.length >> 1;
  const warmMedianMs = times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
  console.log(
    JSON.stringify({ loadMs, firstCallMs, coldWallMs, warmMedianMs, rssMb: process.memoryUsage().rss / 2 ** 20 }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
