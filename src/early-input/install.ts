// The early-input script's body: from the first byte of the page until the app has hydrated, a
// capture listener holds every tap and key the page cannot act on yet, then replays them to the
// app in order, each once (the bundle runs only after first paint, so React listens seconds late).
// Self-contained (only its parameters): script.ts builds the head script from its source text.
// Why: maintainers/decisions/2026-11-27-early-input.md
import type { EarlyInputConfig, ElementLike, KeyLike } from './rules';

export interface EarlyInputRules {
  heldControl(
    target: ElementLike | null,
    config: Pick<EarlyInputConfig, 'controls' | 'gatedLink'>,
    signedIn: () => boolean,
  ): ElementLike | null;
  disabledButton(target: ElementLike | null): ElementLike | null;
  isSearchShortcut(event: KeyLike): boolean;
  isTypingTarget(target: ElementLike | null): boolean;
  isTypingKey(event: KeyLike): boolean;
  hasAcceptedToken(token: string | null, config: EarlyInputConfig, nowMs: number): boolean;
}

/**
 * What the stand-ins (standins.ts, loaded by an async script in <head>) offer once attached: they
 * answer a tap or key at once, outside React's root, and hand their state to the app at hydration.
 */
export interface Standins {
  /** Answers a tap on `control` now; false leaves it held for the app. */
  click(control: Element): boolean;
  /** Answers a search shortcut, or a key typed after one, now; false leaves it held. */
  key(event: KeyLike): boolean;
  /** The app's own control for a control of a stand-in (to replay a held tap on), or null. */
  counterpart(control: Element): Element | null;
  /** At hydration: gives the app the state the reader left, removes the stand-ins, then `done`. */
  handover(done: () => void): void;
}

/** The window, with the constructors the script uses taken from it (a test passes stand-ins). */
export type EarlyInputWindow = Window & {
  MouseEvent: typeof MouseEvent;
  KeyboardEvent: typeof KeyboardEvent;
  MutationObserver: typeof MutationObserver;
};

