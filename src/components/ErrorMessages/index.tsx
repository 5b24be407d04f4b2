import React, { useDeferredValue, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import { filterErrorMessages, plural, type ErrorMessagesData, type Inline } from '../../../shared/errorMessages';
import styles from './styles.module.css';

/** The `?q=` query parameter, so a filtered view can be linked to. */
const QUERY_PARAM = 'q';

function Runs({ runs }: { runs: readonly Inline[] }): ReactNode {
  return runs.map((run, i) => {
    if (run.k === 'c') return <code key={i}>{run.v}</code>;
    if (run.k === 'b') return <strong key={i}>{run.v}</strong>;
    return <React.Fragment key={i}>{run.v}</React.Fragment>;
  });
}

/**
 * The error-message index with a filter box: the rows come from the docs' troubleshooting
 * tables (plugins/error-messages, at build time), grouped by the page that explains them. The
 * server renders every row, so the list works without JavaScript; the filter runs in the browser.
 */
export default function ErrorMessages({ data }: { data: ErrorMessagesData }): ReactNode {
  const inputId = useId();
  const statusId = useId();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const result = useMemo(() => filterErrorMessages(data, deferredQuery), [data, deferredQuery]);

  // Start from ?q= when the page was opened with one.
  useEffect(() => {
    const initial = new URLSearchParams(window.location.search).get(QUERY_PARAM);
    // The server renders the unfiltered list (it has no query string); the filter from the
    // address applies after hydration so the first client render matches the server HTML.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (initial) setQuery(initial);
  }, []);

  const onChange = (value: string) => {
    setQuery(value);
    const url = new URL(window.location.href);
    if (value.trim()) url.searchParams.set(QUERY_PARAM, value);
    else url.searchParams.delete(QUERY_PARAM);
    window.history.replaceState(window.history.state, '', url);
  };

  const filtered = deferredQuery.trim() !== '';
  return (
    <div className={styles.root}>
      <div className={styles.filter} role="search">
        <label htmlFor={inputId} className={styles.label}>
          Filter messages
        </label>
        <input
          id={inputId}
          className={styles.input}
          type="search"
          value={query}
          onChange={(event) => onChange(event.target.value)}
          placeholder="For example: no driver, 401, PKIX, license"
          aria-describedby={statusId}
          autoComplete="off"
          spellCheck={false}
        />
        <p id={statusId} className={styles.status} role="status">
          {filtered
            ? `${plural(result.count, 'message')} on ${plural(result.pages.length, 'page')} match.`
            : `${plural(data.total, 'message')} from ${plural(data.pages.length, 'page')}.`}
        </p>
      </div>
      {result.pages.length === 0 ? (
        <p className={styles.empty}>
          No documented message contains all of these words. Try one distinctive word of the message, such as an error
          code, or see the advice below the list.
        </p>
      ) : (
        result.pages.map((page) => (
          <section key={page.permalink} className={styles.page} aria-label={page.title}>
            <Heading as="h3" className={styles.pageTitle}>
              <Link to={page.permalink}>{page.title}</Link>
              {page.category && <span className={styles.category}>{page.category}</span>}
            </Heading>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Message</th>
                  <th scope="col">Cause</th>
                  <th scope="col">Fix</th>
                  <th scope="col">Explained in</th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((row, i) => (
                  <tr key={i}>
                    <td className={styles.message} data-label="Message">
                      <Runs runs={row.message} />
                    </td>
                    <td data-label="Cause">
                      <Runs runs={row.cause} />
                    </td>
                    <td data-label="Fix">
                      <Runs runs={row.fix} />
                    </td>
                    <td data-label="Explained in">
                      <Link to={row.anchor ? `${page.permalink}#${row.anchor}` : page.permalink}>
                        {row.section || page.title}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))
      )}
    </div>
  );
}
