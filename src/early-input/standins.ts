// Stand-ins: the chrome a reader taps first answers before the app hydrates. The mobile menu,
// the search box, colour mode and Copy page are built from the server HTML, outside React's root,
// with the theme's classes, and handed to the app at hydration. An async script in <head>
// (plugins/early-input) attaches them to the inline script, which holds what they do not answer.
// Why: maintainers/decisions/2026-11-27-early-input-standins.md
import type { Standins } from './install';
import { isSearchShortcut, type KeyLike } from './rules';
import {
  STANDIN_ATTRIBUTE,
  STANDIN_COPY_EVENT,
  STANDIN_HANDED_OVER,
  STANDIN_OPENER,
  type StandinCopyResult,
} from './standinAttribute';

const HOOK = '__veriqEarlyInput';
const COLOUR_TOGGLE = 'button[aria-label^="Switch between dark and light mode"]';
const SEARCH_BUTTON = 'button[aria-keyshortcuts]';
const CARET = 'a.menu__link--sublist-caret';
const CONFIRMATION_MS = 4000;

const doc = document;
const html = doc.documentElement;
const q = <T extends Element = HTMLElement>(selector: string, from: ParentNode = doc) =>
  from.querySelector<T>(selector);
const qa = (selector: string, from: ParentNode = doc) => Array.from(from.querySelectorAll<HTMLElement>(selector));
const label = (el: Element) => (el.textContent ?? '').trim();
const appRoot = () => doc.getElementById('__docusaurus');
const appNav = () => q('#__docusaurus nav.navbar');

function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  for (const name of Object.keys(attrs)) el.setAttribute(name, attrs[name]);
  el.append(...children);
  return el;
}

// The look the theme gives these with classes the stand-ins reuse; only what a native <dialog>
// brings of its own is reset here (the CSS purge cannot see this script, so no rule in custom.css).
const STYLE =
  `dialog[${STANDIN_ATTRIBUTE}]{margin:0;padding:0;border:0;background:none;color:inherit;max-width:none;max-height:none;width:100%;height:100%;overflow:visible}` +
  `dialog[${STANDIN_ATTRIBUTE}]::backdrop{background:none}` +
  `dialog[${STANDIN_ATTRIBUTE}=search],dialog[${STANDIN_ATTRIBUTE}=access]{width:min(44rem,calc(100vw - 2rem));height:auto;bottom:auto;margin:8vh auto auto;padding:1.5rem 1.5rem 1rem;border-radius:var(--ifm-global-radius);background:var(--ifm-background-surface-color);box-shadow:var(--ifm-global-shadow-tl)}` +
  `dialog[${STANDIN_ATTRIBUTE}=search]::backdrop,dialog[${STANDIN_ATTRIBUTE}=access]::backdrop{background:rgba(0,0,0,.6)}` +
  `dialog[${STANDIN_ATTRIBUTE}=access]{width:min(28rem,calc(100vw - 2rem));margin-top:20vh;padding:1.5rem}` +
  `[${STANDIN_ATTRIBUTE}] h2{font-size:1.25rem;margin:0 0 1rem}` +
  // The 🔒 from the one-glyph font the site's stylesheet declares (src/guide-gate/AccessModal.module.css).
  `[${STANDIN_ATTRIBUTE}=access] h2{font-family:"Veriq Lock",var(--ifm-heading-font-family);font-size:1.35rem;margin:0 0 .75rem}` +
  `[${STANDIN_ATTRIBUTE}] [aria-label=Close]{float:right;font-size:1.5rem;line-height:1;padding:0 .25rem;color:inherit}` +
  `[${STANDIN_ATTRIBUTE}=search] input{width:100%;font:inherit;font-size:1rem;padding:.5rem .75rem;border:1px solid var(--ifm-color-emphasis-400);border-radius:var(--ifm-global-radius);background:var(--ifm-background-color);color:var(--ifm-font-color-base)}` +
  `[${STANDIN_ATTRIBUTE}=status]{position:fixed;left:50%;bottom:1rem;transform:translateX(-50%);width:max-content;max-width:calc(100vw - 2rem);z-index:1000;padding:.5rem 1rem;border-radius:var(--ifm-global-radius);background:var(--ifm-color-emphasis-800);color:var(--ifm-color-emphasis-0);box-shadow:var(--ifm-global-shadow-md)}` +
  // Empty, it stays in the accessibility tree (clipped, not display:none), so that its text is announced.
  `[${STANDIN_ATTRIBUTE}=status]:empty{clip-path:inset(50%);width:1px;height:1px;overflow:hidden;padding:0;box-shadow:none}` +
  // A Copy page confirmation is PageActions' SwapLabel, "Copy page" then "Copied" (two spans in
  // one grid cell), as in the app, keyed to the status region outside the root so that nothing
  // React hydrates changes; the region's text is only heard. Without :has(), it shows as a toast.
  `@supports selector(:has(a)){[${STANDIN_ATTRIBUTE}=status][data-state=copied]{clip-path:inset(50%);width:1px;height:1px;overflow:hidden;padding:0;box-shadow:none}` +
  `body:has(>[${STANDIN_ATTRIBUTE}=status][data-state=copied]) [aria-label="Page actions"]>:first-child>span>span{visibility:hidden}` +
  `body:has(>[${STANDIN_ATTRIBUTE}=status][data-state=copied]) [aria-label="Page actions"]>:first-child>span>:last-child{visibility:visible}}`;

