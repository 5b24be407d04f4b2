// The search box takes over what was typed while the modal loaded (src/search/typeahead.ts).
import { useEffect, useRef, type RefObject } from 'react';
import { clampQuery } from '../../shared/search/query';
import type { Typeahead } from './typeahead';

/**
 * Ends the capture when the box is committed and puts the text in the box; returns a ref to the
 * text taken (null until then). In an effect, not at render, and written to the input at once,
 * once only, so no key typed in between is lost: maintainers/decisions/2026-11-27-early-input.md
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
