// Lighthouse runs for the bench. Each run loads the page once (Lighthouse's default simulated
// throttling records an unthrottled load) and scores it as Lighthouse does by default; the
// saved load can then be scored again with another CPU slowdown (`rescore`), which the bench
// does with the slowdown calibrated to this machine (./cpu-calibration.ts). Scoring the same
// loads both ways keeps the machine's moment-to-moment noise out of the comparison.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Flags, Result } from 'lighthouse';
import { DEFAULT_CPU_SLOWDOWN } from './cpu-calibration';

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
}

export interface RunResult {
  /** Scored as Lighthouse does by default (mobile: 4x; desktop: no slowdown). */
  standard: RunScores;
  /** Scores the same load again with another CPU slowdown. */
  rescore(cpuSlowdown: number): Promise<RunScores>;
}

function scoresOf(lhr: Result): RunScores {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
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
  };
}

export interface LighthouseSession {
  run(url: string, formFactor: FormFactor): Promise<RunResult>;
  close(): void;
}

export async function openLighthouse(chromeFlags: string[]): Promise<LighthouseSession> {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', ...chromeFlags] });
  // Each run's load is kept (a few MB) until the session closes, so it can be scored again.
  const artifactsRoot = mkdtempSync(join(tmpdir(), 'veriq-bench-lighthouse-'));
  let runCount = 0;

  const configFor = (formFactor: FormFactor) => (formFactor === 'desktop' ? desktopConfig : undefined);
  const gather = (url: string, formFactor: FormFactor, dir: string) =>
    lighthouse(url, { port: chrome.port, logLevel: 'error', gatherMode: dir } satisfies Flags, configFor(formFactor));
  const audit = async (url: string, formFactor: FormFactor, dir: string, flags: Flags = {}) =>
    (await lighthouse(url, { logLevel: 'error', output: 'json', auditMode: dir, ...flags }, configFor(formFactor)))!.lhr;

  return {
    async run(url, formFactor) {
      const dir = join(artifactsRoot, String(runCount++));
      await gather(url, formFactor, dir);
      let lhr = await audit(url, formFactor, dir);
      if (lhr.runtimeError) {
        // Chromium's first navigation after launch sometimes reports no paint: such a load has
        // no scores, so it is loaded again once and named if it fails again.
        console.warn(`Lighthouse ${formFactor} ${url}: ${lhr.runtimeError.code} (${lhr.runtimeError.message}); retrying`);
        await gather(url, formFactor, dir);
        lhr = await audit(url, formFactor, dir);
        if (lhr.runtimeError) throw new Error(`Lighthouse ${formFactor} ${url} failed twice: ${lhr.runtimeError.code}`);
      }
      return {
        standard: scoresOf(lhr),
        async rescore(cpuSlowdown) {
          // Lighthouse refuses to audit saved artifacts with settings other than those they were
          // gathered with. Simulated throttling gathers without any slowdown, so the saved load
          // is the same whatever the multiplier: only the recorded setting needs to follow.
          const file = join(dir, 'artifacts.json');
          const artifacts = JSON.parse(readFileSync(file, 'utf8')) as { settings: { throttling: Record<string, number> } };
          const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: cpuSlowdown };
          artifacts.settings.throttling = throttling;
          writeFileSync(file, JSON.stringify(artifacts));
          return scoresOf(await audit(url, formFactor, dir, { throttling }));
        },
      };
    },
    close() {
      chrome.kill();
      rmSync(artifactsRoot, { recursive: true, force: true });
    },
  };
}
