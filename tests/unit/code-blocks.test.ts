import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { checkFlags, flagTable } from '../../tools/content-checks/cliFlags';
import { codeBlocks, parseMeta, type CodeBlock } from '../../tools/content-checks/codeBlocks';
import { validateManifest } from '../../tools/content-checks/kubernetes';
import { parsePage } from '../../tools/content-checks/rules';
import { runShellcheck, scriptOf, shellcheckVersion } from '../../tools/content-checks/shellcheck';
import { checkShellRules } from '../../tools/content-checks/shellRules';
import { programOf, shellCommands } from '../../tools/content-checks/shellWords';
import { checkSql, statements, withoutParameters } from '../../tools/content-checks/sql';
import { checkQuote, checkToolMessages, type ToolMessage } from '../../tools/content-checks/toolMessages';
import { checkYamlBlock } from '../../tools/content-checks/yamlBlocks';

const block = (lang: string, value: string, meta = '', file = 'docs/guides/x/page.md'): CodeBlock => ({
  file,
  line: 1,
  lang,
  meta: parseMeta(meta),
  value,
});

describe('fence meta', () => {
  it('splits flags and options, skipping Docusaurus title and line ranges', () => {
    const meta = parseMeta('example title="a b" {1,3} dialect=tsql');
    expect([...meta.flags]).toEqual(['example', '{1,3}']);
    expect(meta.options.get('dialect')).toBe('tsql');
    expect(meta.options.get('title')).toBe('a b');
  });

  it('reads the blocks of a page with their language and meta', () => {
    const page = parsePage('docs/x.md', '---\ntitle: X\n---\n\nText.\n\n```bash example\nls\n```\n');
    const [b] = codeBlocks(page);
    expect(b.lang).toBe('bash');
    expect(b.meta.flags.has('example')).toBe(true);
  });
});

describe('shell words', () => {
  it('splits commands at operators and newlines, keeps quoted words, follows $(...)', () => {
    const cmds = shellCommands(
      'A=1 sudo kubectl get pods -n "ve riq" | grep x && \\\n  echo "$(helm version --short)"',
    );
    expect(cmds.map((c) => c.words[0])).toEqual(['A=1', 'grep', 'echo', 'helm']);
    expect(cmds[0].words).toContain('ve riq');
    expect(programOf(cmds[0])).toEqual({ program: 'kubectl', args: ['get', 'pods', '-n', 've riq'] });
  });

  it('reads the commands after the prompt of a console block', () => {
    const script = scriptOf(block('console', '$ kubectl get pods \\\n    -n veriq\nNAME   READY\n$ echo ok'));
    expect(script.text).toBe('kubectl get pods \\\n    -n veriq\necho ok');
    expect(script.lines).toEqual([1, 2, 4]);
  });
});

describe('ShellCheck', () => {
  it.skipIf(!shellcheckVersion())('reports an unquoted command substitution, at its block line', () => {
    const findings = runShellcheck([
      block('bash', 'echo ok\nkubectl exec x -- pg_dump > veriq-$(date +%F).dump'),
      block('bash', 'echo "$HOME"'),
    ]);
    expect(findings.map((f) => [f.code, f.line])).toEqual([['SC2046', 2]]);
  });
});

describe('command rules (credentials in arguments, curl -o without -f)', () => {
  it('flags a token on the command line and curl -o without -f', () => {
    const before =
      'curl -sS -o bundle.zip \\\n  -H "Authorization: Bearer $VERIQ_API_TOKEN" \\\n  "https://veriq.example.com/x"';
    expect(checkShellRules(before).map((f) => f.message)).toEqual([
      expect.stringContaining('credential on its command line'),
      expect.stringContaining('without -f'),
    ]);
  });

  it('accepts a header file and -f in any cluster of short options', () => {
    expect(checkShellRules('curl -fsS -o out.zip -H @"$auth_file" https://x')).toEqual([]);
    expect(checkShellRules('curl -fLO -u ID:ID https://download.veriq.io/x.tar.gz')).toEqual([]);
    expect(checkShellRules('curl -sS -H "Accept: text/csv" https://x')).toEqual([]);
  });
});

