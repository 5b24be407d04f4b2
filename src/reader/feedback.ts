// Page feedback: the question's states, the reasons offered, the one tag-manager event an answer
// produces, and the per-page memory that keeps the question from being asked twice.

export const FEEDBACK_EVENT = 'docs_feedback';
export const COMMENT_MAX_LENGTH = 500;
/** localStorage key prefix; the page path follows. */
export const STORAGE_PREFIX = 'docs_feedback:';

export type Vote = 'yes' | 'no';

/** A few reasons per vote; the reader may pick one, write a comment, both, or neither. */
export const REASONS: Readonly<Record<Vote, readonly { id: string; label: string }[]>> = {
  yes: [
    { id: 'solved', label: 'It answered my question' },
    { id: 'clear', label: 'It was easy to follow' },
    { id: 'examples', label: 'The examples helped' },
  ],
  no: [
    { id: 'missing', label: 'Information is missing' },
    { id: 'unclear', label: 'It was hard to understand' },
    { id: 'wrong', label: 'Something is wrong or out of date' },
    { id: 'other', label: 'Something else' },
  ],
};

export interface FeedbackEvent {
  event: typeof FEEDBACK_EVENT;
  page_path: string;
  vote: Vote;
  /** The id of the chosen reason, or '' when none was chosen. */
  reason: string;
  /** The reader's comment, trimmed and at most COMMENT_MAX_LENGTH characters, or ''. */
  comment: string;
}

/** The event for one answer; unknown reasons and over-long comments never reach the container. */
export function feedbackEvent(pagePath: string, vote: Vote, reason: string | null, comment: string): FeedbackEvent {
  const known = REASONS[vote].some((r) => r.id === reason);
  return {
    event: FEEDBACK_EVENT,
    page_path: pagePath,
    vote,
    reason: known && reason ? reason : '',
    comment: comment.trim().slice(0, COMMENT_MAX_LENGTH),
  };
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** The vote already given on this page, if any (storage may be unavailable: then none). */
export function rememberedVote(storage: StorageLike | undefined, pagePath: string): Vote | null {
  try {
    const value = storage?.getItem(STORAGE_PREFIX + pagePath);
    return value === 'yes' || value === 'no' ? value : null;
  } catch {
    return null;
  }
}

export function rememberVote(storage: StorageLike | undefined, pagePath: string, vote: Vote): void {
  try {
    storage?.setItem(STORAGE_PREFIX + pagePath, vote);
  } catch {
    // Private mode or a full quota: the question may be asked again, nothing else breaks.
  }
}

/** Pushes to the tag manager's data layer, creating it if the container has not loaded yet. */
export function pushToDataLayer(target: { dataLayer?: unknown[] }, event: FeedbackEvent): void {
  target.dataLayer = target.dataLayer ?? [];
  target.dataLayer.push(event);
}
