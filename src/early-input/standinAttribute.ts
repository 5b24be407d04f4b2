/** Marks every element the early-input stand-ins add (src/early-input/standins.ts); none is left after hydration. */
export const STANDIN_ATTRIBUTE = 'data-early-standin';

/**
 * The property a stand-in dialog keeps its opener in (an element of the app's root, which
 * hydration keeps): the app's dialog that takes over returns focus there when it closes.
 */
export const STANDIN_OPENER = '__veriqStandinOpener';

/**
 * The return value of a stand-in dialog the stand-in closes itself at hand-over, which is not
 * the reader's close: typing taken for the app goes on being taken until the app has it.
 */
export const STANDIN_HANDED_OVER = 'handed-over';

/**
 * The event on `document` by which the Copy page stand-in gives the app its result once the app
 * has hydrated (src/early-input/handover.ts `onStandinCopy`, src/reader/PageActions.tsx).
 */
export const STANDIN_COPY_EVENT = 'veriq:standin-copy';

/** What the Copy page stand-in hands over: what the app's own tap would have left, for `twin`. */
export type StandinCopyResult = { twin: string } &
  /** Copied; the label says "Copied" `ms` more; `said` when the stand-in's region announced it. */
  (
    | { kind: 'copied'; ms: number; said: boolean }
    /** Refused; `markdown` to offer for manual copying, when it loaded; `select` when focus may move to it. */
    | { kind: 'refused'; markdown: string | null; select: boolean }
  );