let styled = false;
function add<T extends HTMLElement>(el: T): T {
  if (!styled) {
    styled = true;
    doc.head.append(make('style', { [STANDIN_ATTRIBUTE]: 'style' }, STYLE));
  }
  doc.body.append(el);
  return el;
}

// ---- The mobile menu: the theme's Navbar/MobileSidebar, from the navbar and doc sidebar in the page.

interface Menu {
  dialog: HTMLDialogElement;
  items: HTMLElement;
  panels: HTMLElement[];
  secondary: boolean;
}
let menu: Menu | null = null;

/** The theme's mobile navbar item for a desktop one (DefaultNavbarItem with `mobile`). */
function mobileItem(item: HTMLElement): HTMLElement | null {
  if (item.tagName === 'A') {
    const link = item.cloneNode(true) as HTMLElement;
    link.className = item.classList.contains('navbar__link--active') ? 'menu__link menu__link--active' : 'menu__link';
    return make('li', { class: 'menu__list-item' }, link);
  }
  if (!item.classList.contains('navbar__item')) return null;
  // The padding of src/components/NavbarItemShell's `mobile` class, whose hashed name the server
  // HTML does not carry.
  const shell = make(
    'div',
    { class: 'menu__list-item', style: 'padding:.5rem var(--ifm-menu-link-padding-horizontal)' },
    ...Array.from(item.cloneNode(true).childNodes),
  );
  for (const kbd of qa('kbd', shell)) kbd.remove();
  return shell;
}

