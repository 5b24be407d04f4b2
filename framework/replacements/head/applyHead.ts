// Writes a HeadState into the document the way react-helmet-async 1.3 does, so a page hydrated
// over server HTML that react-helmet-async wrote sees no change, and a client-side navigation
// replaces exactly what the previous page's <Head>s put there.
import { TAG_TYPES, type Attributes, type HeadState, type TagType } from './headState';

// react-helmet-async marks the tags it owns with this attribute (the server HTML's included); on
// <html>, <body> and <title> it lists the attributes it set, so it can remove them later.
const OWNED = 'data-rh';

function updateAttributes(element: Element | null | undefined, attributes: Attributes): void {
  if (!element) return;
  const owned = element.getAttribute(OWNED)?.split(',') ?? [];
  const names = Object.keys(attributes);
  for (const name of names) {
    const value = attributes[name] ?? '';
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
  for (const name of owned) if (!names.includes(name)) element.removeAttribute(name);
  if (names.length === 0) element.removeAttribute(OWNED);
  else if (element.getAttribute(OWNED) !== names.join(',')) element.setAttribute(OWNED, names.join(','));
}

function elementOf(document: Document, type: TagType, tag: Attributes): HTMLElement {
  const element = document.createElement(type);
  for (const [name, value] of Object.entries(tag)) {
    if (name === 'innerHTML') element.innerHTML = value ?? '';
    else if (name === 'cssText') element.appendChild(document.createTextNode(value ?? ''));
    else element.setAttribute(name, value ?? '');
  }
  element.setAttribute(OWNED, 'true');
  return element;
}

// Tags already in the head that equal a wanted one stay where they are (on hydration, all of
// them); the others go, and the missing ones are appended.
function updateTags(document: Document, type: TagType, tags: readonly Attributes[]): void {
  const head = document.head;
  const stale = Array.from(head.querySelectorAll(`${type}[${OWNED}]`));
  const added: HTMLElement[] = [];
  for (const tag of tags) {
    const element = elementOf(document, type, tag);
    const same = stale.findIndex((existing) => element.isEqualNode(existing));
    if (same === -1) added.push(element);
    else stale.splice(same, 1);
  }
  for (const element of stale) element.remove();
  for (const element of added) head.appendChild(element);
}

export function applyHead(document: Document, state: HeadState): void {
  updateAttributes(document.body, state.bodyAttributes);
  updateAttributes(document.documentElement, state.htmlAttributes);
  if (state.title !== undefined && document.title !== state.title) document.title = state.title;
  updateAttributes(document.querySelector('title'), state.titleAttributes);
  for (const type of TAG_TYPES) updateTags(document, type, state.tags[type]);
}
