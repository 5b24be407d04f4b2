import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { modelProblems, parseWorkloads } from '../../tools/content-checks/networkModel';
import { parseFlowsFile, type FlowsFile } from '../../tools/content-checks/networkPolicy';

const facts = readFileSync('content/facts/product-facts.md', 'utf8');
const flowsText = readFileSync('content/facts/network-flows.yaml', 'utf8');
const workloads = parseWorkloads(facts);
const flows = parseFlowsFile(flowsText);

const without = (file: FlowsFile, drop: (f: FlowsFile['flows'][number]) => boolean): FlowsFile => ({
  ...file,
  flows: file.flows.filter((f) => !drop(f)),
});

describe('the workloads table of product-facts.md and content/facts/network-flows.yaml', () => {
  it('lists the Jobs, CronJobs, init containers and test pods, not only the Deployments', () => {
    const names = workloads.map((w) => w.name);
    for (const name of [
      'veriq-meta-backup',
      'veriq-migrate',
      'veriq-api/veriq-migrate',
      'veriq-test',
      'veriq-minio-bucket-init',
      'veriq-scheduler',
    ]) {
      expect(names).toContain(name);
    }
    expect(workloads.find((w) => w.name === 'veriq-scheduler')?.ports).toEqual([8085]);
  });

  it('agree: every workload has flows and labels, every port a flow in, every endpoint of the namespace a row', () => {
    expect(modelProblems(workloads, flows)).toEqual([]);
  });

  it('a workload with no flows fails', () => {
    const problems = modelProblems(
      workloads,
      without(flows, (f) => f.from === 'veriq-meta-backup' || f.to === 'veriq-meta-backup'),
    );
    expect(problems).toContain('workload veriq-meta-backup (CronJob) has no flow in network-flows.yaml');
  });

  it('a port nobody reaches fails: the scheduler is scraped on 8085', () => {
    const problems = modelProblems(
      workloads,
      without(flows, (f) => f.from === 'prometheus' && f.to === 'veriq-scheduler'),
    );
    expect(problems).toContain('workload veriq-scheduler listens on 8085 but no flow reaches it there');
  });

  it('an endpoint of the namespace that the table lacks fails, and so does a table row without an endpoint', () => {
    const extra: FlowsFile = {
      ...flows,
      endpoints: {
        ...flows.endpoints,
        'veriq-reindex': { namespace: 'veriq', pods: { 'app.kubernetes.io/name': 'veriq-reindex' } },
      },
    };
    expect(modelProblems(workloads, extra)).toContain(
      'endpoint veriq-reindex of namespace veriq is not in the workloads table of product-facts.md',
    );
    const endpoints = { ...flows.endpoints };
    delete endpoints['veriq-minio-bucket-init'];
    expect(modelProblems(workloads, { ...flows, endpoints })).toContain(
      'workload veriq-minio-bucket-init (Job) has no endpoint in network-flows.yaml',
    );
  });

  it('labels that differ between the table and the flows fail', () => {
    const endpoints = {
      ...flows.endpoints,
      'veriq-migrate': { namespace: 'veriq', pods: { 'app.kubernetes.io/name': 'veriq-migrate' } },
    };
    expect(modelProblems(workloads, { ...flows, endpoints })).toContain(
      "workload veriq-migrate: labels in the table differ from the endpoint's pods in network-flows.yaml",
    );
  });

  it('init containers carry the labels of their pod', () => {
    for (const w of workloads.filter((x) => x.podOf)) {
      expect(flows.endpoints[w.name].pods).toEqual(flows.endpoints[w.podOf!].pods);
    }
  });
});