function buildMenu(): Menu | null {
  const nav = appNav();
  if (!nav) return null;
  const brand = make('div', { class: 'navbar-sidebar__brand' });
  const logo = q('.navbar__brand', nav);
  if (logo) brand.append(logo.cloneNode(true));
  const toggle = q(COLOUR_TOGGLE, nav);
  if (toggle?.parentElement) {
    const wrap = toggle.parentElement.cloneNode(true) as HTMLElement;
    wrap.className = `${toggle.parentElement.classList[0]} margin-right--md`;
    const button = q(COLOUR_TOGGLE, wrap)!;
    button.removeAttribute('disabled');
    labelColour(button, html.getAttribute('data-theme') ?? 'light');
    button.className =
      'clean-btn ' +
      Array.from(toggle.classList)
        .filter((c) => /^toggleButton_/.test(c))
        .join(' ');
    brand.append(wrap);
  }
  const close = make('button', {
    type: 'button',
    'aria-label': 'Close navigation bar',
    class: 'clean-btn navbar-sidebar__close',
  });
  close.innerHTML =
    '<svg viewBox="0 0 15 15" width="21" height="21"><g stroke="var(--ifm-color-emphasis-600)" stroke-width="1.2"><path d="M.75.75l13.5 13.5M14.25.75L.75 14.25"></path></g></svg>';
  brand.append(close);

  const primary = make('ul', { class: 'menu__list' });
  for (const item of qa('.navbar__inner .navbar__item', nav)) {
    const mobile = mobileItem(item);
    if (mobile) primary.append(mobile);
  }
  const back = make('button', { type: 'button', class: 'clean-btn navbar-sidebar__back' }, '← Back to main menu');
  const secondaryContent: Node[] = [back];
  const sidebar = q('#__docusaurus nav.menu ul.theme-doc-sidebar-menu');
  if (sidebar) {
    const list = sidebar.cloneNode(true) as HTMLElement;
    // Hydrated, a category without a page of its own points nowhere; its first page is in the HTML.
    for (const caret of qa(CARET, list)) caret.setAttribute('href', '#');
    secondaryContent.push(list);
  }
  const panel = (...children: Node[]) =>
    make('div', { class: 'theme-layout-navbar-sidebar-panel navbar-sidebar__item menu' }, ...children);
  const panels = [panel(primary), panel(...secondaryContent)];
  const items = make('div', { class: 'navbar-sidebar__items' }, ...panels);
  const dialog = make(
    'dialog',
    { [STANDIN_ATTRIBUTE]: 'menu', class: 'navbar-sidebar--show', 'aria-label': 'Main' },
    make('div', { role: 'presentation', class: 'navbar-sidebar__backdrop' }),
    make('div', { class: 'theme-layout-navbar-sidebar navbar-sidebar' }, brand, items),
  );
  // A tap beside the panel closes the menu, as the theme's backdrop does; Escape too (cancel).
  dialog.addEventListener('click', (event) => {
    if ((event.target as Element).classList.contains('navbar-sidebar__backdrop')) closeMenu();
  });
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    closeMenu();
  });
  const built: Menu = { dialog, items, panels, secondary: false };
  // As the theme does: a page with a doc sidebar opens the menu on it.
  showPanel(built, sidebar !== null);
  return built;
}

function showPanel(m: Menu, secondary: boolean): true {
  m.secondary = secondary;
  m.items.classList.toggle('navbar-sidebar__items--show-secondary', secondary);
  m.panels[0].inert = secondary;
  m.panels[1].inert = !secondary;
  return true;
}

const appToggle = () => q<HTMLButtonElement>('#__docusaurus button.navbar__toggle');

function openMenu(): boolean {
  menu ??= buildMenu();
  if (!menu) return false;
  if (!menu.dialog.isConnected) add(menu.dialog);
  if (!menu.dialog.open) menu.dialog.showModal();
  appToggle()?.setAttribute('aria-expanded', 'true');
  doc.body.style.overflow = 'hidden';
  return true;
}

function closeMenu(): true {
  if (menu?.dialog.open) menu.dialog.close();
  const toggle = appToggle();
  toggle?.setAttribute('aria-expanded', 'false');
  toggle?.focus();
  doc.body.style.overflow = '';
  return true;
}

function toggleCategory(caret: HTMLElement): boolean {
  const item = caret.closest('li');
  const list = item && q(':scope > ul', item);
  // Collapsed categories have no items in the server HTML: that tap is held for the app.
  if (!item || !list) return false;
  const expand = caret.getAttribute('aria-expanded') !== 'true';
  caret.setAttribute('aria-expanded', String(expand));
  item.classList.toggle('menu__list-item--collapsed', !expand);
  list.style.display = expand ? '' : 'none';
  return true;
}

// ---- Colour mode: the attributes and storage key the theme's ColorModeProvider reads at mount.

function toggleColour(): true {
  const next = html.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
  html.setAttribute('data-theme', next);
  html.setAttribute('data-theme-choice', next);
  try {
    localStorage.setItem('theme', next);
  } catch {
    // Private mode: the mode holds for this page, as the theme's own switch does there.
  }
  for (const button of qa(COLOUR_TOGGLE)) labelColour(button, next);
  return true;
}

/** The theme's name for its switch in a mode (the server HTML says "system mode" until hydration). */
function labelColour(button: HTMLElement, mode: string): void {
  button.setAttribute('aria-label', `Switch between dark and light mode (currently ${mode} mode)`);
  button.title = `${mode} mode`;
}

// ---- Search: a native modal <dialog> whose box takes typing at once.

let search: HTMLDialogElement | null = null;
const searchInput = () => (search ? q<HTMLInputElement>('input', search) : null);

/** Where the app's dialog that takes over from `dialog` returns focus (src/early-input/handover.ts). */
function remember(dialog: HTMLDialogElement, opener: () => Element | null): void {
  (dialog as unknown as Record<string, () => Element | null>)[STANDIN_OPENER] = opener;
}

