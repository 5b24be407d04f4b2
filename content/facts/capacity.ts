// Figures that follow from other figures (engines per node, memory outside the JVM heap, room for
// DuckDB, requests of the stack) computed once here, not by hand on each page.
// tests/unit/capacity.test.ts checks that every sentence in `statements` states them as computed:
// change an input here and the test names the pages to edit.
// Inputs are decided facts (decided-facts.md, "Requests and limits" and "Sizing").

export const GIB = 1024 ** 3;
export const GB = 1000 ** 3;

/** Requests of the components besides engines (`/existing-cluster-requirements`). */
export const stackRequests = {
  'veriq-ui': { cpu: 0.25, memoryGiB: 0.5 },
  'veriq-api': { cpu: 0.5, memoryGiB: 2 },
  'veriq-scheduler': { cpu: 0.25, memoryGiB: 1 },
  'veriq-postgresql': { cpu: 0.5, memoryGiB: 4 },
  'veriq-minio': { cpu: 0.5, memoryGiB: 1 },
  'admin-console': { cpu: 0.25, memoryGiB: 0.5 },
};

export const engine = {
  request: { cpu: 2, memoryGiB: 6 },
  limit: { cpu: 4, memoryGiB: 8 },
  /** JVM heap as a share of the memory limit. */
  heapShare: 0.75,
  /** Heap the engine keeps for itself. */
  ownHeapGiB: 1,
  slots: 4,
  /** Memory the Java runtime itself uses outside the heap (metaspace, threads, code cache, buffers). */
  jvmNonHeapGiB: 0.5,
};

/** The minimum node of the single-node profile and what the OS and Kubernetes keep of it. */
export const node = { cpu: 8, memoryGiB: 32, reserved: { cpu: 0.5, memoryGiB: 2 } };

/** DuckDB's default `memory_limit` for a Flat file (SQL) rule (`4GB`, decimal gigabytes). */
export const duckdbDefaultLimitBytes = 4 * GB;

const sum = (key: 'cpu' | 'memoryGiB') => Object.values(stackRequests).reduce((n, c) => n + c[key], 0);

export function heapGiB(limitGiB: number) {
  return limitGiB * engine.heapShare;
}

/** Memory outside the heap that DuckDB may use on an engine with this limit. */
export function duckdbRoomGiB(limitGiB: number) {
  return limitGiB - heapGiB(limitGiB) - engine.jvmNonHeapGiB;
}

export function derived() {
  const allocatable = { cpu: node.cpu - node.reserved.cpu, memoryGiB: node.memoryGiB - node.reserved.memoryGiB };
  const stack = { cpu: sum('cpu'), memoryGiB: sum('memoryGiB') };
  const fit = (cpu: number, memoryGiB: number) =>
    Math.floor(Math.min(cpu / engine.request.cpu, memoryGiB / engine.request.memoryGiB));
  const heap = heapGiB(engine.limit.memoryGiB);
  return {
    allocatable,
    stack,
    stackWithOneEngine: { cpu: stack.cpu + engine.request.cpu, memoryGiB: stack.memoryGiB + engine.request.memoryGiB },
    enginesBesideStack: fit(allocatable.cpu - stack.cpu, allocatable.memoryGiB - stack.memoryGiB),
    enginesDedicatedNode: fit(allocatable.cpu, allocatable.memoryGiB),
    heapGiB: heap,
    outsideHeapGiB: engine.limit.memoryGiB - heap,
    slotHeapGiB: heap - engine.ownHeapGiB,
    perSlotGiB: (heap - engine.ownHeapGiB) / engine.slots,
    duckdbRoomGiB: duckdbRoomGiB(engine.limit.memoryGiB),
    duckdbDefaultFits: duckdbDefaultLimitBytes / GIB <= duckdbRoomGiB(engine.limit.memoryGiB),
    /** The `files` pool of the sizing example: `16Gi` engines with a `3GB` DuckDB limit. */
    filesPool: {
      limitGiB: 16,
      duckdbRoomGiB: duckdbRoomGiB(16),
      duckdbLimitFits: (3 * GB) / GIB <= duckdbRoomGiB(16),
    },
  };
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : String(Number(n.toFixed(2))));

/**
 * Sentences (or parts of them) that pages state, built from the computed figures. Each must
 * appear verbatim in its page.
 */
export function statements(): { page: string; text: string }[] {
  const d = derived();
  return [
    {
      page: 'docs/sizing.md',
      text: `which leaves roughly ${fmt(d.slotHeapGiB)} GiB at the default size, shared by the instances in its four slots. Plan on about ${fmt(d.perSlotGiB)} GiB per running instance`,
    },
    {
      page: 'docs/sizing.md',
      text: `The quarter of the limit outside the heap, ${fmt(d.outsideHeapGiB)} GiB at \`8Gi\`, holds the Java runtime itself (about ${fmt(engine.jvmNonHeapGiB)} GiB) and the DuckDB databases of Flat file (SQL) rules, which leaves them about ${fmt(d.duckdbRoomGiB)} GiB.`,
    },
    {
      page: 'docs/sizing.md',
      text: `a node offers about ${fmt(d.allocatable.cpu)} vCPU and ${fmt(d.allocatable.memoryGiB)} GiB of its ${node.cpu} vCPU and ${node.memoryGiB} GiB`,
    },
    {
      page: 'docs/sizing.md',
      text: `Beside the other components (${fmt(d.stack.cpu)} vCPU and ${fmt(d.stack.memoryGiB)} GiB of requests), one such node holds ${d.enginesBesideStack} engines: the default one and one more. A node given to engines alone holds ${d.enginesDedicatedNode}.`,
    },
    {
      page: 'docs/sizing.md',
      text: `**Engine memory** \`${d.filesPool.limitGiB}Gi\`, which leaves ${fmt(d.filesPool.duckdbRoomGiB)} GiB for DuckDB, and set the connection's **Memory limit** to \`3GB\``,
    },
    {
      page: 'docs/restricted/architecture-deployment-patterns.md',
      text: `The requests add up to about ${fmt(d.stackWithOneEngine.cpu)} vCPU and ${fmt(d.stackWithOneEngine.memoryGiB)} GiB`,
    },
    {
      page: 'docs/restricted/architecture-deployment-patterns.md',
      text: `The minimum host holds ${d.enginesBesideStack} engines by their requests`,
    },
    {
      page: 'docs/guides/connections/flat-file-sql.md',
      text: `On a default engine (\`8Gi\`) about ${fmt(d.duckdbRoomGiB)} GiB is left for DuckDB`,
    },
    {
      page: 'docs/guides/connections/flat-file-sql.md',
      text: `Keep it within the engine's memory outside the heap (about ${fmt(d.duckdbRoomGiB)} GiB at \`8Gi\`)`,
    },
    {
      page: 'docs/sizing.md',
      text: `| Engine heap | 75 % of the memory limit: ${fmt(d.heapGiB)} GiB at \`8Gi\` |`,
    },
  ];
}
