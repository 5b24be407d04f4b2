import React, { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { cursorInstallLink, mcpServerUrl, vscodeInstallLink } from './mcpLinks';
import type { Book } from '../../shared/books';
import type * as CopyPage from './copyPage';
import { onStandinCopy } from '../early-input/handover';
import styles from './styles.module.css';

type CopyModule = typeof CopyPage;

// The copy logic is loaded on demand: when the pointer or focus reaches the button (so it is
// usually ready by the click, inside the click's user activation), at the latest on the click.
let copyModule: CopyModule | null = null;
const loadCopyModule = (): Promise<CopyModule> =>
  import('./copyPage').then((m) => {
    copyModule = m;
    return m;
  });

type Status =
  | { kind: 'idle' }
  | { kind: 'copying' }
  /** `ms` the label says "Copied"; `announced` when the early-input stand-in said it already. */
  | { kind: 'copied'; ms: number; announced: boolean }
  /** `select`: focus goes to the offered Markdown (not when the reader has moved on meanwhile). */
  | { kind: 'refused'; markdown: string | null; select: boolean };

const CONFIRMATION_MS = 4000;

/**
 * A button label that changes after a tap (Copy page, then Copied) without changing the button's
 * width: both labels share one grid cell and the hidden one keeps its room, so nothing beside
 * the button moves. A label hidden with `visibility` is left out of the accessible name.
 * Before hydration the early-input stand-in swaps Copy page's by this structure (its STYLE).
 */
function SwapLabel({ labels, shown }: { labels: readonly [string, string]; shown: 0 | 1 }): ReactNode {
  return (
    <span className={styles.swap}>
      {labels.map((label, i) => (
        <span key={label} className={i === shown ? undefined : styles.swapHidden}>
          {label}
        </span>
      ))}
    </span>
  );
}

/**
 * A disclosure whose panel opens over the page, closed as a menu is: by Escape (focus back on its
 * summary) and by a press outside it.
 */
function useDismissable(ref: React.RefObject<HTMLDetailsElement | null>): void {
  useEffect(() => {
    const details = ref.current;
    if (!details) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    details.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      details.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [ref]);
}

/**
 * "Copy page" and "View as Markdown" for one doc page, given the URL of its Markdown twin, and
 * "Download PDF" when the page's section has a book.
 */
export default function PageActions({ twin, book = null }: { twin: string; book?: Book | null }): ReactNode {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const fallback = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (status.kind === 'copied') {
      const timer = setTimeout(() => setStatus({ kind: 'idle' }), status.ms);
      return () => clearTimeout(timer);
    }
    if (status.kind === 'refused' && status.select) fallback.current?.select();
    return undefined;
  }, [status]);

  // A tap answered before hydration by the stand-in (src/early-input/standins.ts): its result,
  // for this page and unless the reader has tapped again since; at once, so that no frame shows
  // "Copy page" between the stand-in's label and this one.
  useEffect(
    () =>
      onStandinCopy(document, (result) => {
        if (result.twin !== twin) return;
        const next: Status =
          result.kind === 'copied'
            ? { kind: 'copied', ms: result.ms, announced: result.said }
            : { kind: 'refused', markdown: result.markdown, select: result.select };
        flushSync(() => setStatus((now) => (now.kind === 'idle' ? next : now)));
      }),
    [twin],
  );

  async function copy(): Promise<void> {
    setStatus({ kind: 'copying' });
    const { copyMarkdown, browserEnvironment } = copyModule ?? (await loadCopyModule());
    const result = await copyMarkdown(twin, browserEnvironment());
    setStatus(
      result.copied
        ? { kind: 'copied', ms: CONFIRMATION_MS, announced: false }
        : { kind: 'refused', markdown: result.markdown, select: true },
    );
  }

  const preload = () => void loadCopyModule();
  const { siteConfig } = useDocusaurusContext();
  const mcpUrl = mcpServerUrl(siteConfig.url);
  const [mcpCopied, setMcpCopied] = useState<'idle' | 'copied' | 'refused'>('idle');
  useEffect(() => {
    if (mcpCopied !== 'copied') return undefined;
    const timer = setTimeout(() => setMcpCopied('idle'), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [mcpCopied]);
  const assistant = useRef<HTMLDetailsElement>(null);
  useDismissable(assistant);
  async function copyMcpUrl(): Promise<void> {
    try {
      await navigator.clipboard.writeText(mcpUrl);
      setMcpCopied('copied');
    } catch {
      setMcpCopied('refused');
    }
  }
  return (
    <div className={styles.actions}>
      <div className={styles.buttons} role="group" aria-label="Page actions">
        <button
          type="button"
          className="button button--sm button--outline button--secondary"
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => void copy()}
          disabled={status.kind === 'copying'}
        >
          <SwapLabel shown={status.kind === 'copied' ? 1 : 0} labels={['Copy page', 'Copied']} />
        </button>
        {/* pathname:// makes a plain link: the twin is a file, not a route of the app. Link would
            open such a link in a new tab as if it were another site; it is this site's page. */}
        <Link
          className="button button--sm button--outline button--secondary"
          to={`pathname://${twin}`}
          target="_self"
          rel={undefined}
          type="text/markdown"
        >
          View as Markdown
        </Link>
        {book && (
          <Link
            className="button button--sm button--outline button--secondary"
            to={`pathname://${book.url}`}
            target="_self"
            rel={undefined}
            type="application/pdf"
            title={`Download this section as PDF (${book.fileName})`}
          >
            Download PDF
          </Link>
        )}
      </div>
      <details ref={assistant} className={styles.assistant}>
        <summary>Use with your AI assistant</summary>
        <div className={styles.assistantPanel}>
          <div className={styles.buttons}>
            <button type="button" className="button button--sm button--link" onClick={() => void copyMcpUrl()}>
              <SwapLabel shown={mcpCopied === 'copied' ? 1 : 0} labels={['Copy MCP server URL', 'Copied']} />
            </button>
            {/* Deep links into other applications, not pages: Link would treat them as site routes
              or open a blank tab. */}
            {/* eslint-disable-next-line @docusaurus/no-html-links */}
            <a className="button button--sm button--link" href={cursorInstallLink(mcpUrl)}>
              Add to Cursor
            </a>
            {/* eslint-disable-next-line @docusaurus/no-html-links */}
            <a className="button button--sm button--link" href={vscodeInstallLink(mcpUrl)}>
              Add to VS Code
            </a>
          </div>
          <p className={mcpCopied === 'refused' ? styles.status : styles.announcement} role="status">
            {mcpCopied === 'copied' && `Copied ${mcpUrl}`}
            {mcpCopied === 'refused' && `Your browser did not allow copying. The server URL is ${mcpUrl}`}
          </p>
        </div>
      </details>
      <p className={status.kind === 'refused' ? styles.status : styles.announcement} role="status">
        {status.kind === 'copied' && !status.announced && 'Page copied to the clipboard as Markdown.'}
        {status.kind === 'refused' &&
          (status.markdown === null
            ? 'The Markdown could not be loaded. Use View as Markdown instead.'
            : status.select
              ? 'Your browser did not allow copying. The Markdown is selected below: press Ctrl+C (⌘C on a Mac) to copy it.'
              : 'Your browser did not allow copying. The Markdown is below: select it and press Ctrl+C (⌘C on a Mac) to copy it.')}
      </p>
      {status.kind === 'refused' && status.markdown !== null && (
        <textarea
          ref={fallback}
          className={styles.fallback}
          aria-label="Markdown of this page"
          readOnly
          rows={8}
          value={status.markdown}
        />
      )}
    </div>
  );
}
