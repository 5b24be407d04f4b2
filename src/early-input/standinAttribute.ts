/** Marks every element the early-input stand-ins add (src/early-input/standins.ts); none is left after hydration. */
export const STANDIN_ATTRIBUTE = 'data-early-standin';

/**
 * The property a stand-in dialog keeps its opener in (an element of the app's root, which
 * hydration keeps): the app's dialog that takes over returns focus there when it closes.
 */
export const STANDIN_OPENER = '__veriqStandinOpener';
