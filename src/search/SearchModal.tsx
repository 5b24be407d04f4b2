import React, {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {
  Configure,
  Highlight,
  InstantSearch,
  Snippet,
  useHits,
  useInstantSearch,
  useSearchBox,
} from 'react-instantsearch';
import Dialog, { DialogCloseButton, dialogAutofocus } from '@site/src/components/Dialog';
import { useAuth } from '@site/src/auth/AuthProvider';
import { useGate } from '@site/src/guide-gate/GateProvider';
import { isGatedUrl } from '@site/shared/guide-gate/rules';
import type { SearchHit } from '../../shared/search/records';
import { createBackend } from './client';
import { describeError } from './errors';
import { HITS_PER_PAGE } from '../../shared/search/instantsearch';
import { readSearchSettings } from './settings';
import type { Typeahead } from './typeahead';
import { useTypedHandover } from './useTypedHandover';
import {
  clampQuery,
  groupHits,
  MAX_QUERY_LENGTH,
  shouldSearch,
  STALLED_SEARCH_DELAY_MS,
} from '../../shared/search/query';
import styles from './SearchModal.module.css';

type AnyHit = Parameters<typeof Highlight>[0]['hit'];

const NOTHING_TYPED: Typeahead = { text: () => '', take: () => '' };

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  typed: Typeahead;
  inputRef: RefObject<HTMLInputElement | null>;
  listRef: RefObject<HTMLDivElement | null>;
  onClose: () => void;
}

function SearchBox({ value, onChange, typed, inputRef, listRef, onClose }: SearchBoxProps): ReactNode {
  const { refine } = useSearchBox();
  const taken = useTypedHandover(typed, inputRef, value, onChange);
  useEffect(() => {
    // Text typed while the modal loaded arrives as the first value: search it right away.
    if (taken.current) refine(taken.current);
  }, [refine, taken]);
  useEffect(() => {
    // Whichever comes last, this or the Dialog's showModal(), leaves focus in the box: showModal()
    // honours the `autofocus` attribute, and once the dialog is open a plain focus() does.
    const input = inputRef.current;
    if (input?.closest('dialog')?.open) input.focus();
  }, [inputRef]);
  return (
    <form className={styles.form} role="search" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="search-modal-input" className={styles.visuallyHidden}>
        Search the documentation
      </label>
      <input
        ref={(element) => {
          inputRef.current = element;
          dialogAutofocus(element);
        }}
        id="search-modal-input"
        className={styles.input}
        type="search"
        placeholder="Search the documentation"
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={MAX_QUERY_LENGTH}
        value={value}
        aria-controls="search-modal-results"
        onChange={(event) => {
          const next = clampQuery(event.currentTarget.value);
          onChange(next);
          refine(next);
        }}
        onKeyDown={(event) => {
          // A search input's native Escape only clears its text and swallows the key, so the
          // dialog would stay open with a query typed; Escape always closes the modal here.
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          } else if (event.key === 'ArrowDown') {
            event.preventDefault();
            listRef.current?.querySelector<HTMLAnchorElement>('a[data-search-hit]')?.focus();
          } else if (event.key === 'Enter') {
            event.preventDefault();
            listRef.current?.querySelector<HTMLAnchorElement>('a[data-search-hit]')?.click();
          }
        }}
      />
    </form>
  );
}

function Status({ query }: { query: string }): ReactNode {
  const { status, error, results } = useInstantSearch({ catchError: true });
  useEffect(() => {
    if (status === 'error' && error) console.error('[search] search failed', error);
  }, [status, error]);

  if (!shouldSearch(query)) {
    return <p className={styles.hint}>Type at least two characters to search.</p>;
  }
  if (status === 'error' && error) {
    const { code, message } = describeError(error);
    return (
      <p className={styles.error} role="alert">
        Search failed: <code>{code}</code> {message}
      </p>
    );
  }
  if (status === 'stalled') {
    return (
      <p className={styles.loading} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        Searching…
      </p>
    );
  }
  if (status === 'idle' && results.query === query && results.nbHits === 0) {
    return (
      <p className={styles.empty} role="status">
        No results for “{query}”
      </p>
    );
  }
  return null;
}

