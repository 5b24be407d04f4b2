// `npm run bench [-- <part> [args]]`: the performance bench, whole or one part. Each part prints
// its figures beside their references and writes them to maintainers/bench-history/.
const PARTS = {
  full: {
    about: 'everything below, plus builds, Lighthouse and first loads (about an hour)',
    load: () => import('../bench/full'),
  },
  load: { about: '[build dir] [port]: serve:prod under load', load: () => import('../bench/load') },
  search: {
    about: '[--build dir] [--records file]: index size, query time, recall',
    load: () => import('../bench/search'),
  },
  mcp: { about: '[--build dir]: the MCP server per call, and its search quality', load: () => import('../bench/mcp') },
  framework: {
    about: '[name ...] [--reuse]: what each framework replacement saves',
    load: () => import('../bench/framework'),
  },
  bundle: {
    about: '[tarball]: the offline bundle: first page after unpacking, memory, MCP first calls',
    load: () => import('../bench/bundle'),
  },
  answers: {
    about: '--reference <today> [--reuse] [--http1]: the chrome answering a tap at first paint',
    load: () => import('../bench/answers'),
  },
  tap: {
    about: '<site origin> [<stock origin>]: first taps and keystrokes on a phone',
    load: () => import('../bench/tap'),
  },
} as const;

type Part = keyof typeof PARTS;
const isPart = (name: string | undefined): name is Part => name !== undefined && name in PARTS;

async function main(argv: string[]): Promise<void> {
  const [first, ...rest] = argv;
  if (first === '--help' || first === '-h' || (first !== undefined && !isPart(first))) {
    const width = Math.max(...Object.keys(PARTS).map((p) => p.length));
    const lines = Object.entries(PARTS).map(([name, { about }]) => `  ${name.padEnd(width)}  ${about}`);
    console.log(`usage: npm run bench [-- <part> [args]]   (default: full)\n\n${lines.join('\n')}`);
    if (first !== '--help' && first !== '-h') {
      console.error(`\nbench: unknown part "${first}"`);
      process.exitCode = 2;
    }
    return;
  }
  const part = first ?? 'full';
  const module = await PARTS[part].load();
  await Promise.resolve(module.run(rest));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
