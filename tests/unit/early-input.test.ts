import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { decodeIdToken, isAcceptedToken, CLOCK_SKEW_SECONDS, MAX_ID_TOKEN_LENGTH } from '../../shared/auth/token';
import { ID_TOKEN_KEY } from '../../shared/auth/storageKeys';
import {
  disabledButton,
  hasAcceptedToken,
  heldControl,
  isSearchShortcut,
  isTypingKey,
  isTypingTarget,
  type ElementLike,
} from '../../src/early-input/rules';
import { earlyInputConfig, earlyInputScript, HELD_CONTROLS, PENDING_ATTRIBUTE } from '../../src/early-input/script';
import { GATED_LINK_ATTRIBUTE } from '../../src/early-input/guideGateLink';

const CLIENT_ID = 'veriq-docs';
const options = {
  idTokenKey: ID_TOKEN_KEY,
  clientId: CLIENT_ID,
  alwaysSignedIn: false,
  maxIdTokenLength: MAX_ID_TOKEN_LENGTH,
  clockSkewSeconds: CLOCK_SKEW_SECONDS,
};
const config = earlyInputConfig(options);

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

/** An element whose `closest` answers from a fixed list of (selector part, element) pairs. */
function element(tagName: string, attrs: string[] = [], ancestors: ElementLike[] = []): ElementLike {
  const self: ElementLike = {
    tagName,
    hasAttribute: (name) => attrs.includes(name),
    closest: (selector) => {
      const parts = selector.split(',');
      for (const candidate of [self, ...ancestors]) {
        if (
          parts.some(
            (p) =>
              p === candidate.tagName.toLowerCase() ||
              (p === `a[${GATED_LINK_ATTRIBUTE}]` &&
                candidate.tagName === 'A' &&
                candidate.hasAttribute(GATED_LINK_ATTRIBUTE)),
          )
        )
          return candidate;
      }
      return null;
    },
  };
  return self;
}

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (payload: object) => `${b64url({ alg: 'RS256' })}.${b64url(payload)}.sig`;

describe('early input: which taps are held', () => {
  it('holds a tap inside a button, and leaves plain text alone', () => {
    const button = element('BUTTON');
    const icon = element('SVG', [], [button]);
    expect(heldControl(icon, config, () => false)).toBe(button);
    expect(heldControl(element('P'), config, () => false)).toBeNull();
    expect(heldControl(null, config, () => false)).toBeNull();
  });

  it('holds a gated link for a signed-out reader only', () => {
    const link = element('A', [GATED_LINK_ATTRIBUTE]);
    expect(heldControl(link, config, () => false)).toBe(link);
    expect(heldControl(link, config, () => true)).toBeNull();
  });

  it('names the controls a click before hydration would miss, and no plain link', () => {
    const parts = ['button', '[role="button"]', '[role="tab"]', 'details[data-collapsed] > summary'];
    for (const part of [...parts, 'a.menu__link--sublist-caret']) {
      expect(HELD_CONTROLS.split(',')).toContain(part);
    }
    // A plain <details> opens natively at the tap: only the theme's Details (React state) is held.
    expect(HELD_CONTROLS.split(',')).not.toContain('summary');
    expect(HELD_CONTROLS.split(',')).toContain(`a[${GATED_LINK_ATTRIBUTE}]`);
    expect(HELD_CONTROLS.split(',').filter((p) => p === 'a')).toEqual([]);
  });

  it('finds the disabled button a pointer is on', () => {
    const disabled = { ...element('BUTTON'), disabled: true };
    disabled.closest = () => disabled;
    const enabled = { ...element('BUTTON'), disabled: false };
    enabled.closest = () => enabled;
    expect(disabledButton(disabled)).toBe(disabled);
    expect(disabledButton(enabled)).toBeNull();
    expect(disabledButton(element('P'))).toBeNull();
  });
});