describe('helm and kubectl flags of the pinned versions', () => {
  const table = flagTable(
    parseYaml(readFileSync('content/facts/cli-flags.yaml', 'utf8')) as Parameters<typeof flagTable>[0],
  );

  it('accepts the flags the docs use, global ones before the subcommand included', () => {
    const uses = checkFlags(
      'helm template veriq ./c.tgz --namespace veriq --values v.yaml --kube-version 1.29.0\n' +
        'helm install veriq oci://x --version 6.5.0 -n veriq -f v.yaml --wait --timeout 20m\n' +
        'kubectl -n veriq get pods -o wide\n' +
        'kubectl exec -it deploy/veriq-api -n veriq -- veriq-cli --weird-flag\n' +
        'kubectl create secret generic x --from-file=a=b --dry-run=client -o yaml',
      table,
    );
    expect(uses.flatMap((u) => u.problems)).toEqual([]);
    expect(uses.map((u) => u.command)).toEqual(['template', 'install', 'get', 'exec', 'create']);
  });

  it('flags an option the pinned version lacks and an unknown subcommand', () => {
    const uses = checkFlags(
      'helm install veriq x --wait-forever\nhelm frobnicate x\nkubectl get pods --sortby x',
      table,
    );
    expect(uses.flatMap((u) => u.problems)).toEqual([
      'helm install has no flag --wait-forever in helm 3.12.0',
      'helm frobnicate is not in content/facts/cli-flags.yaml (helm 3.12.0)',
      'kubectl get has no flag --sortby in kubectl 1.29.0',
    ]);
  });

  it('counts plugin commands without checking them', () => {
    const [use] = checkFlags('kubectl veriq get config veriq --namespace veriq --anything', table);
    expect(use.plugin).toBe('veriq');
    expect(use.problems).toEqual([]);
  });
});

describe('SQL per dialect', () => {
  it('parses a statement of the page dialect, with parameters substituted', () => {
    const result = checkSql(
      block(
        'sql',
        "SELECT id FROM ${dw_schema}.orders WHERE d = '${run_date}';",
        '',
        'docs/guides/connections/postgresql.md',
      ),
    );
    expect(result).toEqual({ parsed: 1, skipped: [], errors: [] });
    expect(withoutParameters("x ${a} '${b}'")).toBe("x veriq_param_a '${b}'");
  });

  it('reports SQL that does not parse, skips unsupported dialects and administration, counted', () => {
    expect(checkSql(block('sql', 'SELEC id FROM t', '', 'docs/guides/connections/mysql.md')).errors).toHaveLength(1);
    expect(checkSql(block('sql', 'SELECT 1 FROM dual', '', 'docs/guides/connections/oracle.md')).skipped).toEqual([
      'dialect oracle',
    ]);
    expect(checkSql(block('sql', 'GRANT SELECT ON t TO r; SELECT 1', '', 'docs/guides/connections/mysql.md'))).toEqual({
      parsed: 1,
      skipped: ['administration statement'],
      errors: [],
    });
  });

  it('parses fragments and honours dialect= and unparsed= in the meta', () => {
    expect(checkSql(block('sql', 'CASE WHEN q IS NULL THEN 0 ELSE 1 END', 'fragment=expression')).parsed).toBe(1);
    expect(
      checkSql(block('sql', "WHERE d = DATEADD(day, -1, CAST('x' AS date))", 'dialect=tsql fragment=clause')).errors,
    ).toEqual([]);
    expect(checkSql(block('sql', 'SELECT current_user, 1', 'unparsed=niladic-functions')).skipped).toEqual([
      'unparsed: niladic-functions',
    ]);
    expect(statements("SELECT ';' AS a; -- x;\nSELECT 2\nGO\nSELECT 3")).toEqual([
      "SELECT ';' AS a",
      'SELECT 2',
      'SELECT 3',
    ]);
  });
});

