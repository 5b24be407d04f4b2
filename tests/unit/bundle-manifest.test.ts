// The Kubernetes manifest of the offline docs bundle lives twice: tools/bundle/kubernetes.yaml (the
// file shipped and tested) and the ```yaml block of docs/offline-docs.md that readers copy, which
// `npm run lint:code-blocks` validates against the API schema and the restricted Pod Security
// Standard. They must stay the same text, so a fix to one is a fix to both.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { codeBlocks } from '../../tools/content-checks/codeBlocks';
import { parsePage } from '../../tools/content-checks/rules';
import { imageConfig, IMAGE_PORT, NONROOT_UID } from '../../tools/bundle/image';

const MANIFEST = 'tools/bundle/kubernetes.yaml';
const PAGE = 'docs/offline-docs.md';

const manifest = readFileSync(MANIFEST, 'utf8');
const page = parsePage(PAGE, readFileSync(PAGE, 'utf8'));

/** The page's YAML blocks that hold a Deployment: the manifest, and only it. */
const deploymentBlocks = codeBlocks(page).filter((b) => b.lang === 'yaml' && /^kind: Deployment$/m.test(b.value));

interface Probe {
  httpGet: { path: string; port: string };
}
interface Container {
  image: string;
  env: { name: string; value: string }[];
  ports: unknown[];
  readinessProbe: Probe;
  livenessProbe: Probe;
  resources: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext: Record<string, unknown>;
}
interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string };
  spec: {
    replicas?: number;
    type?: string;
    ports?: unknown[];
    selector: Record<string, string> & { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string> };
      spec: {
        automountServiceAccountToken?: boolean;
        securityContext: Record<string, unknown>;
        containers: Container[];
      };
    };
  };
}
const docs = parseAllDocuments(manifest).map((d) => d.toJS() as Manifest);

describe('the offline docs manifest', () => {
  it('is on the page once, as the same text as tools/bundle/kubernetes.yaml', () => {
    expect(deploymentBlocks).toHaveLength(1);
    expect(deploymentBlocks[0].value + '\n').toBe(manifest);
  });

  it('parses as a Deployment and a Service in the namespace veriq, and nothing else', () => {
    expect(docs.map((d) => `${d.apiVersion} ${d.kind} ${d.metadata.namespace}/${d.metadata.name}`)).toEqual([
      'apps/v1 Deployment veriq/veriq-docs',
      'v1 Service veriq/veriq-docs',
    ]);
  });

  it('runs one replica of the bundle image as the non-root user, read-only, without a token', () => {
    const [deployment] = docs;
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    expect(deployment.spec.replicas).toBe(1);
    expect(container.image).toBe('registry.example.com/veriq/veriq-docs:6.5');
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: NONROOT_UID });
    expect(container.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    expect(container.resources.requests).toBeDefined();
    expect(container.resources.limits).toBeDefined();
  });

  it('listens where the image says, probes / on it, and the Service sends there', () => {
    const [deployment, service] = docs;
    const [container] = deployment.spec.template.spec.containers;
    const env = Object.fromEntries(container.env.map((e) => [e.name, e.value]));
    const image = imageConfig('veriq-docs-6.5').env;
    expect(env).toEqual({ HOST: image.HOST, PORT: image.PORT });
    expect(container.ports).toEqual([{ name: 'http', containerPort: IMAGE_PORT, protocol: 'TCP' }]);
    for (const probe of [container.readinessProbe, container.livenessProbe]) {
      expect(probe.httpGet).toEqual({ path: '/', port: 'http' });
    }
    expect(service.spec.type).toBe('ClusterIP');
    expect(service.spec.ports).toEqual([{ name: 'http', port: IMAGE_PORT, targetPort: 'http', protocol: 'TCP' }]);
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);
  });
});
