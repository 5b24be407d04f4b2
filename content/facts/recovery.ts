// Recovery time estimates of /disaster-recovery, computed from the method the page states, not
// summed by hand. tests/unit/recovery.test.ts checks that the page and facts-handbook-6-10.md
// state the inputs and the sums as computed here: change an input and the test names the lines.

export type Method = 'embedded' | 'existing' | 'helm';
export const methods: Method[] = ['embedded', 'existing', 'helm'];

/** The method's inputs, in minutes or units per hour (facts-handbook-6-10.md, "Disaster recovery"). */
export const inputs = {
  platformReadyMin: { embedded: 30, existing: 30, helm: 15 } as Record<Method, number>,
  pgRestoreGBPerHour: 30,
  mcMirrorGBPerHour: 500,
  typicalBucketGB: 100,
  verificationMin: 30,
  replicaPromotionMin: 10,
  roundUpToMin: 15,
  databaseSizesGB: [5, 50, 200],
};

export const restoreMin = (gb: number) => (gb / inputs.pgRestoreGBPerHour) * 60;
export const mirrorMin = (gb: number) => (gb / inputs.mcMirrorGBPerHour) * 60;
const roundUp = (min: number) => Math.ceil(Math.round(min) / inputs.roundUpToMin) * inputs.roundUpToMin;

/** Unrounded and rounded RTO of a cold standby restore. */
export function coldRto(method: Method, databaseGB: number) {
  const sum =
    inputs.platformReadyMin[method] +
    Math.round(restoreMin(databaseGB)) +
    Math.round(mirrorMin(inputs.typicalBucketGB)) +
    inputs.verificationMin;
  return { sum, rounded: roundUp(sum) };
}

/** A warm standby: promotion replaces the database and object restores. */
export function warmRto(method: Method) {
  const sum = inputs.platformReadyMin[method] + inputs.replicaPromotionMin + inputs.verificationMin;
  return { sum, rounded: roundUp(sum) };
}

/** `90` → `1 h 30 min`, `180` → `3 h`, `45` → `45 min`. */
export function duration(min: number) {
  const h = Math.floor(min / 60);
  const m = Math.round(min % 60);
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ');
}

const row = (f: (m: Method) => number) => methods.map((m) => duration(f(m))).join(' | ');

/** Text the pages must contain, built from the computed figures. */
export function statements(): { page: string; text: string }[] {
  const [small, large, veryLarge] = inputs.databaseSizesGB;
  const page = 'docs/disaster-recovery.md';
  const facts = 'content/facts/facts-handbook-6-10.md';
  const warmEc = warmRto('embedded');
  const warmHelm = warmRto('helm');
  const cold = (gb: number) =>
    `${duration(coldRto('embedded', gb).rounded)} / ${duration(coldRto('helm', gb).rounded)}`;
  return [
    {
      page,
      text: `| ${small} GB (small: up to about 1 million instances kept) | ${row((m) => coldRto(m, small).rounded)} |`,
    },
    { page, text: `| ${large} GB (large: about 8 million instances) | ${row((m) => coldRto(m, large).rounded)} |` },
    {
      page,
      text: `| ${veryLarge} GB (very large, long instance retention) | ${row((m) => coldRto(m, veryLarge).rounded)} |`,
    },
    { page, text: `| Any size, warm standby | ${row((m) => warmRto(m).rounded)} |` },
    {
      page,
      text: `About ${duration(warmEc.rounded)} (${duration(warmHelm.rounded)} with Helm), independent of database size`,
    },
    { page, text: `rounded up to the next quarter hour` },
    {
      page,
      text: `${inputs.platformReadyMin.embedded} minutes for Embedded Cluster (host preparation, installer, console **Config**) and Existing Cluster (plugin, console, **Config**); ${inputs.platformReadyMin.helm} minutes for Helm`,
    },
    {
      page,
      text: `at about ${inputs.pgRestoreGBPerHour} GB per hour on a 4 vCPU PostgreSQL with SSD storage that meets the 3,000 IOPS requirement. ${small} GB takes ${duration(restoreMin(small))}, ${large} GB ${duration(restoreMin(large))}, ${veryLarge} GB ${duration(restoreMin(veryLarge))}.`,
    },
    {
      page,
      text: `\`mc mirror\` at about ${inputs.mcMirrorGBPerHour} GB per hour within one site; a typical ${inputs.typicalBucketGB} GB bucket takes ${duration(mirrorMin(inputs.typicalBucketGB))}.`,
    },
    { page, text: `**Verification:** ${inputs.verificationMin} minutes` },
    {
      page,
      text: `promoting the replica (about ${inputs.replicaPromotionMin} minutes, whatever the size) and switching the bucket in the configuration, which is part of step 1: ${inputs.platformReadyMin.embedded} + ${inputs.replicaPromotionMin} + ${inputs.verificationMin} minutes is ${duration(warmEc.sum)}, rounded up to ${duration(warmEc.rounded)}, and ${duration(warmHelm.sum)} with Helm, rounded up to ${duration(warmHelm.rounded)}.`,
    },
    {
      page: facts,
      text: `| RTO estimates (cold) | ${small} GB: ${cold(small)}; ${large} GB: ${cold(large)}; ${veryLarge} GB: ${cold(veryLarge)} (EC and XC / Helm); warm standby ${duration(warmEc.rounded)} / ${duration(warmHelm.rounded)} |`,
    },
    {
      page: facts,
      text: `Platform ready ${inputs.platformReadyMin.embedded} min (EC, XC) or ${inputs.platformReadyMin.helm} min (Helm) + \`pg_restore --jobs=4\` at ~${inputs.pgRestoreGBPerHour} GB/h + \`mc mirror\` at ~${inputs.mcMirrorGBPerHour} GB/h (${inputs.typicalBucketGB} GB typical) + ${inputs.verificationMin} min verification, rounded up to the quarter hour; warm standby: ~${inputs.replicaPromotionMin} min replica promotion in place of both restores`,
    },
  ];
}
