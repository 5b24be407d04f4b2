// `npm run lint:code-blocks`: checks the docs' code blocks with the real tools, as the table in
// CONTRIBUTING.md ("Code blocks are checked") lists them, and prints what it checked per tool.
// Why: maintainers/decisions/2026-11-27-code-block-checks.md
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { checkFlags, flagTable } from '../content-checks/cliFlags';
import { at, codeBlocks, isExample, type CodeBlock } from '../content-checks/codeBlocks';
import { checkPageMetrics, checkScrapes, type PageMetrics } from '../content-checks/metricsBlocks';
import { loadMetricsModel } from '../content-checks/metricsModel';
import { parseFlowsFile, type NetworkPolicy } from '../content-checks/networkPolicy';
import { checkSitePolicies, duplicatePolicies, policyKey, type LocatedPolicy } from '../content-checks/policySet';
import { parsePage } from '../content-checks/rules';
import { runShellcheck, scriptOf, SHELL_LANGS, shellcheckVersion } from '../content-checks/shellcheck';
import { checkShellRules } from '../content-checks/shellRules';
import { checkSql } from '../content-checks/sql';
import { checkToolMessages, type ToolMessage } from '../content-checks/toolMessages';
import { checkPagePolicies, checkYamlBlock } from '../content-checks/yamlBlocks';
import { listFiles } from '../lib/listFiles';

const root = process.cwd();
const readYaml = <T>(file: string) => parseYaml(readFileSync(join(root, file), 'utf8')) as T;
const flows = parseFlowsFile(readFileSync(join(root, 'content/facts/network-flows.yaml'), 'utf8'));
const flags = flagTable(readYaml('content/facts/cli-flags.yaml'));
const messages = readYaml<ToolMessage[]>('content/facts/tool-messages.yaml');
const metricsModel = loadMetricsModel(readYaml('content/facts/metrics.yaml'));

const findings: string[] = [];
const report = (where: string, message: string) => findings.push(`${where}: ${message}`);

const pages = listFiles(join(root, 'docs'), /\.mdx?$/).map((full) => {
  const source = readFileSync(full, 'utf8');
  const page = parsePage(relative(root, full), source);
  // Findings point at lines of the file, not of the body after the front matter.
  const offset = source.split('\n').length - page.body.split('\n').length;
  return { page, offset };
});

const counts = {
  blocks: 0,
  examples: new Map<string, number>(),
  yaml: { blocks: 0, documents: 0, manifests: 0, otherKinds: 0, policies: 0, policyPages: 0 },
  shell: { blocks: 0, commands: 0 },
  json: 0,
  sql: { blocks: 0, parsed: 0, skipped: new Map<string, number>() },
  cli: new Map<string, number>(),
  plugins: 0,
};
const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

const shellBlocks: { block: CodeBlock; offset: number }[] = [];
const sitePolicies: LocatedPolicy[] = [];
const pageDenials = new Set<string>();
const metrics: Omit<PageMetrics, 'findings'> = { expressions: 0, names: 0, rules: 0, selectors: [], scrapeSets: [] };