export function installEarlyInput(win: EarlyInputWindow, config: EarlyInputConfig, rules: EarlyInputRules): void {
  const doc = win.document;
  const root = doc.documentElement;
  // The server HTML carries the attribute as "false"; the app sets it to "true" once hydrated.
  const hydrated = () => root.getAttribute(config.hydrated) === 'true';
  if (hydrated()) return;

  interface Held {
    kind: 'click' | 'keydown';
    target: Element;
    /** The control's name when it was tapped: a control that now says something else is skipped. */
    label: string;
    /** Its position among the page's controls, to find it should hydration have replaced it. */
    index: number;
    init: MouseEventInit & KeyboardEventInit;
  }
  const held: Held[] = [];
  // After a search shortcut, typing keys belong to the search box the shortcut opens.
  let typingForSearch = false;
  let pressed: Element | null = null;
  // True while the script dispatches a held event again: that one is for the app.
  let dispatching = false;
  let standins: Standins | null = null;

  // Its text: Login turns into Logout for a signed-in reader, while an icon button's aria-label may
  // change at hydration (the colour mode switch says "system mode" until then) without its meaning.
  const label = (el: Element) => (el.textContent ?? '').trim();
  const controls = () => Array.prototype.slice.call(doc.querySelectorAll(config.controls)) as Element[];
  const signedIn = () => {
    if (config.alwaysSignedIn) return true;
    try {
      return rules.hasAcceptedToken(win.localStorage.getItem(config.idTokenKey), config, Date.now());
    } catch {
      return false;
    }
  };
  const modifiers = (event: MouseEvent | KeyboardEvent) => ({
    ctrlKey: event.ctrlKey,
    shiftKey: event.shiftKey,
    altKey: event.altKey,
    metaKey: event.metaKey,
  });

  const hold = (event: Event, item: Held) => {
    event.preventDefault();
    // Nothing else may act on it now (React, from hydrateRoot on): it is dispatched again later.
    event.stopImmediatePropagation();
    held.push(item);
    root.setAttribute(config.pending, String(held.length));
  };
  const holdClick = (event: MouseEvent, control: Element) =>
    hold(event, {
      kind: 'click',
      target: control,
      label: label(control),
      index: controls().indexOf(control),
      init: { ...modifiers(event), button: event.button, detail: event.detail },
    });

  // A stand-in that throws answers nothing: the tap is held, as before the stand-ins loaded.
  const ask = (question: () => boolean) => {
    try {
      return question();
    } catch {
      return false;
    }
  };
  // A stand-in answers at once; what it cannot answer is held, as before it loaded.
  const answered = (event: Event, control: Element) => {
    if (!standins || !ask(() => standins!.click(control))) return false;
    event.preventDefault();
    event.stopImmediatePropagation();
    return true;
  };
  const onClick = (event: MouseEvent) => {
    if (dispatching) return;
    const control = rules.heldControl(event.target as Element | null, config, signedIn) as Element | null;
    if (control && !answered(event, control)) holdClick(event, control);
  };
  // A disabled button (the colour mode switch, until hydration) gets pointer events
  // but no click: a press and release on the same one is the reader's click.
  const onPointerDown = (event: PointerEvent) => {
    pressed = rules.disabledButton(event.target as Element | null) as Element | null;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (dispatching) return;
    const button = rules.disabledButton(event.target as Element | null) as Element | null;
    if (button && button === pressed && event.isPrimary && !answered(event, button)) holdClick(event, button);
    pressed = null;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (dispatching) return;
    const target = event.target as Element;
    const item = (): Held => ({
      kind: 'keydown',
      target,
      label: '',
      index: -1,
      init: { ...modifiers(event), key: event.key, code: event.code, repeat: event.repeat },
    });
    if (typingForSearch && event.key === 'Escape') {
      // The reader gave up on the search before it opened: drop it, and what was typed for it.
      typingForSearch = false;
      let start = held.length - 1;
      while (start >= 0 && !(held[start].kind === 'keydown' && rules.isSearchShortcut(held[start].init as KeyLike))) {
        start--;
      }
      held.splice(start < 0 ? held.length : start);
      if (held.length > 0) root.setAttribute(config.pending, String(held.length));
      else root.removeAttribute(config.pending);
    } else if (typingForSearch) {
      if (rules.isTypingKey(event)) hold(event, item());
    } else if (rules.isSearchShortcut(event) && !rules.isTypingTarget(target)) {
      if (standins && ask(() => standins!.key(event))) {
        // The stand-in's box has focus: what follows is typed into it natively.
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
      hold(event, item());
      typingForSearch = true;
    }
  };

  const listeners: [string, EventListener][] = [
    ['click', onClick as EventListener],
    ['pointerdown', onPointerDown as EventListener],
    ['pointerup', onPointerUp as EventListener],
    ['keydown', onKeyDown as EventListener],
  ];
  for (const [type, listener] of listeners) doc.addEventListener(type, listener, true);

  const dispatch = (item: Held, target: Element) => {
    const init = { bubbles: true, cancelable: true, composed: true, view: win, ...item.init };
    dispatching = true;
    try {
      target.dispatchEvent(
        item.kind === 'click' ? new win.MouseEvent('click', init) : new win.KeyboardEvent('keydown', init),
      );
    } finally {
      dispatching = false;
    }
  };

  // Dispatches the held events in order; a control still disabled (its state is set by an effect
  // right after hydration) is waited for, briefly, before the rest. The listeners stay until the
  // queue is empty, so a tap given meanwhile is held behind the earlier ones, and go in the same
  // task as the last dispatch, so no event falls between the script and the app.
  const replay = (from: number, waitedMs: number) => {
    for (let i = from; i < held.length; i++) {
      const item = held[i];
      if (item.kind === 'keydown') {
        dispatch(item, item.target.isConnected ? item.target : doc.body);
        continue;
      }
      let target: Element | null | undefined = item.target;
      if (!target.isConnected) target = (standins && standins.counterpart(item.target)) || controls()[item.index];
      if (!target || label(target) !== item.label) continue;
      // The theme's Details is a lazy component, hydrated once its chunk is in: a summary clicked
      // before has no React props, and only the browser acts (it opens the <details> behind
      // React's back, which then shows it shut). It is waited for, as a disabled control is.
      const unhydrated =
        target.tagName === 'SUMMARY' && !Object.keys(target).some((key) => key.indexOf('__reactProps$') === 0);
      const disabled = (target as HTMLButtonElement).disabled;
      if (disabled || unhydrated) {
        if (waitedMs < config.enableWaitMs) {
          win.setTimeout(() => replay(i, waitedMs + 50), 50);
          return;
        }
        if (disabled) continue;
      }
      dispatch(item, target);
    }
    held.length = 0;
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener, true);
    root.removeAttribute(config.pending);
  };

  // The stand-ins answer, in order, what was held before they loaded, up to the first they cannot.
  // Returns how the stand-ins pass an event of their own (at hand-over) to the app, unheld.
  const pass = (send: () => void) => {
    dispatching = true;
    try {
      send();
    } finally {
      dispatching = false;
    }
  };
  const attach = (offered: Standins) => {
    if (standins || hydrated()) return null;
    standins = offered;
    let i = 0;
    while (
      i < held.length &&
      ask(() => (held[i].kind === 'click' ? offered.click(held[i].target) : offered.key(held[i].init as KeyLike)))
    )
      i++;
    held.splice(0, i);
    typingForSearch = typingForSearch && held.length > 0;
    if (held.length > 0) root.setAttribute(config.pending, String(held.length));
    else root.removeAttribute(config.pending);
    return pass;
  };
  (win as unknown as Record<string, unknown>)[config.hook] = { attach };

  const observer = new win.MutationObserver(() => {
    if (!hydrated()) return;
    observer.disconnect();
    // After the task that hydrated: the app's effects (its key listeners among them) have run.
    // The stand-ins hand over first (the state the reader left), then the held taps replay.
    win.setTimeout(() => {
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        replay(0, 0);
      };
      if (!standins) return start();
      // Pending until the hand-over is done: the app's menu may need a moment to render. A
      // hand-over that throws or never ends must not leave every tap held.
      root.setAttribute(config.pending, String(held.length));
      win.setTimeout(start, config.enableWaitMs + 2000);
      if (!ask(() => (standins!.handover(start), true))) start();
    }, 0);
  });
  observer.observe(root, { attributes: true, attributeFilter: [config.hydrated] });
}
