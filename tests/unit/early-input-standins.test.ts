// The inline early-input script and the stand-ins (src/early-input/standins.ts): held taps are
// answered by the stand-ins in order when they attach, up to the first they cannot answer; later
// taps are answered at once; at hydration the stand-ins hand over first, then the rest replays,
// on the app's counterpart of a stand-in's control. Why: maintainers/decisions/2026-11-27-early-input-standins.md
import { describe, expect, it } from 'vitest';
import { installEarlyInput, type EarlyInputWindow, type Standins } from '../../src/early-input/install';
import * as rules from '../../src/early-input/rules';
import { earlyInputConfig, PENDING_ATTRIBUTE, STANDINS_HOOK } from '../../src/early-input/script';

const config = earlyInputConfig({
  idTokenKey: 'id_token',
  clientId: 'veriq-docs',
  alwaysSignedIn: false,
  maxIdTokenLength: 16384,
  clockSkewSeconds: 60,
});

interface Fake {
  name: string;
  tagName: string;
  isConnected: boolean;
  textContent: string;
  disabled: boolean;
  closest(selector: string): Fake | null;
  hasAttribute(name: string): boolean;
  dispatchEvent(event: { type: string }): void;
}

function page() {
  const listeners = new Map<string, ((e: unknown) => void)[]>();
  const attributes = new Map<string, string>([['data-has-hydrated', 'false']]);
  let observer: (() => void) | null = null;
  const timers: (() => void)[] = [];
  const received: string[] = [];
  const controls: Fake[] = [];
  const control = (name: string): Fake => {
    const el: Fake = {
      name,
      tagName: 'BUTTON',
      isConnected: true,
      textContent: name,
      disabled: false,
      closest: () => el,
      hasAttribute: () => false,
      dispatchEvent: (event) => received.push(`${event.type}:${name}`),
    };
    // As React leaves a hydrated element.
    (el as unknown as Record<string, unknown>).__reactProps$test = {};
    controls.push(el);
    return el;
  };
  const win = {
    document: {
      addEventListener: (t: string, fn: (e: unknown) => void) => listeners.set(t, [...(listeners.get(t) ?? []), fn]),
      removeEventListener: (t: string, fn: (e: unknown) => void) =>
        listeners.set(
          t,
          (listeners.get(t) ?? []).filter((f) => f !== fn),
        ),
      querySelectorAll: () => controls,
      documentElement: {
        getAttribute: (n: string) => attributes.get(n) ?? null,
        setAttribute: (n: string, v: string) => {
          attributes.set(n, v);
          observer?.();
        },
        removeAttribute: (n: string) => attributes.delete(n),
      },
      body: null,
    },
    localStorage: { getItem: () => null },
    setTimeout: (fn: () => void) => timers.push(fn),
    MutationObserver: class {
      constructor(fn: () => void) {
        observer = fn;
      }
      observe() {}
      disconnect() {
        observer = null;
      }
    },
    MouseEvent: class {
      type: string;
      constructor(type: string) {
        this.type = type;
      }
    },
    KeyboardEvent: class {},
  } as unknown as EarlyInputWindow;
  const click = (target: Fake) => {
    const event = {
      type: 'click',
      target,
      stopped: false,
      prevented: false,
      preventDefault() {
        this.prevented = true;
      },
      stopImmediatePropagation() {
        this.stopped = true;
      },
    };
    for (const fn of listeners.get('click') ?? []) fn(event);
    if (!event.stopped) received.push(`click:${target.name}`);
    return event;
  };
  const runTimers = () => {
    for (const fn of timers.splice(0)) fn();
  };
  return { win, control, click, received, attributes, runTimers };
}

/** Stand-ins that answer the controls named in `answers`, logging what they do. */
function standins(
  answers: string[],
  log: string[],
  counterpart: Fake | null = null,
): Standins & { finish?: () => void } {
  const s: Standins & { finish?: () => void } = {
    click: (c) =>
      answers.includes((c as unknown as Fake).name) && (log.push(`answered:${(c as unknown as Fake).name}`), true),
    key: () => false,
    counterpart: () => counterpart as unknown as Element,
    handover: (done) => {
      log.push('handover');
      s.finish = done;
    },
  };
  return s;
}