async function main() {
  for (const { page, offset } of pages) {
    const policiesByPlatform = new Map<string, NetworkPolicy[]>();
    for (const found of codeBlocks(page)) {
      const block = { ...found, line: found.line + offset };
      counts.blocks++;
      const example = isExample(block);
      if (example) bump(counts.examples, block.lang || 'none');

      if (block.lang === 'yaml' || block.lang === 'yml') {
        counts.yaml.blocks++;
        const result = await checkYamlBlock(block);
        counts.yaml.documents += result.documents;
        counts.yaml.manifests += result.manifests;
        counts.yaml.otherKinds += result.otherKinds;
        for (const e of result.errors) report(at(block, e.line), e.message);
        const platform = block.meta.options.get('platform') ?? '';
        const policies = result.policies.map((p) => p.policy);
        policiesByPlatform.set(platform, [...(policiesByPlatform.get(platform) ?? []), ...policies]);
        for (const { policy, line } of result.policies) {
          sitePolicies.push({ policy, where: at(block, line), platform: platform || undefined });
        }
      } else if (block.lang === 'json') {
        counts.json++;
        try {
          JSON.parse(block.value);
        } catch (error) {
          report(at(block), `JSON: ${(error as Error).message}`);
        }
      } else if (block.lang === 'sql') {
        if (example) continue;
        counts.sql.blocks++;
        const result = checkSql(block);
        counts.sql.parsed += result.parsed;
        for (const reason of result.skipped) bump(counts.sql.skipped, reason);
        for (const e of result.errors) report(at(block), `SQL ${e}`);
      } else if (SHELL_LANGS.has(block.lang)) {
        if (example) continue;
        counts.shell.blocks++;
        shellBlocks.push({ block, offset });
        const script = scriptOf(block);
        const lineOf = (scriptLine: number) => script.lines[scriptLine - 1] ?? scriptLine;
        for (const f of checkShellRules(script.text)) report(at(block, lineOf(f.line)), f.message);
        for (const use of checkFlags(script.text, flags)) {
          if (use.plugin) counts.plugins++;
          else bump(counts.cli, use.tool);
          for (const p of use.problems) report(at(block, lineOf(use.line)), p);
        }
      }
    }
    for (const [platform, policies] of policiesByPlatform) {
      if (policies.length === 0) continue;
      counts.yaml.policies += policies.length;
      counts.yaml.policyPages++;
      // Point at the first isolating policy with rules on the blocked side (not the default deny).
      const ofPage = sitePolicies.filter((p) => p.where.startsWith(`${page.file}:`));
      const whereOf = (f: { isolatedBy: string[]; side: 'ingress' | 'egress' }) =>
        ofPage.find((p) => f.isolatedBy.includes(p.policy.metadata?.name ?? '') && p.policy.spec?.[f.side]?.length)
          ?.where ?? page.file;
      for (const f of checkPagePolicies(flows, policies, platform || undefined)) {
        pageDenials.add(f.id);
        report(whereOf(f), f.message);
      }
    }
    for (const f of checkToolMessages(page, messages, offset)) report(`${f.file}:${f.line}`, f.message);
    const blocks = codeBlocks(page).map((b) => ({ ...b, line: b.line + offset }));
    const pageMetrics = checkPageMetrics(page, blocks, offset, metricsModel);
    metrics.expressions += pageMetrics.expressions;
    metrics.names += pageMetrics.names;
    metrics.rules += pageMetrics.rules;
    metrics.selectors.push(...pageMetrics.selectors);
    metrics.scrapeSets.push(...pageMetrics.scrapeSets);
    for (const f of pageMetrics.findings) report(f.where, f.message);
  }
  for (const f of checkScrapes(metricsModel, metrics.scrapeSets, metrics.selectors)) report(f.where, f.message);

  // One name, one policy; and every page's policies applied together still allow every flow.
  for (const f of duplicatePolicies(sitePolicies)) report(f.where, f.message);
  for (const f of checkSitePolicies(flows, sitePolicies, pageDenials)) report(f.where, f.message);

  const version = shellcheckVersion();
  if (!version) {
    report('shellcheck', "not installed: `apt-get install shellcheck` (Debian's package; .ci/run installs it)");
  } else {
    for (const f of runShellcheck(shellBlocks.map((s) => s.block))) {
      report(at(f.block, f.line), `${f.code} ${f.message}`);
    }
  }

  const list = (map: Map<string, number>) => [...map].map(([k, n]) => `${n} ${k}`).join(', ') || 'none';
  console.log(`${counts.blocks} code blocks in ${pages.length} pages`);
  console.log(
    `  yaml:        ${counts.yaml.blocks} blocks, ${counts.yaml.documents} documents parsed; ` +
      `${counts.yaml.manifests} Kubernetes manifests validated, ${counts.yaml.otherKinds} of Veriq's own kinds; ` +
      `${counts.yaml.policies} NetworkPolicies (${new Set(sitePolicies.map((p) => policyKey(p.policy))).size} names) ` +
      `on ${counts.yaml.policyPages} pages evaluated, per page and all together, against ${flows.flows.length} flows`,
  );
  console.log(
    `  shellcheck:  ${counts.shell.blocks} bash/sh/shell/console blocks (shellcheck ${version ?? 'missing'})`,
  );
  console.log(
    `  helm/kubectl: ${list(counts.cli)} commands checked against the pinned flags; ${counts.plugins} plugin commands`,
  );
  console.log(`  json:        ${counts.json} blocks parsed`);
  console.log(
    `  promql:      ${metrics.expressions} expressions parsed (lezer-promql) and ${metrics.names} metric names checked ` +
      `against ${metricsModel.series.size} series; ${metrics.rules} PrometheusRules; ` +
      `${metrics.scrapeSets.length + 1} ways of scraping checked against the queries' target labels`,
  );
  console.log(
    `  sql:         ${counts.sql.blocks} blocks, ${counts.sql.parsed} statements parsed; skipped: ${list(counts.sql.skipped)}`,
  );
  console.log(`  examples:    ${list(counts.examples)} (marked \`example\`, not run through the tools)`);
  for (const f of findings) console.error(f);
  console.log(`${findings.length} findings`);
  process.exit(findings.length ? 1 : 0);
}

void main();