describe('early input: keys', () => {
  it('knows the search shortcuts', () => {
    expect(isSearchShortcut(key('s'))).toBe(true);
    expect(isSearchShortcut(key('/'))).toBe(true);
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key('k'))).toBe(false);
    expect(isSearchShortcut(key('s', { ctrlKey: true }))).toBe(false);
    expect(isSearchShortcut(key('/', { altKey: true }))).toBe(false);
  });

  it('keeps typing keys and leaves the rest', () => {
    expect(isTypingKey(key('f'))).toBe(true);
    expect(isTypingKey(key('é'))).toBe(true);
    expect(isTypingKey(key('𝒜'))).toBe(true);
    expect(isTypingKey(key('Backspace'))).toBe(true);
    expect(isTypingKey(key('Enter'))).toBe(false);
    expect(isTypingKey(key('c', { ctrlKey: true }))).toBe(false);
  });

  it('knows fields', () => {
    expect(isTypingTarget(element('INPUT'))).toBe(true);
    expect(isTypingTarget(element('TEXTAREA'))).toBe(true);
    expect(isTypingTarget({ ...element('DIV'), isContentEditable: true })).toBe(true);
    expect(isTypingTarget(element('BUTTON'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('early input: the token rule is shared/auth/token.ts’s', () => {
  const now = Date.now();
  const exp = Math.floor(now / 1000);
  const cases: (string | null)[] = [
    null,
    '',
    'not-a-token',
    token({ aud: CLIENT_ID, exp: exp + 600 }),
    token({ aud: CLIENT_ID, exp: exp - 30 }),
    token({ aud: CLIENT_ID, exp: exp - 120 }),
    token({ aud: 'other', exp: exp + 600 }),
    token({ aud: ['other', CLIENT_ID], exp: exp + 600 }),
    token({ aud: ['other', 7, CLIENT_ID], exp: exp + 600 }),
    token({ aud: CLIENT_ID }),
    token({ aud: CLIENT_ID, exp: '9999999999' }),
    token([CLIENT_ID]),
    `${b64url({})}.${'A'.repeat(MAX_ID_TOKEN_LENGTH)}.sig`,
    'a.b$.c',
    'a.e30.c',
  ];
  it('accepts and refuses the same tokens', () => {
    for (const t of cases) {
      expect(hasAcceptedToken(t, options, now), String(t)).toBe(isAcceptedToken(decodeIdToken(t), CLIENT_ID, now));
    }
    expect(hasAcceptedToken(token({ aud: CLIENT_ID, exp: exp + 600 }), { ...options, clientId: null }, now)).toBe(
      false,
    );
  });
});

/** A document just big enough for the script: capture listeners, <html> attributes, controls. */
function fakePage(controls: FakeElement[]) {
  class FakeEvent {
    type: string;
    defaultPrevented = false;
    stopped = false;
    target: unknown = null;
    key?: string;
    constructor(type: string, init: Record<string, unknown> = {}) {
      this.type = type;
      Object.assign(this, init);
    }
    preventDefault() {
      this.defaultPrevented = true;
    }
    stopImmediatePropagation() {
      this.stopped = true;
    }
  }
  const listeners = new Map<string, ((e: FakeEvent) => void)[]>();
  // As in the server HTML: the attribute is there from the start, "false" until hydration.
  const attributes = new Map<string, string>([['data-has-hydrated', 'false']]);
  let observer: (() => void) | null = null;
  const timers: (() => void)[] = [];
  const received: string[] = [];
  const doc = {
    addEventListener: (type: string, fn: (e: FakeEvent) => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), fn]),
    removeEventListener: (type: string, fn: (e: FakeEvent) => void) =>
      listeners.set(
        type,
        (listeners.get(type) ?? []).filter((f) => f !== fn),
      ),
    querySelectorAll: () => controls,
    documentElement: {
      hasAttribute: (n: string) => attributes.has(n),
      getAttribute: (n: string) => attributes.get(n) ?? null,
      setAttribute: (n: string, v: string) => {
        attributes.set(n, v);
        observer?.();
      },
      removeAttribute: (n: string) => attributes.delete(n),
    },
    body: null as unknown,
  };
  /** What the reader does: the event goes through the script's capture listeners, then the app. */
  const fire = (type: string, target: FakeElement, init: Record<string, unknown> = {}) => {
    const event = new FakeEvent(type, { ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init });
    event.target = target;
    for (const fn of listeners.get(type) ?? []) fn(event);
    if (!event.stopped && (type === 'click' || type === 'keydown'))
      received.push(`${type}:${target.name}${init.key ? `:${init.key as string}` : ''}`);
    return event;
  };
  const win = {
    document: doc,
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
    MouseEvent: FakeEvent,
    KeyboardEvent: FakeEvent,
  };
  for (const c of controls) {
    c.dispatchEvent = (event: FakeEvent) => {
      received.push(`${event.type}:${c.name}${event.key ? `:${event.key}` : ''}`);
    };
  }
  /** Runs the timers set so far (not those they set). */
  const runTimers = () => {
    for (const fn of timers.splice(0)) fn();
  };
  return { win, doc, fire, received, attributes, runTimers };
}

interface FakeElement extends ElementLike {
  name: string;
  isConnected: boolean;
  textContent: string;
  getAttribute(name: string): string | null;
  dispatchEvent?: (event: never) => void;
  [k: string]: unknown;
}

function control(name: string, tagName = 'BUTTON', extra: Partial<FakeElement> = {}): FakeElement {
  const el: FakeElement = {
    name,
    tagName,
    isConnected: true,
    textContent: name,
    disabled: false,
    getAttribute: () => null,
    hasAttribute: () => false,
    closest: (selector: string) => (selector === 'button' && tagName !== 'BUTTON' ? null : el),
    ...extra,
  };
  return el;
}

describe('early input: the head script', () => {
  it('is one self-contained expression', () => {
    const script = earlyInputScript(options);
    expect(() => new Function(script)).not.toThrow();
    expect(script).not.toMatch(/\b(require|import)\(/);
  });

  it('holds taps and the search keys until hydration, then hands each over once, in order', () => {
    const menu = control('menu');
    const copy = control('copy');
    const page = fakePage([menu, copy]);
    runInNewContext(earlyInputScript(options), { window: page.win, Date, JSON, Array, atob });

    const body = control('body', 'BODY', { closest: () => null });
    body.dispatchEvent = (event: { type: string; key?: string }) =>
      page.received.push(`${event.type}:body:${event.key}`);
    page.doc.body = body;
    expect(page.fire('click', menu).defaultPrevented).toBe(true);
    page.fire('keydown', body, { key: '/' });
    page.fire('keydown', body, { key: 's' });
    page.fire('keydown', body, { key: 'n' });
    page.fire('keydown', body, { key: 'Enter' });
    page.fire('click', copy);
    // Nothing reached the app; Enter is not typing, so the page had it at once.
    expect(page.received).toEqual(['keydown:body:Enter']);
    expect(page.attributes.get(PENDING_ATTRIBUTE)).toBe('5');

    page.doc.documentElement.setAttribute('data-has-hydrated', 'true');
    page.runTimers();
    expect(page.received).toEqual([
      'keydown:body:Enter',
      'click:menu',
      'keydown:body:/',
      'keydown:body:s',
      'keydown:body:n',
      'click:copy',
    ]);
    expect(page.attributes.has(PENDING_ATTRIBUTE)).toBe(false);

    // Once hydrated, the script is out of the way.
    page.fire('click', menu);
    expect(page.received.at(-1)).toBe('click:menu');
  });

  it('waits for a control the app enables after hydration, and skips one that changed meaning', () => {
    const login = control('Login', 'BUTTON', { disabled: true });
    const other = control('Feedback');
    const page = fakePage([login, other]);
    runInNewContext(earlyInputScript(options), { window: page.win, Date, JSON, Array, atob });
    page.fire('pointerdown', login, { isPrimary: true });
    page.fire('pointerup', login, { isPrimary: true });
    page.fire('click', other);
    other.textContent = 'Thanks';
    page.doc.documentElement.setAttribute('data-has-hydrated', 'true');
    page.runTimers();
    // The replay found Login still disabled and waits for it.
    expect(page.received).toEqual([]);
    page.runTimers();
    expect(page.received).toEqual([]);
    login.disabled = false;
    page.runTimers();
    expect(page.received).toEqual(['click:Login']);
  });

  it('replays a held Details summary only once React owns it, so it opens once', () => {
    // A summary still server HTML at hydration has no React props: a click there would toggle the
    // <details> behind React's back, and React would show it shut again.
    const summary = control('Show the example', 'SUMMARY');
    const page = fakePage([summary]);
    runInNewContext(earlyInputScript(options), { window: page.win, Date, JSON, Array, atob });
    expect(page.fire('click', summary).defaultPrevented).toBe(true);
    page.doc.documentElement.setAttribute('data-has-hydrated', 'true');
    page.runTimers();
    expect(page.received).toEqual([]);
    page.runTimers();
    expect(page.received).toEqual([]);
    summary.__reactProps$abc = { onClick: () => undefined };
    page.runTimers();
    expect(page.received).toEqual(['click:Show the example']);
    page.runTimers();
    expect(page.received).toEqual(['click:Show the example']);
  });

  it('drops a search the reader gave up on with Escape before it opened', () => {
    const menu = control('menu');
    const page = fakePage([menu]);
    runInNewContext(earlyInputScript(options), { window: page.win, Date, JSON, Array, atob });
    const body = control('body', 'BODY', { closest: () => null });
    body.dispatchEvent = (event: { type: string; key?: string }) =>
      page.received.push(`${event.type}:body:${event.key}`);
    page.doc.body = body;
    page.fire('click', menu);
    page.fire('keydown', body, { key: 's' });
    page.fire('keydown', body, { key: 'x' });
    page.fire('keydown', body, { key: 'Escape' });
    page.fire('keydown', body, { key: 'y' });
    page.doc.documentElement.setAttribute('data-has-hydrated', 'true');
    page.runTimers();
    // Escape and y reached the page at once (nothing held them); the click waited.
    expect(page.received).toEqual(['keydown:body:Escape', 'keydown:body:y', 'click:menu']);
  });

  it('does nothing on a page that has already hydrated', () => {
    const menu = control('menu');
    const page = fakePage([menu]);
    page.doc.documentElement.setAttribute('data-has-hydrated', 'true');
    runInNewContext(earlyInputScript(options), { window: page.win, Date, JSON, Array, atob });
    expect(page.fire('click', menu).defaultPrevented).toBe(false);
  });
});

describe('early input: configuration', () => {
  it('waits a bounded time for a control to be enabled', () => {
    expect(config.enableWaitMs).toBeGreaterThan(0);
    expect(config.hydrated).toBe('data-has-hydrated');
  });
});
