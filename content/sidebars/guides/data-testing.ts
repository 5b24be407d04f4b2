import type { GuidesCategory } from '../types';

// Reading order: the section overview, then what a test is made of (rules, checks, functions,
// parameters), what a run produces (instances), how runs are orchestrated and reported
// (workflows, schedules, subscriptions), and finally the end-to-end scenarios.
const ids = [
  'intro',
  'rule',
  'rule-validation',
  'rule-recon',
  'rule-duplicate',
  'rule-checksum',
  'rule-script',
  'rule-pushdown',
  'check',
  'check-outofbox',
  'outofbox-check-completeness',
  'outofbox-check-contains',
  'outofbox-check-datatype',
  'outofbox-check-date',
  'outofbox-check-duplicate',
  'outofbox-check-length',
  'outofbox-check-pattern',
  'outofbox-check-range',
  'check-custom',
  'function',
  'parameter',
  'instance',
  'workflow',
  'schedule',
  'schedule-onetime',
  'schedule-daily',
  'schedule-weekly',
  'schedule-advance',
  'schedule-monitor',
  'subscription',
  'scenario/delimited-native-validation',
  'scenario/file-sql-validation',
  'scenario/json-validation',
  'scenario/xml-validation',
] as const;

const category: GuidesCategory = {
  label: 'Data testing',
  items: ids.map((id) => `guides/data-testing/${id}`),
};

export default category;