function openSearch(): true {
  if (search?.open) return true;
  const input = make('input', {
    type: 'search',
    'aria-label': 'Search the documentation',
    placeholder: 'Search the documentation',
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: '200',
    autofocus: '',
  });
  search = add(
    make(
      'dialog',
      { [STANDIN_ATTRIBUTE]: 'search', 'aria-labelledby': 'early-search-title' },
      make('button', { type: 'button', class: 'clean-btn', 'aria-label': 'Close' }, '×'),
      make('h2', { id: 'early-search-title' }, 'Search'),
      make('div', { role: 'search' }, input),
    ),
  );
  const opened = search;
  // As the app's shortcut does, focus goes back to the Search button when the box closes.
  const button = q<HTMLElement>(`#__docusaurus nav.navbar ${SEARCH_BUTTON}`);
  button?.focus();
  remember(opened, () => button);
  // A tap on the backdrop lands on the <dialog> itself and closes it, as the app's does.
  opened.addEventListener('click', (event) => {
    if (event.target === opened) opened.close();
  });
  opened.addEventListener('close', () => {
    opened.remove();
    if (search === opened) search = null;
  });
  input.addEventListener('keydown', (event) => {
    // Enter has no results to pick yet: the box keeps the query for the app. Escape closes the
    // dialog, as the app's does (a search box's own Escape only clears the text).
    if (event.key === 'Enter') event.preventDefault();
    if (event.key === 'Escape') {
      event.preventDefault();
      opened.close();
    }
  });
  opened.showModal();
  input.focus();
  return true;
}

/** The open box, focused with the caret at its end: keys typed next reach it natively. */
function focusSearchBox(): boolean {
  const input = searchInput();
  if (!input) return false;
  if (doc.activeElement !== input) {
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }
  return true;
}

/**
 * A key for the open box that did not reach it natively (one held before the stand-ins loaded,
 * or '/' or 's' with focus on the dialog's Close button), typed into it (src/search/typeahead.ts rule).
 */
function typeKey(event: KeyLike): boolean {
  const input = searchInput();
  if (!input || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.key === 'Backspace') input.value = input.value.slice(0, -1);
  else if (Array.from(event.key).length === 1) input.value += event.key;
  else return false;
  return focusSearchBox();
}

// ---- A signed-out reader's gated navbar link: the access modal's stand-in (src/guide-gate/AccessModal).

let access: HTMLDialogElement | null = null;
let accessLink: Element | null = null;

function openAccess(link: Element): true {
  accessLink = link;
  if (access?.open) return true;
  const opened = add(
    make(
      'dialog',
      {
        [STANDIN_ATTRIBUTE]: 'access',
        'aria-labelledby': 'early-access-title',
        'aria-describedby': 'early-access-text',
      },
      make('button', { type: 'button', class: 'clean-btn', 'aria-label': 'Close' }, '×'),
      make('h2', { id: 'early-access-title' }, '🔒 Access Restricted'),
      make('p', { id: 'early-access-text' }, 'You must be logged in to access this section.'),
      // Focus on Login, the one action that helps; its tap is held for the app (sign-in needs it).
      make('button', { type: 'button', class: 'button button--primary', autofocus: '' }, 'Login'),
    ),
  );
  access = opened;
  // A link in the stand-in menu is gone after the hand-over: the app's menu has its twin.
  remember(opened, () => (link.isConnected ? link : inAppMenu(link)));
  opened.addEventListener('close', () => {
    opened.remove();
    if (access === opened) access = null;
  });
  // A tap on the backdrop lands on the <dialog> itself and closes it, as the app's does.
  opened.addEventListener('click', (event) => {
    if (event.target === opened) opened.close();
  });
  opened.showModal();
  return true;
}

// ---- Copy page: the page's Markdown twin to the clipboard, answered as the app answers it
// (src/reader/PageActions.tsx): the button's label says "Copied" 4 s, a role="status" region says
// so to screen readers, and a refusal is said in sight. The result goes to the app at hydration.

