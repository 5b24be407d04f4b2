// The search box takes over what was typed while the modal loaded (src/search/typeahead.ts).
import { useEffect, useRef, type RefObject } from 'react';
import { clampQuery } from '../../shared/search/query';
import type { Typeahead } from './typeahead';

/**
 * Ends the capture when the box is committed and puts the text in the box; returns a ref to the
 * text taken (null until then).
 *
 * The capture ends in an effect, not at render: a render resumed later (the modal's code came in
 * while the page was busy) leaves time for keys between render and commit, and the dialog's
 * showModal(), in the same flush of effects, focuses the box before any further key. Those keys
 * reach the box as React state, which renders a task later; a key typed natively in between
 * would extend the box's older text and drop them. So the text is also written to the input
 * itself, at once. Once only: run again, it would put the box back to that text over later typing.
 */
export function useTypedHandover(
  typed: Typeahead,
  inputRef: RefObject<HTMLInputElement | null>,
  value: string,
  onChange: (value: string) => void,
): RefObject<string | null> {
  const rendered = useRef(value);
  const taken = useRef<string | null>(null);
  useEffect(() => {
    if (taken.current !== null) return;
    const text = clampQuery(typed.take());
    taken.current = text;
    if (text === rendered.current) return;
    if (inputRef.current) inputRef.current.value = text;
    onChange(text);
  }, [typed, inputRef, onChange]);
  return taken;
}
