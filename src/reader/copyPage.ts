// Copies a page's Markdown twin to the clipboard. Loaded on the first click of "Copy page".
//
// Safari allows clipboard writes only within the click's user activation, which a fetch would
// outlast; `ClipboardItem` with a promised blob keeps the activation while the twin downloads.
// Browsers without it (and Firefox before 127) get `writeText` after the download instead.

export type CopyResult =
  | { copied: true }
  /** The clipboard refused; `markdown` is the text to offer for manual copying, when it loaded. */
  | { copied: false; markdown: string | null };

export interface CopyEnvironment {
  fetchText(url: string): Promise<string>;
  clipboard: Pick<Clipboard, 'write' | 'writeText'> | undefined;
  ClipboardItem: typeof ClipboardItem | undefined;
}

export async function copyMarkdown(url: string, env: CopyEnvironment): Promise<CopyResult> {
  const markdown = env.fetchText(url);
  // The download's own failure is reported once, below; not as an unhandled rejection.
  markdown.catch(() => undefined);
  try {
    if (!env.clipboard) throw new Error('no clipboard');
    if (env.ClipboardItem && typeof env.clipboard.write === 'function') {
      const blob = markdown.then((text) => new Blob([text], { type: 'text/plain' }));
      await env.clipboard.write([new env.ClipboardItem({ 'text/plain': blob })]);
    } else {
      await env.clipboard.writeText(await markdown);
    }
    return { copied: true };
  } catch {
    return { copied: false, markdown: await markdown.catch(() => null) };
  }
}

/** The browser's own environment. */
export function browserEnvironment(): CopyEnvironment {
  return {
    fetchText: async (url) => {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response.text();
    },
    clipboard: typeof navigator !== 'undefined' ? navigator.clipboard : undefined,
    ClipboardItem: typeof ClipboardItem !== 'undefined' ? ClipboardItem : undefined,
  };
}
