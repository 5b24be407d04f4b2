// The PrometheusRule custom resource (monitoring.coreos.com/v1) as the Prometheus Operator's CRD
// defines it (pkg/apis/monitoring/v1/prometheusrule_types.go): no maintained schema of it ships
// on npm, so its fields are written out here with the CRD's own validation (unknown fields
// rejected as the API server's structural schema prunes them, Duration patterns, `record` or
// `alert` but not both, annotations only on alerts, as the operator's admission webhook checks).
import { z } from 'zod';

// The operator's Duration and NonEmptyDuration patterns.
const DURATION = /^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$/;
const duration = z.string().regex(DURATION, 'is not a Prometheus duration such as 5m or 1h30m');
const nonEmptyDuration = duration.min(1);
const stringMap = z.record(z.string(), z.string());
// A metric name for `record`, a label value for `alert`.
const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

const rule = z
  .strictObject({
    record: z.string().regex(METRIC_NAME).optional(),
    alert: z.string().min(1).optional(),
    expr: z.union([z.string().min(1), z.number().int()]),
    for: duration.optional(),
    keep_firing_for: nonEmptyDuration.optional(),
    labels: stringMap.optional(),
    annotations: stringMap.optional(),
  })
  .superRefine((r, ctx) => {
    if (Boolean(r.record) === Boolean(r.alert)) {
      ctx.addIssue({ code: 'custom', message: 'a rule sets exactly one of `record` and `alert`' });
    }
    if (r.record && (r.annotations || r.for || r.keep_firing_for)) {
      ctx.addIssue({ code: 'custom', message: 'a recording rule has no `for`, `keep_firing_for` or `annotations`' });
    }
  });

const group = z.strictObject({
  name: z.string().min(1),
  labels: stringMap.optional(),
  interval: duration.optional(),
  query_offset: duration.optional(),
  rules: z.array(rule).optional(),
  partial_response_strategy: z
    .string()
    .regex(/^(?:abort|warn)?$/i)
    .optional(),
  limit: z.number().int().optional(),
});

export const prometheusRuleSchema = z.strictObject({
  apiVersion: z.literal('monitoring.coreos.com/v1'),
  kind: z.literal('PrometheusRule'),
  metadata: z.looseObject({
    name: z.string().min(1),
    namespace: z.string().optional(),
    labels: stringMap.optional(),
    annotations: stringMap.optional(),
  }),
  spec: z.strictObject({
    groups: z
      .array(group)
      .optional()
      .superRefine((groups, ctx) => {
        const seen = new Set<string>();
        for (const g of groups ?? []) {
          if (seen.has(g.name)) ctx.addIssue({ code: 'custom', message: `two groups are named ${g.name}` });
          seen.add(g.name);
        }
      }),
  }),
});

/** Problems of a PrometheusRule document, as `path: message`. */
export function checkPrometheusRule(doc: unknown): string[] {
  const result = prometheusRuleSchema.safeParse(doc);
  if (result.success) return [];
  return result.error.issues.map((i) => `PrometheusRule ${i.path.join('.') || '/'}: ${i.message}`);
}
