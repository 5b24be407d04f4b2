// @vitest-environment happy-dom
// The stand-in search box's typing as the app's typeahead (src/early-input/handover.ts): keys
// typed anywhere but that box are taken until the app takes the text. The stand-in closes its
// own dialog at hand-over a task before the app may take it; that close is not the reader's, and
// releasing on it let a key reach the app's box only to be overwritten ("snoflake" in e2e).
import { describe, expect, it } from 'vitest';
import { standinTypeahead } from '../../src/early-input/handover';
import { STANDIN_ATTRIBUTE, STANDIN_HANDED_OVER } from '../../src/early-input/standinAttribute';

function standinSearch(typed: string) {
  const dialog = document.createElement('dialog');
  dialog.setAttribute(STANDIN_ATTRIBUTE, 'search');
  dialog.setAttribute('open', '');
  const box = document.createElement('input');
  box.value = typed;
  dialog.append(box);
  const elsewhere = document.createElement('div');
  document.body.replaceChildren(dialog, elsewhere);
  return { dialog, box, elsewhere };
}

function keydown(target: EventTarget, key: string): Event {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

/** Closes the dialog as `close(returnValue)` does, its close event included. */
function close(dialog: HTMLDialogElement, returnValue?: string): void {
  if (returnValue !== undefined) dialog.returnValue = returnValue;
  dialog.removeAttribute('open');
  dialog.dispatchEvent(new Event('close'));
}

describe('the stand-in search box as the app’s typeahead', () => {
  it('starts from the box’s text and takes keys typed elsewhere, not the box’s own', () => {
    const { box, elsewhere } = standinSearch('sn');
    const typeahead = standinTypeahead(document)!;
    expect(typeahead.text()).toBe('sn');
    expect(keydown(elsewhere, 'o').defaultPrevented).toBe(true);
    expect(keydown(box, 'x').defaultPrevented).toBe(false);
    expect(typeahead.take()).toBe('sno');
  });

  it('goes on taking keys after the stand-in closes its dialog at hand-over, until taken', () => {
    const { dialog, elsewhere } = standinSearch('sno');
    const typeahead = standinTypeahead(document)!;
    close(dialog, STANDIN_HANDED_OVER);
    expect(keydown(elsewhere, 'w').defaultPrevented).toBe(true);
    expect(typeahead.take()).toBe('snow');
    expect(keydown(elsewhere, 'f').defaultPrevented).toBe(false);
    expect(typeahead.take()).toBe('snow');
  });

  it('lets keys go when the reader closed the box', () => {
    const { dialog, elsewhere } = standinSearch('sno');
    const typeahead = standinTypeahead(document)!;
    close(dialog);
    expect(keydown(elsewhere, 'w').defaultPrevented).toBe(false);
    expect(typeahead.take()).toBe('sno');
  });

  it('is null without an open stand-in box', () => {
    document.body.replaceChildren();
    expect(standinTypeahead(document)).toBeNull();
  });
});