describe('early input: the stand-ins', () => {
  it('answer what was held, in order, up to the first they cannot; then later taps at once', () => {
    const p = page();
    const [menu, login, copy] = [p.control('menu'), p.control('Login'), p.control('copy')];
    installEarlyInput(p.win, config, rules);
    p.click(menu);
    p.click(login);
    p.click(copy);
    expect(p.attributes.get(PENDING_ATTRIBUTE)).toBe('3');
    const log: string[] = [];
    const hook = (p.win as unknown as Record<string, { attach(s: Standins): unknown }>)[STANDINS_HOOK];
    expect(typeof hook.attach(standins(['menu', 'copy'], log))).toBe('function');
    // Login cannot be answered: it stays held, and so does the copy tap behind it (order).
    expect(log).toEqual(['answered:menu']);
    expect(p.attributes.get(PENDING_ATTRIBUTE)).toBe('2');
    const event = p.click(menu);
    expect(event.prevented && event.stopped).toBe(true);
    expect(log).toEqual(['answered:menu', 'answered:menu']);
    expect(p.received).toEqual([]);
  });

  it('hand over at hydration before the held taps replay, on the app’s counterpart', () => {
    const p = page();
    const inStandin = p.control('Helm');
    const appCaret = p.control('Helm');
    installEarlyInput(p.win, config, rules);
    const log: string[] = [];
    const s = standins([], log, appCaret);
    (p.win as unknown as Record<string, { attach(s: Standins): unknown }>)[STANDINS_HOOK].attach(s);
    p.click(inStandin);
    inStandin.isConnected = false;
    appCaret.dispatchEvent = (e) => p.received.push(`${e.type}:app Helm`);
    p.win.document.documentElement.setAttribute('data-has-hydrated', 'true');
    p.runTimers();
    expect(log).toEqual(['handover']);
    // Pending until the hand-over is done; nothing replayed yet.
    expect(p.attributes.get(PENDING_ATTRIBUTE)).toBe('1');
    expect(p.received).toEqual([]);
    s.finish!();
    expect(p.received).toEqual(['click:app Helm']);
    expect(p.attributes.has(PENDING_ATTRIBUTE)).toBe(false);
  });

  it('hold a tap a stand-in throws on, as before they loaded', () => {
    const p = page();
    const menu = p.control('menu');
    installEarlyInput(p.win, config, rules);
    const s = standins([], []);
    s.click = () => {
      throw new Error('no showModal here');
    };
    (p.win as unknown as Record<string, { attach(s: Standins): unknown }>)[STANDINS_HOOK].attach(s);
    const event = p.click(menu);
    expect(event.prevented && event.stopped).toBe(true);
    expect(p.attributes.get(PENDING_ATTRIBUTE)).toBe('1');
    menu.dispatchEvent = (e) => p.received.push(`${e.type}:menu`);
    p.win.document.documentElement.setAttribute('data-has-hydrated', 'true');
    p.runTimers();
    s.finish!();
    expect(p.received).toEqual(['click:menu']);
  });

  it('replay the held taps once when the hand-over throws, or never ends', () => {
    for (const handover of ['throws', 'never ends'] as const) {
      const p = page();
      const copy = p.control('copy');
      installEarlyInput(p.win, config, rules);
      const s = standins([], []);
      s.handover = (done) => {
        if (handover === 'throws') throw new Error('the theme changed');
        void done;
      };
      (p.win as unknown as Record<string, { attach(s: Standins): unknown }>)[STANDINS_HOOK].attach(s);
      p.click(copy);
      copy.dispatchEvent = (e) => p.received.push(`${e.type}:copy`);
      p.win.document.documentElement.setAttribute('data-has-hydrated', 'true');
      p.runTimers();
      // Thrown: at once. Never ended: when the safety timer fires, and only then.
      if (handover === 'never ends') expect(p.received).toEqual([]);
      p.runTimers();
      p.runTimers();
      expect(p.received).toEqual(['click:copy']);
    }
  });
});
