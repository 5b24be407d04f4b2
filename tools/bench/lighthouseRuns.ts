// Lighthouse runs for the bench. Each run loads the page once (Lighthouse's default simulated
// throttling records an unthrottled load) and scores it as Lighthouse does by default; the
// saved load can then be scored again with another CPU slowdown (`rescore`), which the bench
// does with the slowdown calibrated to this machine (./cpu-calibration.ts). Scoring the same
// loads both ways keeps the machine's moment-to-moment noise out of the comparison.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Flags, Result } from 'lighthouse';
import { DEFAULT_CPU_SLOWDOWN } from './cpuCalibration';
import type { ReaderSession } from './session';

export type FormFactor = 'mobile' | 'desktop';

export interface RunScores {
  /** The CPU slowdown this score was simulated with. */
  cpuSlowdown: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's CPU speed (a high-end desktop scores 1,500–2,000). */
  benchmarkIndex: number;
  /** Requests of the load that fetched a guide's article chunk with a 200 (signed-in proof). */
  articleChunks: number;
  /** The audits that cost points in the must-hold categories, by category: what to fix. */
  failedAudits: QualityAudits;
}

export interface QualityAudits {
  accessibility: string[];
  bestPractices: string[];
  seo: string[];
}

export interface RunResult {
  /** Scored as Lighthouse does by default (mobile: 4x; desktop: no slowdown). */
  standard: RunScores;
  /** Scores the same load again with another CPU slowdown. */
  rescore(cpuSlowdown: number): Promise<RunScores>;
}

function scoresOf(lhr: Result, guideChunks: ReadonlySet<string>): RunScores {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failed = (id: string) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
  return {
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? DEFAULT_CPU_SLOWDOWN,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    articleChunks: articleChunksOf(lhr, guideChunks),
    failedAudits: { accessibility: failed('accessibility'), bestPractices: failed('best-practices'), seo: failed('seo') },
  };
}

function articleChunksOf(lhr: Result, guideChunks: ReadonlySet<string>): number {
  const details = lhr.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] } | undefined;
  return (details?.items ?? []).filter((r) => guideChunks.has(new URL(r.url).pathname) && r.statusCode === 200).length;
}

export interface LighthouseSession {
  /**
   * One load of `url`, from a cold cache. With `reader`, the load is a signed-in reader's: the
   * gate's cookie and the tokens are in the browser; without, it carries no cookie at all.
   */
  run(url: string, formFactor: FormFactor, reader?: ReaderSession): Promise<RunResult>;
  close(): Promise<void>;
}

/** `guideChunks`: the URL paths of the guide article chunks (the build's gate manifest). */
export async function openLighthouse(
  chromeFlags: string[],
  guideChunks: ReadonlySet<string>,
): Promise<LighthouseSession> {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', ...chromeFlags] });
  // A second client on the same Chromium prepares each load: the cold cache, the cookie and the
  // tokens of a signed-in reader, and empty storage for a signed-out one. Lighthouse's own
  // storage reset (skipped on signed-in loads) clears caches and service workers, not
  // localStorage, so it can neither give nor take away a session.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0];

  async function prepare(url: string, reader: ReaderSession | undefined): Promise<void> {
    await context.clearCookies();
    const { origin } = new URL(url);
    if (reader) {
      await context.addCookies([{ ...reader.cookie, sameSite: 'Lax', expires: Math.floor(Date.now() / 1000) + 3600 }]);
    }
    const page = await context.newPage();
    // A blank document of the site's origin, answered here so the load does not touch the server.
    const seedUrl = `${origin}/__bench-seed`;
    await page.route(seedUrl, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>seed</title>' }));
    await page.goto(seedUrl);
    // Lighthouse's storage reset leaves localStorage alone: a signed-out load after a signed-in
    // one would still hold the reader's tokens (and ask for the article, to a 401) without this.
    await page.evaluate((tokens: Record<string, string>) => {
      window.localStorage.clear();
      window.sessionStorage.clear();
      for (const [key, value] of Object.entries(tokens)) window.localStorage.setItem(key, value);
    }, reader?.storage ?? {});
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await page.close();
  }
  // Each run's load is kept (a few MB) until the session closes, so it can be scored again.
  const artifactsRoot = mkdtempSync(join(tmpdir(), 'veriq-bench-lighthouse-'));
  let runCount = 0;

  const configFor = (formFactor: FormFactor) => (formFactor === 'desktop' ? desktopConfig : undefined);
  // The audit must state the settings the load was gathered with, storage reset included.
  const storageFlags = (reader: ReaderSession | undefined): Flags => ({ disableStorageReset: Boolean(reader) });
  const gather = async (url: string, formFactor: FormFactor, dir: string, reader: ReaderSession | undefined) => {
    await prepare(url, reader);
    const flags: Flags = { port: chrome.port, logLevel: 'error', gatherMode: dir, ...storageFlags(reader) };
    return lighthouse(url, flags, configFor(formFactor));
  };
  const audit = async (url: string, formFactor: FormFactor, dir: string, flags: Flags) =>
    (await lighthouse(url, { logLevel: 'error', output: 'json', auditMode: dir, ...flags }, configFor(formFactor)))!.lhr;

  return {
    async run(url, formFactor, reader) {
      const dir = join(artifactsRoot, String(runCount++));
      await gather(url, formFactor, dir, reader);
      let lhr = await audit(url, formFactor, dir, storageFlags(reader));
      if (lhr.runtimeError) {
        // Chromium's first navigation after launch sometimes reports no paint: such a load has
        // no scores, so it is loaded again once and named if it fails again.
        console.warn(`Lighthouse ${formFactor} ${url}: ${lhr.runtimeError.code} (${lhr.runtimeError.message}); retrying`);
        await gather(url, formFactor, dir, reader);
        lhr = await audit(url, formFactor, dir, storageFlags(reader));
        if (lhr.runtimeError) throw new Error(`Lighthouse ${formFactor} ${url} failed twice: ${lhr.runtimeError.code}`);
      }
      return {
        standard: scoresOf(lhr, guideChunks),
        async rescore(cpuSlowdown) {
          // Lighthouse refuses to audit saved artifacts with settings other than those they were
          // gathered with. Simulated throttling gathers without any slowdown, so the saved load
          // is the same whatever the multiplier: only the recorded setting needs to follow.
          const file = join(dir, 'artifacts.json');
          const artifacts = JSON.parse(readFileSync(file, 'utf8')) as { settings: { throttling: Record<string, number> } };
          const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: cpuSlowdown };
          artifacts.settings.throttling = throttling;
          writeFileSync(file, JSON.stringify(artifacts));
          return scoresOf(await audit(url, formFactor, dir, { ...storageFlags(reader), throttling }), guideChunks);
        },
      };
    },
    async close() {
      await browser.close().catch(() => undefined);
      chrome.kill();
      rmSync(artifactsRoot, { recursive: true, force: true });
    },
  };
}
