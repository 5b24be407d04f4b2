// Rules for documented commands that ShellCheck cannot know, each from an error a reader followed:
// a secret in an argument shows in the process list (pass `-H @FILE`); `curl -o` without `-f`
// saves an error answer and exits 0; a Secret saved with `-o yaml` keeps its resourceVersion and
// uid and does not apply on a new cluster (save the values with `-o jsonpath`).
// Why: maintainers/decisions/2026-11-27-code-block-checks.md
import { programOf, shellCommands } from './shellWords';

export interface RuleFinding {
  line: number;
  message: string;
}

const CREDENTIAL_ARG = /^(Authorization:\s*(Bearer|Basic)\s+\S|X-API-Key:\s*\S)/i;
const FAIL_FLAGS = /^(--fail|--fail-with-body|-[a-zA-Z]*f[a-zA-Z]*)$/;
const OUTPUT_FLAGS = /^(-o|--output|-O|--remote-name|-[a-zA-Z]*[oO])$/;

export function checkShellRules(script: string): RuleFinding[] {
  const findings: RuleFinding[] = [];
  for (const command of shellCommands(script)) {
    const run = programOf(command);
    if (run?.program === 'kubectl' && savesSecretObject(run.args)) {
      findings.push({
        line: command.line,
        message:
          'a Secret saved as an object (-o yaml/json) keeps resourceVersion and uid and fails on a new cluster; save its values with -o jsonpath',
      });
    }
    if (!run || run.program !== 'curl') continue;
    const { args } = run;
    if (args.some((a) => CREDENTIAL_ARG.test(a))) {
      findings.push({
        line: command.line,
        message: 'curl passes a credential on its command line; write the header to a file and use -H @FILE',
      });
    }
    // -O (remote name) and -o both save the answer; -L and others may share the cluster (-fLO).
    const saves = args.some((a) => OUTPUT_FLAGS.test(a) && !a.startsWith('--fail'));
    const fails = args.some((a) => FAIL_FLAGS.test(a));
    if (saves && !fails) {
      findings.push({
        line: command.line,
        message: 'curl saves the answer to a file without -f: an error answer would be saved as the file',
      });
    }
  }
  return findings;
}

function savesSecretObject(args: string[]): boolean {
  const get = args.indexOf('get');
  if (get === -1 || !/^secrets?$/.test(args[get + 1] ?? '')) return false;
  const output = args.findIndex((a) => /^(-o|--output)$/.test(a));
  const format =
    output === -1 ? args.find((a) => /^(-o|--output=)/.test(a))?.replace(/^(-o|--output=)/, '') : args[output + 1];
  return (format === 'yaml' || format === 'json') && args.some((a) => a.startsWith('>'));
}