let status: HTMLElement | null = null;
let handedOver = false;
// From the hand-over on, a new search, mode, copy or access tap is held for the app: a stand-in
// opened now would be left out of the hand-over already under way.
let handingOver = false;
let statusTimer = 0;
// The last tap's copy once it has settled, until its confirmation ends or the app takes it.
let copied: {
  kind: 'copied' | 'refused';
  twin: string;
  markdown: string | null;
  at: number;
  control: Element | null;
} | null = null;
let copyTap = 0;

function clearStatus(): void {
  clearTimeout(statusTimer);
  status?.remove();
  status = null;
}

/** Gives the app the settled copy's result, with the time its confirmation has left. */
function deliverCopy(): void {
  if (!copied) return;
  const { kind, twin, markdown, at, control } = copied;
  copied = null;
  const ms = CONFIRMATION_MS - (Date.now() - at);
  if (kind === 'copied' && ms <= 0) return;
  // Focus moves to the offered Markdown only if the reader has not moved on meanwhile.
  const active = doc.activeElement;
  const detail: StandinCopyResult =
    kind === 'copied'
      ? { kind, twin, ms, said: status !== null }
      : { kind, twin, markdown, select: !active || active === doc.body || active === control };
  doc.dispatchEvent(new CustomEvent(STANDIN_COPY_EVENT, { detail }));
}

function settleCopy(
  tap: number,
  twin: string,
  kind: 'copied' | 'refused',
  markdown: string | null,
  control: Element | null,
): void {
  if (tap !== copyTap) return;
  copied = { kind, twin, markdown, at: Date.now(), control };
  if (handedOver) return deliverCopy();
  if (!status?.isConnected) return;
  status.setAttribute('data-state', kind);
  status.textContent =
    kind === 'copied'
      ? 'Page copied to the clipboard as Markdown.'
      : markdown === null
        ? 'The Markdown could not be loaded. Use View as Markdown instead.'
        : 'Your browser did not allow copying. Once the page has loaded, the Markdown is offered under Copy page for copying.';
  // A refusal stays in sight until the app offers the Markdown; a confirmation ends after 4 s.
  if (kind === 'copied')
    statusTimer = window.setTimeout(() => {
      clearStatus();
      copied = null;
    }, CONFIRMATION_MS);
}

function copyPage(control: Element): boolean {
  const twin = q('link[rel="alternate"][type="text/markdown"]')?.getAttribute('href');
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!twin || !clipboard) return false;
  const tap = ++copyTap;
  copied = null;
  // The region is in the page before its text changes, so a screen reader announces the change.
  clearStatus();
  status = add(make('div', { [STANDIN_ATTRIBUTE]: 'status', role: 'status' }));
  const markdown = fetch(twin, { credentials: 'same-origin' }).then((response) =>
    response.ok ? response.text() : Promise.reject(new Error(String(response.status))),
  );
  markdown.catch(() => undefined);
  // Inside the tap's user activation (Safari): a promised blob, as src/reader/copyPage.ts does.
  const written =
    typeof ClipboardItem !== 'undefined' && typeof clipboard.write === 'function'
      ? clipboard.write([
          new ClipboardItem({ 'text/plain': markdown.then((text) => new Blob([text], { type: 'text/plain' })) }),
        ])
      : markdown.then((text) => clipboard.writeText(text));
  written.then(
    () => settleCopy(tap, twin, 'copied', null, control),
    () =>
      markdown.then(
        (text) => settleCopy(tap, twin, 'refused', text, control),
        () => settleCopy(tap, twin, 'refused', null, control),
      ),
  );
  return true;
}

// ---- Hand-over: the app takes the state the reader left, once, in order; then no stand-in is left.

/**
 * Calls `then` with what `find` returns once it returns something, checked after each change of
 * the page (10 s at most): in the microtask after the app's change, so the stand-in goes in the
 * same task as the app's own control shows, and no tap or key falls between them.
 */
function waitFor<T>(find: () => T | null, then: (found: T | null) => void): void {
  const done = (found: T | null) => {
    observer.disconnect();
    clearTimeout(timer);
    then(found);
  };
  const observer = new MutationObserver(() => {
    const found = find();
    if (found) done(found);
  });
  const timer = setTimeout(() => done(find()), 10_000);
  const found = find();
  if (found) return done(found);
  observer.observe(html, { subtree: true, childList: true, attributes: true });
}

