// `npm run bench:tap -- <site origin> [<stock origin>] [--today <origin>]`: the first taps and
// keystrokes of `npm run bench` alone, on sites already served, for the signed-out page types;
// then each control's answer to a tap at first paint beside stock Docusaurus and `--today` (a
// build without the change), and the head scripts' size. `npm run bench` remains the reference.
import { headScriptSize, measureAnswers, measureFirstTaps, measureKeystrokes } from './firstTap';
import { BENCH_PAGE_TYPES } from './pages';
import { checkTapTargets } from './targets';
import { recordHistory } from './history';

export async function run(args: string[]): Promise<void> {
  const todayAt = args.indexOf('--today');
  const today = todayAt >= 0 ? args[todayAt + 1] : undefined;
  const [site, stock] = todayAt >= 0 ? [...args.slice(0, todayAt), ...args.slice(todayAt + 2)] : args;
  if (!site) throw new Error('usage: npm run bench:tap -- <site origin> [<stock origin>] [--today <origin>]');
  const tries = Math.max(1, Number(process.env.BENCH_TAP_TRIES ?? 5) || 5);
  const only = process.env.BENCH_TAP_PAGES?.split(',');
  const pages = BENCH_PAGE_TYPES.filter((p) => !p.signedIn && (!only || only.includes(p.name))).map(
    ({ name, path }) => ({
      name,
      path,
    }),
  );
  const taps =
    process.env.BENCH_TAP_LADDER === '0'
      ? []
      : [
          ...(await measureFirstTaps('veriq', site, pages, tries)),
          ...(stock ? await measureFirstTaps('stock', stock, pages, tries) : []),
        ];
  console.table(taps);
  const keystrokes = process.env.BENCH_TAP_KEYS === '0' ? [] : await measureKeystrokes(site, '/');
  console.table(keystrokes);
  const sites = [
    ['veriq', site],
    ...(today ? [['today', today]] : []),
    ...(stock ? [['stock', stock]] : []),
  ] as const;
  const answers = [];
  if (process.env.BENCH_TAP_ANSWERS !== '0') {
    for (const [name, origin] of sites) answers.push(...(await measureAnswers(name, origin, pages, tries)));
  }
  console.table(answers);
  const heads = [];
  for (const [, origin] of sites) heads.push(await headScriptSize(origin, pages[0]?.path ?? '/'));
  console.table(heads);
  const checks = checkTapTargets(
    taps.filter((t) => t.site === 'veriq'),
    keystrokes,
  );
  console.table(checks.map((c) => ({ ...c, met: c.met ? 'met' : 'MISSED' })));
  console.log(
    `Written to ${recordHistory('tap', { site, stock: stock ?? null, today: today ?? null, taps, keystrokes, answers, heads, checks })}`,
  );
  process.exitCode = checks.every((c) => c.met) ? 0 : 1;
}
