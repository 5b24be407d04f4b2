// What the reader types between asking for search (a shortcut or the button) and the modal's
// box taking focus. The modal's code loads on that first intent, so without this the first
// letters of a query typed straight after '/' would be lost, or trigger the page's own keys.

import { MAX_QUERY_LENGTH } from '../../shared/search/query';

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** The text after one key press, or null when the key is not typing (left to the page). */
export function typedText(text: string, event: KeyLike): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === 'Backspace') return text.slice(0, -1);
  // Printable keys have a one-character name (a code point, so astral letters count once).
  if ([...event.key].length !== 1) return null;
  return (text + event.key).slice(0, MAX_QUERY_LENGTH);
}

export interface Typeahead {
  /** The text typed so far; capturing goes on. */
  text(): string;
  /** Stops capturing and returns the text typed so far (the same text on every later call). */
  take(): string;
}

// An options object, not `true`: Node's EventTarget (the unit tests) ignores the boolean form
// when removing.
const CAPTURE = { capture: true } as const;

/** Captures typing on `target` (before any page handler sees it) until `take()`. */
export function captureTypeahead(target: Pick<Document, 'addEventListener' | 'removeEventListener'>): Typeahead {
  let text = '';
  let done = false;
  const onKeyDown = (event: KeyboardEvent) => {
    const next = typedText(text, event);
    if (next === null) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    text = next;
  };
  target.addEventListener('keydown', onKeyDown, CAPTURE);
  return {
    text: () => text,
    take() {
      if (!done) {
        done = true;
        target.removeEventListener('keydown', onKeyDown, CAPTURE);
      }
      return text;
    },
  };
}