// How a click of the hand-over reaches the app past the inline script (set when attached).
let pass: (send: () => void) => void = (send) => send();
const click = (el: Element | null) =>
  pass(() =>
    el?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window })),
  );

/** The element of the app's open menu that stands where `el` stands in the stand-in menu. */
function inAppMenu(el: Element): Element | null {
  const appMenu = q('#__docusaurus .navbar-sidebar');
  if (!appMenu) return null;
  const selector = el.matches(CARET) ? CARET : el.tagName.toLowerCase();
  const name = label(el) || el.getAttribute('aria-label');
  return qa(selector, appMenu).find((c) => (label(c) || c.getAttribute('aria-label')) === name) ?? null;
}

function handMenuOver(then: () => void): void {
  const m = menu;
  if (!m?.dialog.open) return then();
  const toggle = appToggle();
  // The app's menu renders once it knows the window is a phone's (a transition after hydration).
  if (!q('#__docusaurus .navbar-sidebar--show')) click(toggle);
  // With a doc sidebar, the theme shows its panel once the sidebar is registered (an effect later).
  const sidebar = q('ul.theme-doc-sidebar-menu', m.dialog) !== null;
  waitFor(
    () => {
      const appMenu = q('#__docusaurus .navbar-sidebar--show .navbar-sidebar');
      return appMenu && (!sidebar || q('.navbar-sidebar__items--show-secondary ul.theme-doc-sidebar-menu', appMenu))
        ? appMenu
        : null;
    },
    (appMenu) => {
      if (appMenu && !m.dialog.open) {
        // The reader closed the stand-in while the app's menu was on its way: close that too.
        click(q('.navbar-sidebar__close', appMenu));
      } else if (appMenu) {
        const appSecondary = q('.navbar-sidebar__items--show-secondary', appMenu) !== null;
        if (appSecondary && !m.secondary) click(q('.navbar-sidebar__back', appMenu));
        for (const caret of qa(CARET, m.dialog)) {
          const own = inAppMenu(caret);
          if (own && own.getAttribute('aria-expanded') !== caret.getAttribute('aria-expanded')) click(own);
        }
        const focused = m.dialog.contains(doc.activeElement) ? doc.activeElement : null;
        // Each panel scrolls on its own (Infima's .menu); the menu's frame too, should a theme
        // version scroll it instead.
        const scrollers = (sidebar: Element) => [sidebar, ...qa('.navbar-sidebar__item', sidebar)];
        const scrolls = scrollers(q('.navbar-sidebar', m.dialog) ?? m.dialog).map((el) => el.scrollTop);
        m.dialog.close();
        m.dialog.remove();
        scrollers(appMenu).forEach((el, i) => (el.scrollTop = scrolls[i] ?? 0));
        const target = focused && inAppMenu(focused);
        (target as HTMLElement | null)?.focus({ preventScroll: true });
      } else {
        // No app menu (the window is a desktop's now): undo the click, and the stand-in's marks.
        if (q('#__docusaurus .navbar-sidebar--show')) click(toggle);
        closeMenu();
        m.dialog.remove();
      }
      menu = null;
      then();
    },
  );
}

function handAccessOver(then: () => void): void {
  const standin = access;
  if (!standin?.open) return then();
  const appModal = () => q('#__docusaurus dialog[open] #access-modal-title');
  if (!appModal()) {
    const name = accessLink ? label(accessLink) : '';
    click(qa('#__docusaurus nav.navbar a[data-gated-link]').find((a) => label(a) === name) ?? null);
  }
  waitFor(appModal, (found) => {
    // The reader closed the stand-in (Escape) while the app's was on its way: the app's closes too.
    if (found && !standin.open) click(q('#__docusaurus dialog[open] button[aria-label="Close"]'));
    standin.close();
    then();
  });
}

