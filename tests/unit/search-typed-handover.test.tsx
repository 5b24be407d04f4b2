// @vitest-environment happy-dom
// The search box's hand-over of what was typed while the modal loaded: no key may be lost.
// A key typed right after the hand-over, before React renders the handed-over text, must extend
// that text: CI lost the 'a' of "snowflake" to this gap once ("snowflke").
import React, { act, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import type { Typeahead } from '../../src/search/typeahead';
import { useTypedHandover } from '../../src/search/useTypedHandover';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Types one character the way a reader's key does: the browser's own value setter, then `input`. */
function typeNatively(input: HTMLInputElement, character: string): void {
  const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
  value.set!.call(input, input.value + character);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A typeahead that has `atRender` when the box renders and `atCommit` when it is taken. */
function capture(atRender: string, atCommit: string): Typeahead & { takes: number } {
  const typed = {
    takes: 0,
    text: () => atRender,
    take: () => {
      typed.takes++;
      return atCommit;
    },
  };
  return typed;
}

function Box({ typed, inputRef }: { typed: Typeahead; inputRef: React.RefObject<HTMLInputElement | null> }) {
  const [query, setQuery] = useState(() => typed.text());
  useTypedHandover(typed, inputRef, query, setQuery);
  return (
    <input ref={inputRef} aria-label="query" value={query} onChange={(event) => setQuery(event.currentTarget.value)} />
  );
}

/**
 * The box inside a parent whose effect types a key, as the dialog around the search box calls
 * showModal(): a parent's effects run after its children's, so the key comes after the hand-over
 * and before React renders the text the hand-over set.
 */
function Dialog({ typed, keyAfterHandover }: { typed: Typeahead; keyAfterHandover?: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (keyAfterHandover && inputRef.current) typeNatively(inputRef.current, keyAfterHandover);
  }, [keyAfterHandover]);
  return <Box typed={typed} inputRef={inputRef} />;
}

async function render(element: React.ReactElement): Promise<{ input: HTMLInputElement; unmount: () => Promise<void> }> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(element));
  return {
    input: container.querySelector('input')!,
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

describe('the search box takes over what was typed while it loaded', () => {
  it('shows the keys typed between its render and its commit', async () => {
    const typed = capture('snowfl', 'snowfla');
    const { input, unmount } = await render(<Dialog typed={typed} />);
    expect(input.value).toBe('snowfla');
    expect(typed.takes).toBe(1);
    await unmount();
  });

  it('keeps them when the next key comes before React renders them', async () => {
    const { input, unmount } = await render(<Dialog typed={capture('snowfl', 'snowfla')} keyAfterHandover="k" />);
    expect(input.value).toBe('snowflak');
    typeNatively(input, 'e');
    await act(async () => {});
    expect(input.value).toBe('snowflake');
    await unmount();
  });

  it('takes once: later renders leave later typing alone', async () => {
    const typed = capture('', 'sn');
    const { input, unmount } = await render(<Dialog typed={typed} />);
    await act(async () => typeNatively(input, 'o'));
    await act(async () => typeNatively(input, 'w'));
    expect(input.value).toBe('snow');
    expect(typed.takes).toBe(1);
    await unmount();
  });
});
