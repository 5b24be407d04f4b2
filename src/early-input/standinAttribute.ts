/** Marks every element the early-input stand-ins add (src/early-input/standins.ts); none is left after hydration. */
export const STANDIN_ATTRIBUTE = 'data-early-standin';