function handSearchOver(then: () => void): void {
  const box = searchInput();
  if (!search?.open || !box) return then();
  const standin = search;
  const finish = (own: HTMLInputElement | null) => {
    observer.disconnect();
    clearTimeout(timer);
    const [start, end] = [box.selectionStart, box.selectionEnd];
    // The reader closed the box (Escape) while the app's was on its way: the app's closes too.
    if (own && !standin.open) {
      pass(() => own.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })));
      // React renders that close in a microtask: a held shortcut replayed before it would find
      // the app's dialog still open and be ignored.
      setTimeout(then, 0);
      return;
    }
    // Not the reader's close: the typeahead the app took from this box goes on until its box
    // takes it (handover.ts). Without the app's box (10 s passed), typing is let go.
    if (own) standin.close(STANDIN_HANDED_OVER);
    else standin.close();
    if (own) {
      own.focus();
      // The caret where the reader left it, unless typing went on elsewhere meanwhile.
      if (own.value === box.value) own.setSelectionRange(start, end);
    }
    then();
  };
  const find = () => q<HTMLInputElement>('#__docusaurus dialog[open] input[type="search"]');
  // In the microtask after the app's showModal(), before any further key: the app's dialog
  // takes focus itself first, and a key typed at it would be lost.
  const observer = new MutationObserver(() => {
    const own = find();
    if (own) finish(own);
  });
  // The app's dialog may open before its box mounts: both changes are watched.
  observer.observe(appRoot()!, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  const timer = setTimeout(() => finish(find()), 10_000);
  // The app's SearchButton takes the stand-in's text as what was typed before its box
  // (src/early-input/handover.ts); keys typed until its dialog opens still go to this box.
  click(q(`#__docusaurus nav.navbar ${SEARCH_BUTTON}`));
}

const standins: Standins = {
  click(control) {
    if (control.matches('button.navbar__toggle') && appRoot()?.contains(control)) return !handingOver && openMenu();
    if (menu?.dialog.contains(control)) {
      if (control.classList.contains('navbar-sidebar__close')) return closeMenu();
      if (control.classList.contains('navbar-sidebar__back')) return showPanel(menu, false);
      if (control.matches(CARET)) return toggleCategory(control as HTMLElement);
    }
    const dialog = control.closest<HTMLDialogElement>(`dialog[${STANDIN_ATTRIBUTE}]`);
    if (dialog && dialog !== menu?.dialog && control.getAttribute('aria-label') === 'Close')
      return (dialog.close(), true);
    if (access?.contains(control) || handingOver) return false;
    // Only a signed-out reader's tap reaches here (the inline script lets a signed-in one through).
    if (control.matches('a[data-gated-link]')) return openAccess(control);
    if (control.matches(COLOUR_TOGGLE)) return toggleColour();
    if (control.matches(SEARCH_BUTTON)) return openSearch();
    // Its label is "Copy page" and the hidden "Copied" (src/reader/PageActions.tsx).
    if (label(control).startsWith('Copy page') && control.closest('[role="group"]')) return copyPage(control);
    return false;
  },
  key(event) {
    if (handingOver) return false;
    if (!search?.open) return isSearchShortcut(event) && openSearch();
    // Ctrl+K in the open box's dialog, focus elsewhere in it (its Close button): back to the box.
    return typeKey(event) || (isSearchShortcut(event) && focusSearchBox());
  },
  counterpart(control) {
    if (control.closest(`[${STANDIN_ATTRIBUTE}="access"]`)) {
      return qa('#__docusaurus dialog[open] button').find((b) => label(b) === label(control)) ?? null;
    }
    return control.closest(`[${STANDIN_ATTRIBUTE}]`) ? inAppMenu(control) : null;
  },
  handover(done) {
    handingOver = true;
    handMenuOver(() =>
      handSearchOver(() =>
        handAccessOver(() => {
          handedOver = true;
          // The app shows a settled copy's result from now on; one still under way, when it settles.
          // A confirmation said already stays said (the region keeps its text, out of sight, its
          // 4 s), so that the app's region does not say it twice.
          const said = copied?.kind === 'copied' ? status : null;
          if (said) {
            said.removeAttribute('data-state');
            said.style.cssText = 'position:fixed;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)';
          } else clearStatus();
          deliverCopy();
          for (const el of qa(`[${STANDIN_ATTRIBUTE}]`)) if (el !== said) el.remove();
          done();
        }),
      ),
    );
  },
};

type Pass = (send: () => void) => void;
const hook = (window as unknown as Record<string, { attach(s: Standins): Pass | null } | undefined>)[HOOK];
// Without modal dialogs (Safari before 15.4) the stand-ins stay out: taps are held, as before.
const dialogs = typeof HTMLDialogElement === 'function' && 'showModal' in HTMLDialogElement.prototype;
pass = (dialogs && hook?.attach(standins)) || pass;
