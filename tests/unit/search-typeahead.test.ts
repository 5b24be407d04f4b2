import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH } from '../../shared/search/query';
import { captureTypeahead, typedText } from '../../src/search/typeahead';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

function keydown(target: EventTarget, k: string, mods: Parameters<typeof key>[1] = {}): Event {
  const event = Object.assign(new Event('keydown', { cancelable: true }), key(k, mods));
  target.dispatchEvent(event);
  return event;
}

describe('type-ahead while the search modal loads', () => {
  it('keeps printable keys and Backspace, and leaves other keys and shortcuts to the page', () => {
    expect(typedText('snow', key('f'))).toBe('snowf');
    expect(typedText('snow', key(' '))).toBe('snow ');
    expect(typedText('snow', key('Backspace'))).toBe('sno');
    expect(typedText('', key('é'))).toBe('é');
    expect(typedText('snow', key('Enter'))).toBeNull();
    expect(typedText('snow', key('Escape'))).toBeNull();
    expect(typedText('snow', key('Tab'))).toBeNull();
    expect(typedText('snow', key('c', { ctrlKey: true }))).toBeNull();
    expect(typedText('snow', key('r', { metaKey: true }))).toBeNull();
    expect(typedText('x'.repeat(MAX_QUERY_LENGTH), key('y'))).toHaveLength(MAX_QUERY_LENGTH);
  });

  it('captures typing until taken, swallowing it, then lets keys through', () => {
    const target = new EventTarget();
    const typeahead = captureTypeahead(target);
    // A page handler (Node's EventTarget has no tree: the same target stands in for the page).
    const seen: string[] = [];
    target.addEventListener('keydown', (e) => seen.push((e as unknown as { key: string }).key));
    expect(keydown(target, 'k').defaultPrevented).toBe(true);
    keydown(target, 'e');
    // Read while the modal renders: capturing goes on until the box is there to take the keys.
    expect(typeahead.text()).toBe('ke');
    expect(keydown(target, 'x').defaultPrevented).toBe(true);
    keydown(target, 'Backspace');
    keydown(target, 'y');
    expect(keydown(target, 'Escape').defaultPrevented).toBe(false);
    expect(typeahead.take()).toBe('key');
    expect(typeahead.take()).toBe('key');
    expect(keydown(target, 'z').defaultPrevented).toBe(false);
    expect(seen).toEqual(['Escape', 'z']);
  });
});
