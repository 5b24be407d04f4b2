// The app's side of the stand-ins' hand-over (src/early-input/standins.ts): what the reader typed
// into the stand-in search box before hydration becomes the app's typeahead, so the app's box
// opens with it. Keys typed into that box go on reaching it until the app's box takes over; keys
// typed anywhere else meanwhile (the app's dialog opens, and takes focus, before its box mounts)
// are captured and follow, as src/search/typeahead.ts does.
import { typedText, type Typeahead } from '../search/typeahead';
import {
  STANDIN_ATTRIBUTE,
  STANDIN_COPY_EVENT,
  STANDIN_HANDED_OVER,
  STANDIN_OPENER,
  type StandinCopyResult,
} from './standinAttribute';

const CAPTURE = { capture: true } as const;

/** The open stand-in search box as a typeahead, or null when there is none. */
export function standinTypeahead(
  doc: Pick<Document, 'querySelector' | 'addEventListener' | 'removeEventListener'>,
): Typeahead | null {
  const box = doc.querySelector<HTMLInputElement>(`dialog[${STANDIN_ATTRIBUTE}="search"][open] input`);
  if (!box) return null;
  let text = box.value;
  let taken = false;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target === box) return;
    const next = typedText(text, event);
    if (next === null) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    text = next;
  };
  // Typing in the box changes its value natively; focus never goes back to it once it has left.
  const sync = (event: Event) => {
    if (event.target === box) text = box.value;
  };
  const release = () => {
    if (taken) return;
    taken = true;
    doc.removeEventListener('keydown', onKeyDown, CAPTURE);
    doc.removeEventListener('input', sync, CAPTURE);
  };
  doc.addEventListener('keydown', onKeyDown, CAPTURE);
  doc.addEventListener('input', sync, CAPTURE);
  // The reader closed the box (Escape) before the app's opened: keys are no longer for search.
  // The stand-in's own close at hand-over comes (a task later) before the app may have taken
  // the text: releasing then let a key typed between the two reach the app's box and be
  // overwritten by the text taken ("snoflake").
  const dialog = box.closest('dialog');
  dialog?.addEventListener('close', () => {
    if (dialog.returnValue !== STANDIN_HANDED_OVER) release();
  });
  return {
    text: () => text,
    take() {
      release();
      return text;
    },
  };
}

/**
 * Where a dialog opening now returns focus when it closes: the focused element, or, when that is
 * inside a stand-in dialog the app is taking over from (it is removed), the stand-in's opener.
 */
export function focusReturnTarget(active: Element | null): HTMLElement | null {
  const standin = active?.closest(`dialog[${STANDIN_ATTRIBUTE}]`);
  const find = standin ? (standin as unknown as Record<string, unknown>)[STANDIN_OPENER] : null;
  const opener = standin ? (typeof find === 'function' ? (find as () => unknown)() : null) : active;
  return opener instanceof HTMLElement && opener.isConnected ? opener : null;
}

/**
 * Calls `listener` with the result of a Copy page tap the stand-in answered before hydration,
 * when the stand-in hands it over (at hydration, or when a copy under way then settles).
 * Returns the function that stops listening.
 */
export function onStandinCopy(
  doc: Pick<Document, 'addEventListener' | 'removeEventListener'>,
  listener: (result: StandinCopyResult) => void,
): () => void {
  const onCopy = (event: Event) => listener((event as CustomEvent<StandinCopyResult>).detail);
  doc.addEventListener(STANDIN_COPY_EVENT, onCopy);
  return () => doc.removeEventListener(STANDIN_COPY_EVENT, onCopy);
}
