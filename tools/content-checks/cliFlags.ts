// Checks the options of every `helm` and `kubectl` command in a shell block against the flag
// table of the pinned versions (content/facts/cli-flags.yaml).
import { programOf, shellCommands } from './shellWords';

export interface ToolFlags {
  version: string;
  plugins: string[];
  global: Set<string>;
  commands: Map<string, Set<string>>;
}

export type FlagTable = Map<string, ToolFlags>;

interface RawTool {
  version: string;
  plugins?: string[];
  global: string;
  commands: Record<string, string>;
}

const words = (s: string) => new Set(s.split(/\s+/).filter(Boolean));

export function flagTable(raw: Record<string, RawTool>): FlagTable {
  return new Map(
    Object.entries(raw).map(([tool, t]) => [
      tool,
      {
        version: t.version,
        plugins: t.plugins ?? [],
        global: words(t.global),
        commands: new Map(Object.entries(t.commands).map(([name, flags]) => [name, words(flags ?? '')])),
      },
    ]),
  );
}

/** Global options that take a value as the next word, so that word is not the subcommand. */
const VALUE_FLAGS =
  /^(-n|--namespace|--context|--kube-context|--kubeconfig|--cluster|--user|--token|-s|--server|--request-timeout|--as|--as-group|--registry-config|--repository-config|--repository-cache)$/;

export interface FlagUse {
  tool: string;
  command: string;
  line: number;
  /** Problems with this command; empty when every flag exists. */
  problems: string[];
  /** Set when the command is a plugin's: counted, not checked. */
  plugin?: string;
}

export function checkFlags(script: string, table: FlagTable): FlagUse[] {
  const uses: FlagUse[] = [];
  for (const command of shellCommands(script)) {
    const run = programOf(command);
    const tool = run && table.get(run.program);
    if (!run || !tool) continue;
    const args = run.args;
    // Global options may come before the subcommand.
    let i = 0;
    while (i < args.length && args[i].startsWith('-')) i += VALUE_FLAGS.test(args[i]) ? 2 : 1;
    const rest = args.slice(i);
    const two = rest.slice(0, 2).join(' ');
    const name = tool.commands.has(two) ? two : (rest[0] ?? '');
    const use: FlagUse = { tool: run.program, command: name, line: command.line, problems: [] };
    uses.push(use);
    if (tool.plugins.includes(name)) {
      use.plugin = name;
      continue;
    }
    const own = tool.commands.get(name);
    if (!own) {
      use.problems.push(
        `${run.program} ${name} is not in content/facts/cli-flags.yaml (${run.program} ${tool.version})`,
      );
      continue;
    }
    for (const arg of args) {
      if (arg === '--') break; // what follows is another program's (kubectl exec ... -- cmd)
      if (!arg.startsWith('-') || arg === '-' || /^-\d/.test(arg)) continue;
      const flag = arg.split('=')[0];
      const names = flag.startsWith('--') ? [flag] : [...flag.slice(1)].map((c) => `-${c}`);
      for (const n of names) {
        if (!own.has(n) && !tool.global.has(n)) {
          use.problems.push(`${run.program} ${name} has no flag ${n} in ${run.program} ${tool.version}`);
        }
      }
    }
  }
  return uses;
}
