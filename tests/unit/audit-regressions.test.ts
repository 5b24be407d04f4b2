// Statements the docs once got wrong, kept from coming back: facts that no
// tool can check are pinned here by the wording that stated them, next to the decided fact
// (content/facts/decided-facts.md, resolved contradictions 41 to 48 and the rows they name).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeBlocks } from '../../tools/content-checks/codeBlocks';
import { parsePage } from '../../tools/content-checks/rules';
import { checkShellRules } from '../../tools/content-checks/shellRules';
import { programOf, shellCommands } from '../../tools/content-checks/shellWords';
import { listFiles } from '../../tools/lib/listFiles';

const root = process.cwd();
const pages = listFiles(join(root, 'docs'), /\.mdx?$/)
  .filter((full) => !full.includes('/archived/'))
  .map((full) => parsePage(relative(root, full), readFileSync(full, 'utf8')));

/** Wrong statements, each named by what it got wrong. */
const WRONG: [finding: string, pattern: RegExp][] = [
  ['three engines beside the stack', /about three engines fit/i],
  ['DuckDB inside engine memory', /within its 4 GB limit/i],
  ['HA replicas raised automatically', /raises the replica counts when the cluster reports three controllers/i],
  [
    'XC/Helm HA needs an external database',
    /On Existing Cluster or Helm, move the metadata database to an external service/,
  ],
  ['installer adds no firewalld rules', /adds no rules of its own/i],
  ['runs as audit events', /which token started a run/i],
  ['promotion from production to UAT', /from production to UAT/i],
  ['nothing else is stored', /nothing else is stored/i],
  ['skew breaks leader election', /breaks etcd leader election|etcd needs clocks within/i],
  ['the ingress-nginx-only egress sentence', /only the address ranges and ports of your sources, plus DNS/],
];

describe('statements once wrong stay fixed', () => {
  it.each(WRONG)('no page says: %s', (_finding, pattern) => {
    expect(pages.filter((p) => pattern.test(p.body)).map((p) => p.file)).toEqual([]);
  });

  it('every helm install and upgrade waits with --timeout 20m', () => {
    const timeouts = pages.flatMap((p) =>
      codeBlocks(p)
        .filter((b) => b.lang === 'bash')
        .flatMap((b) => shellCommands(b.value))
        .map(programOf)
        .filter((run) => run?.program === 'helm' && ['install', 'upgrade'].includes(run.args[0]))
        .filter((run) => run!.args.includes('--timeout'))
        .map((run) => run!.args[run!.args.indexOf('--timeout') + 1]),
    );
    expect(timeouts.length).toBeGreaterThanOrEqual(3);
    expect(new Set(timeouts)).toEqual(new Set(['20m']));
  });

  it('saving Secrets as objects for a restore is refused', () => {
    const before =
      'kubectl get secret veriq-encryption-key veriq-license --namespace veriq -o yaml > veriq-secrets-$(date +%F).yaml';
    expect(checkShellRules(before).map((f) => f.message)).toEqual([expect.stringContaining('resourceVersion and uid')]);
  });

  it('the air-gapped upgrade keeps the binary and bundle in the working directory', () => {
    const page = readFileSync('docs/embedded-cluster-manage.md', 'utf8');
    expect(page).not.toMatch(/\/opt\/veriq-6\.5\.0/);
    expect(page).toMatch(/k0s etcd leave --peer-address/);
  });
});
