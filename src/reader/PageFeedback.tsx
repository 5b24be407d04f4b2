import React, { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  COMMENT_MAX_LENGTH,
  REASONS,
  feedbackEvent,
  pushToDataLayer,
  rememberVote,
  rememberedVote,
  type Vote,
} from './feedback';
import styles from './styles.module.css';

type Step = { kind: 'ask' } | { kind: 'reason'; vote: Vote } | { kind: 'thanks' } | { kind: 'answered' };

const storage = () => (typeof window !== 'undefined' ? window.localStorage : undefined);

/**
 * "Was this page helpful?": Yes or No, then an optional reason, then thanks. The answer is one
 * `docs_feedback` event, sent when the reader sends or skips the reason, or leaves the page
 * before doing either (the vote alone then). Loaded lazily by FeedbackSlot.
 */
export default function PageFeedback({ pagePath }: { pagePath: string }): ReactNode {
  const [step, setStep] = useState<Step>(() =>
    rememberedVote(storage(), pagePath) ? { kind: 'answered' } : { kind: 'ask' },
  );
  const [reason, setReason] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const pending = useRef<Vote | null>(null);
  const focusTarget = useRef<HTMLElement>(null);
  const id = useId();

  function send(vote: Vote, withReason: string | null, withComment: string): void {
    pending.current = null;
    pushToDataLayer(window as { dataLayer?: unknown[] }, feedbackEvent(pagePath, vote, withReason, withComment));
  }

  // A vote given but neither sent nor skipped still counts when the reader moves on.
  useEffect(() => {
    const flush = () => {
      if (pending.current) send(pending.current, null, '');
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one listener for the page's lifetime
  }, [pagePath]);

  useEffect(() => {
    if (step.kind === 'reason' || step.kind === 'thanks') focusTarget.current?.focus();
  }, [step.kind]);

  function vote(value: Vote): void {
    pending.current = value;
    rememberVote(storage(), pagePath, value);
    setStep({ kind: 'reason', vote: value });
  }

  function finish(value: Vote, withReason: string | null, withComment: string): void {
    send(value, withReason, withComment);
    setStep({ kind: 'thanks' });
  }

  if (step.kind === 'answered') return null;
  if (step.kind === 'thanks') {
    return (
      <section className={styles.feedback} aria-label="Page feedback">
        <p ref={focusTarget as React.RefObject<HTMLParagraphElement>} tabIndex={-1} role="status">
          Thank you for your feedback.
        </p>
      </section>
    );
  }
  if (step.kind === 'ask') {
    return (
      <section className={styles.feedback} aria-labelledby={`${id}-q`}>
        <p id={`${id}-q`} className={styles.question}>
          Was this page helpful?
        </p>
        <div className={styles.buttons}>
          <button
            type="button"
            className="button button--sm button--outline button--primary"
            onClick={() => vote('yes')}
          >
            Yes
          </button>
          <button
            type="button"
            className="button button--sm button--outline button--primary"
            onClick={() => vote('no')}
          >
            No
          </button>
        </div>
      </section>
    );
  }
  const current = step.vote;
  return (
    <section className={styles.feedback} aria-label="Page feedback">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          finish(current, reason, comment);
        }}
      >
        <fieldset className={styles.fieldset}>
          <legend ref={focusTarget as React.RefObject<HTMLLegendElement>} tabIndex={-1} className={styles.question}>
            {current === 'yes' ? 'Glad to hear it. What helped most?' : 'Sorry about that. What went wrong?'} (optional)
          </legend>
          {REASONS[current].map((r) => (
            <label key={r.id} className={styles.choice}>
              <input
                type="radio"
                name={`${id}-reason`}
                value={r.id}
                checked={reason === r.id}
                onChange={() => setReason(r.id)}
              />{' '}
              {r.label}
            </label>
          ))}
        </fieldset>
        <label className={styles.commentLabel} htmlFor={`${id}-comment`}>
          Anything to add? (optional, at most {COMMENT_MAX_LENGTH} characters)
        </label>
        <textarea
          id={`${id}-comment`}
          className={styles.comment}
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
        <div className={styles.buttons}>
          <button type="submit" className="button button--sm button--primary">
            Send
          </button>
          <button
            type="button"
            className="button button--sm button--outline button--secondary"
            onClick={() => finish(current, null, '')}
          >
            Skip
          </button>
        </div>
      </form>
    </section>
  );
}