function Hits({
  query,
  listRef,
  onNavigate,
}: {
  query: string;
  listRef: RefObject<HTMLDivElement | null>;
  onNavigate: () => void;
}): ReactNode {
  const { items } = useHits<SearchHit & Record<string, unknown>>();
  const { status } = useInstantSearch();
  const { loggedIn } = useAuth();
  const gate = useGate();
  const groups = useMemo(() => groupHits(items), [items]);
  if (!shouldSearch(query) || status === 'error' || groups.length === 0)
    return <div ref={listRef} id="search-modal-results" />;

  const onClick = (event: MouseEvent<HTMLAnchorElement>, url: string) => {
    if (isGatedUrl(url) && gate.block('search')) {
      event.preventDefault();
      return;
    }
    onNavigate();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a[data-search-hit]') ?? []);
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : at - 1;
    if (next < 0) document.getElementById('search-modal-input')?.focus();
    else links[next].focus();
  };

  return (
    // Arrow keys bubble up from the focused result link; the container only moves focus between
    // its links and is never a target itself, so it needs no role of its own.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div ref={listRef} id="search-modal-results" className={styles.results} onKeyDown={onKeyDown}>
      {groups.map((group) => {
        const first = group.hits[0] as unknown as AnyHit;
        const locked = loggedIn === false && isGatedUrl(group.page);
        return (
          <section key={group.page} className={styles.group} aria-label={group.hits[0].title}>
            <div className={styles.groupHeader}>
              <Highlight attribute="title" hit={first} classNames={{ root: styles.groupTitle }} />
              {group.hits[0].category && (
                <Highlight attribute="category" hit={first} classNames={{ root: styles.category }} />
              )}
            </div>
            <ul className={styles.hitList}>
              {group.hits.map((hit) => {
                const anyHit = hit as unknown as AnyHit;
                return (
                  <li key={hit.objectID}>
                    <Link
                      to={hit.url}
                      className={styles.hit}
                      data-search-hit=""
                      data-locked={locked ? '' : undefined}
                      onClick={(event: MouseEvent<HTMLAnchorElement>) => onClick(event, hit.url)}
                    >
                      <span className={styles.hitSection}>
                        {locked && (
                          // An SVG, not the emoji: systems without an emoji font draw a blank box.
                          <svg
                            className={styles.lock}
                            role="img"
                            aria-label="Sign-in required"
                            viewBox="0 0 16 16"
                            width="12"
                            height="12"
                          >
                            <path
                              fill="currentColor"
                              d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1zm2 6H6V4.5a2 2 0 1 1 4 0V7z"
                            />
                          </svg>
                        )}
                        {hit.section ? (
                          <Highlight attribute="section" hit={anyHit} />
                        ) : (
                          <Highlight attribute="title" hit={anyHit} />
                        )}
                      </span>
                      <Snippet attribute="content" hit={anyHit} classNames={{ root: styles.snippet }} />
                      <Highlight attribute="url" hit={anyHit} classNames={{ root: styles.url }} />
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

interface BodyProps {
  inputRef: RefObject<HTMLInputElement | null>;
  onClose: () => void;
  typed: Typeahead;
}

function Body({ inputRef, onClose, typed }: BodyProps): ReactNode {
  // The typed text (InstantSearch's own query state lags behind when a search fails).
  const [query, setQuery] = useState(() => clampQuery(typed.text()));
  const listRef = useRef<HTMLDivElement>(null);
  return (
    <>
      <div className={styles.header}>
        <h2 id="search-modal-title" className={styles.title}>
          Search
        </h2>
        <DialogCloseButton onClick={onClose} />
      </div>
      <SearchBox
        value={query}
        onChange={setQuery}
        typed={typed}
        inputRef={inputRef}
        listRef={listRef}
        onClose={onClose}
      />
      <Status query={query} />
      <Hits query={query} listRef={listRef} onNavigate={onClose} />
    </>
  );
}

/** The search modal: InstantSearch over the configured backend in the shared Dialog. */
export default function SearchModal({
  onClose,
  typed = NOTHING_TYPED,
}: {
  onClose: () => void;
  typed?: Typeahead;
}): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  // Signed in: guides are searched with their text (the server's gate lets the session through).
  const signedIn = useAuth().loggedIn === true;
  const backend = useMemo(
    () => createBackend(readSearchSettings(siteConfig.customFields), { signedIn, baseUrl: siteConfig.baseUrl }),
    [siteConfig.customFields, siteConfig.baseUrl, signedIn],
  );
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // First search intent: start fetching the index while the reader types.
    backend.warm();
  }, [backend]);

  return (
    <Dialog labelledBy="search-modal-title" onClose={onClose} className={styles.dialog}>
      <InstantSearch
        searchClient={backend.client}
        indexName={backend.indexName}
        stalledSearchDelay={STALLED_SEARCH_DELAY_MS}
        insights={false}
        future={{ preserveSharedStateOnUnmount: true }}
      >
        <Configure hitsPerPage={HITS_PER_PAGE} />
        <Body inputRef={inputRef} onClose={onClose} typed={typed} />
      </InstantSearch>
    </Dialog>
  );
}