describe('Kubernetes manifests', () => {
  it('validates a manifest against the API schema', async () => {
    expect(
      await validateManifest({
        apiVersion: 'networking.k8s.io/v1',
        kind: 'NetworkPolicy',
        spec: { podSelector: {} },
      } as never),
    ).toEqual([]);
    const bad = await validateManifest({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      spec: { podSelector: {}, ingress: [{ ports: [{ port: 80, protocol: 'TCPX' }] }] },
    } as never);
    expect(bad.map((p) => p.message)).toEqual([expect.stringContaining('/spec/ingress/0/ports/0/protocol')]);
  });

  it('refuses fields the kind does not have, at any depth, as strict field validation does', async () => {
    const problems = await validateManifest({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'x' },
      spec: {
        podSelector: {},
        policyType: ['Egress'],
        egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8' } }], ports: [{ prot: 80 }] }],
      },
    } as never);
    expect(problems.map((p) => p.message)).toEqual([
      'NetworkPolicy /spec/policyType is not a field of the Kubernetes API (strict field validation rejects it)',
      'NetworkPolicy /spec/egress/0/ports/0/prot is not a field of the Kubernetes API (strict field validation rejects it)',
    ]);
  });

  it('refuses group/versions that a supported Kubernetes release does not serve', async () => {
    const [problem] = await validateManifest({ apiVersion: 'batch/v1beta1', kind: 'CronJob' });
    expect(problem.message).toMatch(/not served by every Kubernetes release of 1.29 to 1.32/);
  });

  it('the backup CronJob without securityContext and part-of label fails', async () => {
    const cronJob = (extra: string) => `apiVersion: batch/v1
kind: CronJob
metadata: { name: veriq-meta-backup, namespace: veriq }
spec:
  schedule: "0 2 * * *"
  jobTemplate:
    spec:
      template:
${extra}`;
    const before = await checkYamlBlock(
      block(
        'yaml',
        cronJob(
          `        spec:\n          restartPolicy: OnFailure\n          containers: [{ name: pg-dump, image: "postgres:15" }]\n`,
        ),
      ),
    );
    expect(before.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('runAsNonRoot must be true'),
        expect.stringContaining('seccompProfile must be RuntimeDefault'),
        expect.stringContaining('capabilities must drop ALL'),
        expect.stringContaining('allowPrivilegeEscalation must be false'),
        expect.stringContaining('lacks the label app.kubernetes.io/part-of: veriq'),
      ]),
    );
    const page = readFileSync('docs/backup-recovery.md', 'utf8');
    const docs = codeBlocks(parsePage('docs/backup-recovery.md', page)).filter((b) => b.lang === 'yaml');
    const results = await Promise.all(docs.map(checkYamlBlock));
    expect(results.reduce((n, r) => n + r.manifests, 0)).toBe(1);
    expect(results.flatMap((r) => r.errors)).toEqual([]);
  });

  it('reports YAML that does not parse, with its line', async () => {
    const result = await checkYamlBlock(block('yaml', 'a: 1\nb: [1, 2\nc: 3'));
    expect(result.errors[0].line).toBeGreaterThanOrEqual(2);
  });
});

describe('quoted Helm messages (as the pinned Helm versions print them)', () => {
  const table = parseYaml(readFileSync('content/facts/tool-messages.yaml', 'utf8')) as ToolMessage[];

  it('refuses the shortened kubeVersion message and accepts what Helm prints', () => {
    expect(checkQuote('Error: chart requires kubeVersion: >=1.29.0-0 <1.33.0-0', '', table)).toMatch(
      /is not how helm prints it/,
    );
    expect(
      checkQuote(
        'Error: INSTALLATION FAILED: chart requires kubeVersion: >=1.29.0-0 <1.33.0-0 which is incompatible with Kubernetes v1.28.9',
        '',
        table,
      ),
    ).toBeNull();
  });

  it('needs the Helm version next to a message only some versions print', () => {
    const quote = "additional properties 'KEY' not allowed";
    expect(checkQuote(quote, 'An unknown key fails with it.', table)).toMatch(/only by helm 3.18 and later/);
    expect(checkQuote(quote, 'Helm 3.18 and later print it.', table)).toBeNull();
    expect(checkQuote(quote, 'Helm 3.13 prints it.', table)).toMatch(/name the version/);
  });

  it('the Helm pages quote the messages as the named versions print them', () => {
    for (const file of [
      'docs/helm-veriq-install.md',
      'docs/helm-online-install.md',
      'docs/upgrade-paths.md',
      'docs/helm-requirements.md',
    ]) {
      expect(checkToolMessages(parsePage(file, readFileSync(file, 'utf8')), table)).toEqual([]);
    }
  });
});
