// `npm run bench:tap -- <site origin> [<stock origin>]`: the first-tap and keystroke measurement
// of `npm run bench` (bench/first-tap.ts) alone, against sites already being served, for the
// signed-out page types (a signed-in page needs the bench's own build and provider). Quicker than
// the whole bench when only input handling changed; `npm run bench` remains the reference.
import { measureFirstTaps, measureKeystrokes } from './firstTap';
import { BENCH_PAGE_TYPES } from './pages';
import { checkTapTargets } from './targets';
import { recordHistory } from './history';

export async function run(args: string[]): Promise<void> {
  const [site, stock] = args;
  if (!site) throw new Error('usage: npm run bench:tap -- <site origin> [<stock origin>]');
  const tries = Math.max(1, Number(process.env.BENCH_TAP_TRIES ?? 5) || 5);
  const only = process.env.BENCH_TAP_PAGES?.split(',');
  const pages = BENCH_PAGE_TYPES.filter((p) => !p.signedIn && (!only || only.includes(p.name))).map(
    ({ name, path }) => ({
      name,
      path,
    }),
  );
  const taps = [
    ...(await measureFirstTaps('veriq', site, pages, tries)),
    ...(stock ? await measureFirstTaps('stock', stock, pages, tries) : []),
  ];
  console.table(taps);
  const keystrokes = process.env.BENCH_TAP_KEYS === '0' ? [] : await measureKeystrokes(site, '/');
  console.table(keystrokes);
  const checks = checkTapTargets(
    taps.filter((t) => t.site === 'veriq'),
    keystrokes,
  );
  console.table(checks.map((c) => ({ ...c, met: c.met ? 'met' : 'MISSED' })));
  console.log(`Written to ${recordHistory('tap', { site, stock: stock ?? null, taps, keystrokes, checks })}`);
  process.exitCode = checks.every((c) => c.met) ? 0 : 1;
}

