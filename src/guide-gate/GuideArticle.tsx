import React, { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useAuth, AUTH_CHANGE_EVENT } from '../auth/AuthProvider';
import { clearTokens } from '../auth/session';
import { serverSessionOpen } from '../auth/serverSession';
import { ARTICLE_TAG } from '../../shared/guide-gate/articleMarker';

/** What plugins/guide-gate appends to a guide's route module. */
export interface GuideArticleModule {
  load: () => Promise<{ default: ComponentType }>;
  /** The article, or null when its chunk could not be loaded (no session, or offline). */
  module: { default: ComponentType } | null;
}

type Status = 'ready' | 'withheld' | 'failed';

/**
 * A guide's article inside the element the gate cuts at. Without it (a 401 on the chunk) the
 * element stays empty, as in the gate's shell, so hydration matches. A signed-in reader whose chunk
 * fails: the server says whether the session is gone (modal) or the network failed (Retry).
 */
export default function GuideArticle({ article }: { article: GuideArticleModule }): ReactNode {
  const { loggedIn } = useAuth();
  const [loaded, setLoaded] = useState(article.module);
  const [status, setStatus] = useState<Status>(article.module ? 'ready' : 'withheld');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (loaded || loggedIn !== true) return;
    let cancelled = false;
    article.load().then(
      (module) => {
        article.module = module;
        if (!cancelled) {
          setLoaded(module);
          setStatus('ready');
        }
      },
      async () => {
        const open = await serverSessionOpen();
        if (cancelled) return;
        if (open === false) {
          clearTokens(window.localStorage);
          window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
          setStatus('withheld');
        } else setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [article, loaded, loggedIn, attempt]);

  const Article = loaded?.default;
  return (
    <>
      {createElement(ARTICLE_TAG, null, Article ? <Article /> : null)}
      {status === 'failed' && (
        <div role="alert" className="alert alert--danger">
          <p>This guide could not be loaded. Check your connection and try again.</p>
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
        </div>
      )}
    </>
  );
}
