// What a reader on a phone gets from a first tap on the menu button, on Lighthouse's devtools
// phone profile: two figures, because a page may hold a tap and act on it only at hydration.
// "No tap lost from" is the earliest tap after paint that ever takes effect; "answered" is when
// its effect (the menu open) shows. One tap a load, at fixed offsets after a calibration paint.
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium';
import type { BenchPage, Site } from './firstLoad';

/** Lighthouse's devtools mobile throttling (constants.throttling.mobileSlow4G). */
export const PHONE_PROFILE = {
  cpuSlowdown: 4,
  rttMs: 562.5,
  downloadKbps: 1474.56,
  uploadKbps: 675,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
} as const;

/** Tap offsets after the first paint, in ms: the first that takes effect sets "no tap lost from". */
export const TAP_OFFSETS_MS = [0, 100, 250, 500, 1000, 1500, 2000, 3000, 4000, 5000, 6500, 8000] as const;
const EFFECT_TIMEOUT_MS = 12_000;
const MENU_BUTTON = 'button.navbar__toggle';
const MENU_OPEN = '.navbar-sidebar--show';

export interface TapLoad {
  paintMs: number;
  loadMs: number;
  hydratedMs: number | null;
  /** When the tap landed (its pointerdown's event time), or null when no pointerdown reached the page. */
  tapMs: number | null;
  /**
   * Whether the tap landed on an open dialog drawn over the button (the access modal a signed-out
   * guide opens once it knows the session): the tap acts on the dialog, not on the button.
   */
  covered: boolean;
  /** When the menu opened, or null when the tap was lost. */
  answeredMs: number | null;
}

export interface FirstTapRow {
  site: Site;
  page: string;
  paintMs: number;
  loadMs: number;
  hydratedMs: number | null;
  /** The first tap after paint that took effect, however late: from then on no tap is lost. */
  noTapLostFromMs: number | null;
  /** When that tap was answered (the menu open): what the reader waited for. */
  tapAnsweredMs: number | null;
  /** Taps given from the paint to 3 s after it, one a load, that never took effect. */
  lost: number;
  /** Those taps, less any that landed before their own load's paint (not a reader's tap) or on a dialog. */
  tries: number;
  /** Of those taps, the ones that landed on an open dialog over the button (see TapLoad.covered). */
  covered: number;
}

export interface KeystrokeRow {
  case: string;
  typed: string;
  got: string;
  kept: boolean;
  /** The load's first paint and when the shortcut landed (its keydown's event time), page clock. */
  paintMs: number;
  shortcutMs: number | null;
}

/** Applies the phone profile to a page (CPU slowdown and network conditions through CDP). */
export async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.rttMs,
    downloadThroughput: (PHONE_PROFILE.downloadKbps * 1024) / 8,
    uploadThroughput: (PHONE_PROFILE.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
  return cdp;
}

// Recorded inside the page, in its own clock (ms since navigation start): hydration, the first
// pointer press (its event time: when the finger landed, however busy the page) and the menu.
const RECORDER = () => {
  const w = window as unknown as Record<string, number | null>;
  w.__hydratedAt = null;
  w.__tappedAt = null;
  w.__tapCovered = null;
  w.__menuAt = null;
  document.addEventListener(
    'pointerdown',
    (e) => {
      if (w.__tappedAt !== null) return;
      w.__tappedAt = e.timeStamp;
      w.__tapCovered = e.target instanceof Element && e.target.closest('dialog[open]') !== null ? 1 : 0;
    },
    true,
  );
  new MutationObserver(() => {
    const root = document.documentElement;
    if (w.__hydratedAt === null && root.getAttribute('data-has-hydrated') === 'true') w.__hydratedAt = performance.now();
    if (w.__menuAt === null && document.querySelector('.navbar-sidebar--show')) w.__menuAt = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['class', 'data-has-hydrated'] });
};

async function phoneContext(browser: Browser, reader: BenchPage['reader']): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE_PROFILE.viewport,
    deviceScaleFactor: PHONE_PROFILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    // The HTTP/2 front's certificate is the bench's own (./http2Front.ts).
    ignoreHTTPSErrors: true,
  });
  if (reader) {
    await context.addCookies([{ ...reader.cookie, sameSite: 'Lax', expires: Math.floor(Date.now() / 1000) + 3600 }]);
    await context.addInitScript((tokens) => {
      for (const [key, value] of Object.entries(tokens)) window.localStorage.setItem(key, value);
    }, reader.storage);
  }
  await context.addInitScript(RECORDER);
  return context;
}

type Point = { x: number; y: number };

/**
 * Where the menu button is on the phone viewport, from an unthrottled load: the bench's taps land
 * there without asking the loading page (a finger does not wait for the page's main thread, and a
 * question to a busy page is answered only when its current task ends).
 */
async function menuButtonCentre(browser: Browser, url: string, reader: BenchPage['reader']): Promise<Point> {
  const context = await phoneContext(browser, reader);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const box = await page.locator(MENU_BUTTON).boundingBox({ timeout: 10_000 });
    if (!box) throw new Error(`${url}: no menu button on the phone viewport`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  } finally {
    await context.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One cold load of `url` with one tap at `at` (the menu button's centre) `tapAtMs` after navigation
 * start, by the bench's own clock, never asking the busy page; undefined: no tap, only the paint.
 * The tap's time is its pointerdown's, read afterwards. Why: maintainers/decisions/2026-11-27-bench-method.md
 */
export async function tapOnce(
  browser: Browser,
  url: string,
  reader: BenchPage['reader'],
  tapAtMs: number | undefined,
  at: Point,
): Promise<TapLoad> {
  const context = await phoneContext(browser, reader);
  try {
    const page = await context.newPage();
    await throttle(page);
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    if (tapAtMs !== undefined) {
      await sleep(Math.max(0, started + tapAtMs - Date.now()));
      await page.touchscreen.tap(at.x, at.y);
      await page
        .waitForFunction((sel) => document.querySelector(sel) !== null, MENU_OPEN, { timeout: EFFECT_TIMEOUT_MS })
        .catch(() => undefined);
    }
    await page
      .waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true', undefined, {
        timeout: EFFECT_TIMEOUT_MS,
      })
      .catch(() => undefined);
    const figures = await page.evaluate(() => {
      const w = window as unknown as Record<string, number | null>;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return {
        paintMs: paint,
        loadMs: nav?.loadEventStart ?? 0,
        hydratedMs: w.__hydratedAt,
        tapMs: w.__tappedAt,
        covered: w.__tapCovered === 1,
        answeredMs: w.__menuAt,
      };
    });
    return figures;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : 0;
};
const ms = (value: number | null) => (value === null ? null : Math.round(value));

/**
 * For each page of a site: the first tap that takes effect (the offset ladder, stopping at the first that
 * works) and `tries` further loads with a tap spread evenly from the paint to 3 s after it,
 * counting those lost. Paint, load and hydration are the medians of all its loads.
 */
export async function measureFirstTaps(
  site: Site,
  origin: string,
  pages: readonly BenchPage[],
  tries: number,
): Promise<FirstTapRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: FirstTapRow[] = [];
  try {
    for (const { name, path, reader } of pages) {
      const at = await menuButtonCentre(browser, origin + path, reader);
      // The paint of a load without a tap: the taps below are timed from it.
      const calibration = await tapOnce(browser, origin + path, reader, undefined, at);
      const paint = calibration.paintMs;
      const loads: TapLoad[] = [calibration];
      let first: TapLoad | null = null;
      for (const offset of TAP_OFFSETS_MS) {
        const load = await tapOnce(browser, origin + path, reader, paint + offset, at);
        loads.push(load);
        // A tap that landed before this load's own paint is not a reader's: try the next offset.
        if (load.answeredMs !== null && load.tapMs !== null && load.tapMs >= load.paintMs) {
          first = load;
          break;
        }
      }
      let lost = 0;
      let beforePaint = 0;
      let covered = 0;
      for (let i = 0; i < tries; i++) {
        const load = await tapOnce(browser, origin + path, reader, paint + (tries > 1 ? (3000 * i) / (tries - 1) : 0), at);
        loads.push(load);
        // A tap that landed before this load's own paint (the calibration's paint came sooner)
        // fell on a blank screen, where no reader taps: it is not counted either way.
        if (load.tapMs !== null && load.tapMs < load.paintMs) beforePaint++;
        // A tap on a dialog drawn over the button was the dialog's to handle: the access modal
        // closes on a tap outside its box and leaves the guide, as it should, and the menu stays
        // shut. Counted apart, not as lost.
        else if (load.covered) covered++;
        else if (load.answeredMs === null) lost++;
      }
      const hydrated = loads.map((l) => l.hydratedMs).filter((v): v is number => v !== null);
      rows.push({
        site,
        page: name,
        paintMs: Math.round(median(loads.map((l) => l.paintMs))),
        loadMs: Math.round(median(loads.map((l) => l.loadMs))),
        hydratedMs: hydrated.length ? Math.round(median(hydrated)) : null,
        noTapLostFromMs: ms(first?.tapMs ?? null),
        tapAnsweredMs: ms(first?.answeredMs ?? null),
        lost,
        tries: tries - beforePaint - covered,
        covered,
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

// The shortcut's keydown time, in the page's clock (however busy the page, the event time is when
// the key was pressed).
const KEY_RECORDER = () => {
  const w = window as unknown as Record<string, number | null>;
  w.__keyAt = null;
  document.addEventListener('keydown', (e) => (w.__keyAt ??= e.timeStamp), true);
};

/**
 * The search box on the phone profile: a shortcut at the first paint (cold) and after the modal was
 * opened and closed (warm), then a word typed at 30 ms a key; every key must reach the box, in
 * order. The cold shortcut is timed by the bench's clock from a calibration load's paint.
 */
export async function measureKeystrokes(origin: string, path: string, word = 'snowflake'): Promise<KeystrokeRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: KeystrokeRow[] = [];
  const input = '#search-modal-input';
  const open = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(KEY_RECORDER);
    const page = await context.newPage();
    await throttle(page);
    return { context, page };
  };
  try {
    const calibration = await open();
    await calibration.page.goto(origin + path, { waitUntil: 'commit' });
    // The paint itself, not the load event: the bundle is appended after the paint, so on a fast
    // machine the load event can come first, and a paint read then is missing (the shortcut was
    // then pressed at 0 ms, on a blank page).
    const paint = await calibration.page
      .waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, {
        timeout: 30_000,
      })
      .then((handle) => handle.jsonValue());
    await calibration.context.close();
    for (const [label, shortcut, warm] of [
      ['cold, / at first paint', '/', false],
      ['cold, s at first paint', 's', false],
      ['cold, Ctrl+K at first paint', 'Control+k', false],
      ['warm, Ctrl+K', 'Control+k', true],
      ['warm, /', '/', true],
    ] as const) {
      const { context, page } = await open();
      const started = Date.now();
      await page.goto(origin + path, { waitUntil: 'commit' });
      if (warm) {
        await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true', undefined, {
          timeout: 30_000,
        });
        await page.keyboard.press('/');
        await page.locator(input).waitFor({ timeout: 30_000 });
        await page.keyboard.press('Escape');
        await page.locator(input).waitFor({ state: 'detached', timeout: 10_000 });
        await page.evaluate(() => ((window as unknown as Record<string, number | null>).__keyAt = null));
      } else {
        await sleep(Math.max(0, started + paint - Date.now()));
      }
      await page.keyboard.press(shortcut);
      await page.keyboard.type(word, { delay: 30 });
      // The box may still be catching up with held keys: give it time to settle.
      const got = await page
        .waitForFunction(({ sel, w }) => document.querySelector<HTMLInputElement>(sel)?.value === w, { sel: input, w: word }, { timeout: 30_000 })
        .then(() => word)
        .catch(() => page.locator(input).inputValue({ timeout: 1_000 }).catch(() => ''));
      const times = await page.evaluate(() => ({
        paintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
        shortcutMs: (window as unknown as Record<string, number | null>).__keyAt,
      }));
      rows.push({ case: label, typed: word, got, kept: got === word, paintMs: Math.round(times.paintMs), shortcutMs: ms(times.shortcutMs) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** The controls whose answer the bench times: what the reader sees answer a tap at first paint. */
export const ANSWER_CONTROLS = ['menu', 'search', 'colour', 'copy'] as const;
export type AnswerControl = (typeof ANSWER_CONTROLS)[number];
const ANSWER_WORD = 'snow';

export interface AnswerRow {
  site: string;
  page: string;
  control: AnswerControl;
  /** Loads whose answer showed, of those measured. */
  answered: string;
  paintMs: number;
  hydratedMs: number | null;
  /** Median, over the loads, of the answer's time after that load's paint. */
  answerAfterPaintMs: number | null;
  /** Every load's first paint, for the page's paint over all its loads. */
  paints: number[];
  /** Median of when the first tap or key landed, after that load's paint (negative: before it). */
  tapAfterPaintMs: number;
}

// Recorded inside the page (a string: a bundler's helpers would not exist there). The answers:
// menu visible, the typed word in a search box, <html>'s data-theme changed, the clipboard
// written; each the first time it shows, in the page's clock: a change to the page counts at
// the next animation frame, when it can be drawn. And the first tap or key (its event time).
const ANSWER_RECORDER = `(() => {
  const a = (window.__answer = { hydrated: null, menu: null, search: null, colour: null, copy: null, tap: null });
  const theme = () => document.documentElement.getAttribute('data-theme');
  const shown = (key) => {
    if (a[key] !== null || shown[key]) return;
    shown[key] = true;
    requestAnimationFrame(() => (a[key] = performance.now()));
  };
  for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, (e) => (a.tap ??= e.timeStamp), true);
  let first = null;
  new MutationObserver(() => {
    if (first === null && document.body) first = theme();
    if (a.hydrated === null && document.documentElement.getAttribute('data-has-hydrated') === 'true') a.hydrated = performance.now();
    if (document.querySelector('.navbar-sidebar--show .navbar-sidebar')) shown('menu');
    if (first !== null && theme() !== first) shown('colour');
  }).observe(document, { attributes: true, childList: true, subtree: true });
  const frame = () => {
    for (const box of document.querySelectorAll('input[type="search"]')) {
      if (box.value === ${JSON.stringify(ANSWER_WORD)}) { a.search = performance.now(); return; }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  if (navigator.clipboard) {
    for (const name of ['write', 'writeText']) {
      const original = navigator.clipboard[name].bind(navigator.clipboard);
      navigator.clipboard[name] = (value) => original(value).then((r) => { if (a.copy === null) a.copy = performance.now(); return r; });
    }
  }
})()`;

interface Spots {
  menu: Point | null;
  copy: Point | null;
  /** The navbar's Search button (stock Docusaurus has none). */
  search: Point | null;
  /** The colour mode switch in the open menu (a phone shows it there only). */
  colour: Point | null;
}

const centreOf = async (page: Page, selector: string): Promise<Point | null> => {
  const box = await page.locator(selector).first().boundingBox({ timeout: 2_000 }).catch(() => null);
  return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
};

/**
 * Where the controls are. The menu button, Copy page and Search as the page shows them at paint:
 * from a load whose app scripts never arrive (the navbar may be laid out otherwise once the app
 * runs). The colour switch in the app's open menu, which the stand-in menu copies.
 */
async function spotsOf(browser: Browser, url: string, reader: BenchPage['reader']): Promise<Spots> {
  const context = await phoneContext(browser, reader);
  try {
    const atPaint = await context.newPage();
    await atPaint.route(/\/assets\/js\/.+\.js$/, (route) => route.abort());
    await atPaint.goto(url, { waitUntil: 'load' });
    const menu = await centreOf(atPaint, MENU_BUTTON);
    const copy = await centreOf(atPaint, 'button:has-text("Copy page")');
    const search = await centreOf(atPaint, 'nav.navbar button[aria-haspopup="dialog"]:has-text("Search")');
    await atPaint.close();
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
    await page.waitForTimeout(500);
    // A signed-in load must show the guide, not the access modal: else the figures are a shell's.
    if (reader && (await page.locator('#access-modal-title').count()) > 0) {
      throw new Error(`${url}: the reader's session was not accepted (the access modal showed)`);
    }
    await page.locator(MENU_BUTTON).click();
    await page.locator('.navbar-sidebar').waitFor({ timeout: 5_000 });
    await page.waitForTimeout(400);
    const colour = await centreOf(page, '.navbar-sidebar button[aria-label^="Switch between dark and light mode"]');
    return { menu, copy, colour, search };
  } finally {
    await context.close();
  }
}

/**
 * One cold load on the phone profile with one control acted on at the load's first paint, as the
 * browser reports it (a lifecycle event: the busy page is not asked, and a calibrated time from
 * another load could fall before this load's paint, on a blank screen).
 * Colour mode sits in the phone's menu: the menu is tapped then, and the switch as soon as the menu
 * shows, as a reader would. The load runs on to hydration, so that its time is known too.
 */
async function answerOnce(
  browser: Browser,
  url: string,
  reader: BenchPage['reader'],
  control: AnswerControl,
  spots: Spots,
) {
  const context = await phoneContext(browser, reader);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  await context.addInitScript(ANSWER_RECORDER);
  const answered = (page: Page, key: string) =>
    page
      .waitForFunction((c) => (window as unknown as { __answer: Record<string, number | null> }).__answer[c] !== null, key, {
        timeout: EFFECT_TIMEOUT_MS,
        polling: 50,
      })
      .catch(() => undefined);
  try {
    const page = await context.newPage();
    const cdp = await throttle(page);
    await cdp.send('Page.enable');
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
    const painted = new Promise<void>((resolve) =>
      cdp.on('Page.lifecycleEvent', (event) => {
        if (event.name === 'firstContentfulPaint') resolve();
      }),
    );
    await page.goto(url, { waitUntil: 'commit' });
    await Promise.race([painted, sleep(EFFECT_TIMEOUT_MS)]);
    if (control === 'search') {
      // A phone reader taps Search, and types once the box shows.
      await page.touchscreen.tap(spots.search!.x, spots.search!.y);
      await page
        .waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'search', undefined, {
          timeout: EFFECT_TIMEOUT_MS,
          polling: 50,
        })
        .catch(() => undefined);
      await page.keyboard.type(ANSWER_WORD, { delay: 30 });
    } else if (control === 'colour') {
      await page.touchscreen.tap(spots.menu!.x, spots.menu!.y);
      await answered(page, 'menu');
      await page.touchscreen.tap(spots.colour!.x, spots.colour!.y);
    } else {
      const at = control === 'menu' ? spots.menu! : spots.copy!;
      await page.touchscreen.tap(at.x, at.y);
    }
    await answered(page, control);
    await answered(page, 'hydrated');
    return await page.evaluate((c) => {
      const a = (window as unknown as { __answer: Record<string, number | null> }).__answer;
      return {
        paintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
        hydratedMs: a.hydrated,
        answerMs: a[c],
        tapMs: a.tap,
      };
    }, control);
  } finally {
    await context.close();
  }
}

/**
 * Each control's answer to a tap at first paint (on Search: then a word typed once the box shows), on the phone
 * profile: when the menu shows, the box shows the word, the mode changes, the clipboard is
 * written. Medians over `tries` cold loads, each acting at its own first paint.
 */
export async function measureAnswers(
  site: string,
  origin: string,
  pages: readonly BenchPage[],
  tries: number,
): Promise<AnswerRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: AnswerRow[] = [];
  try {
    for (const { name, path, reader } of pages) {
      const url = origin + path;
      const spots = await spotsOf(browser, url, reader);
      for (const control of ANSWER_CONTROLS) {
        if (
          (control === 'copy' && !spots.copy) ||
          (control === 'colour' && !spots.colour) ||
          (control === 'search' && !spots.search)
        )
          continue;
        const loads = [];
        for (let i = 0; i < tries; i++) loads.push(await answerOnce(browser, url, reader, control, spots));
        const answered = loads.filter((l) => l.answerMs !== null);
        const hydrated = loads.map((l) => l.hydratedMs).filter((v): v is number => v !== null);
        rows.push({
          site,
          page: name,
          control,
          answered: `${answered.length}/${loads.length}`,
          paintMs: Math.round(median(loads.map((l) => l.paintMs))),
          hydratedMs: hydrated.length ? Math.round(median(hydrated)) : null,
          answerAfterPaintMs: answered.length ? Math.round(median(answered.map((l) => l.answerMs! - l.paintMs))) : null,
          tapAfterPaintMs: Math.round(median(loads.filter((l) => l.tapMs !== null).map((l) => l.tapMs! - l.paintMs))),
          paints: loads.map((l) => Math.round(l.paintMs)),
        });
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** The early-input head scripts' size in a page: the inline script, and the stand-ins' file. */
export async function headScriptSize(origin: string, path = '/'): Promise<Record<string, number | string>> {
  const { brotliCompressSync, gzipSync } = await import('node:zlib');
  const html = await (await fetch(origin + path)).text();
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).find((s) => s.includes('data-early-input')) ?? '';
  const src = /<script src=["']?([^"' >]*early-input[^"' >]*)/.exec(html)?.[1];
  const external = src ? await (await fetch(new URL(src, origin))).text() : '';
  const size = (text: string) => ({ raw: Buffer.byteLength(text), br: brotliCompressSync(text).length, gz: gzipSync(text).length });
  const i = size(inline);
  const e = size(external);
  return {
    origin,
    'inline raw': i.raw,
    'inline brotli': i.br,
    'stand-ins raw': e.raw,
    'stand-ins brotli': e.br,
    'html brotli': brotliCompressSync(html).length,
  };
}
