import { describe, expect, it } from 'vitest';
import {
  COMMENT_MAX_LENGTH,
  FEEDBACK_EVENT,
  REASONS,
  STORAGE_PREFIX,
  feedbackEvent,
  pushToDataLayer,
  rememberVote,
  rememberedVote,
} from '../../src/reader/feedback';
import { copyMarkdown, type CopyEnvironment } from '../../src/reader/copyPage';
import { MemoryStorage } from './memoryStorage';

describe('page feedback event', () => {
  it('carries the page path, the vote, a known reason and the trimmed comment', () => {
    expect(feedbackEvent('/install-options', 'no', 'missing', '  Needs a proxy example. ')).toEqual({
      event: FEEDBACK_EVENT,
      page_path: '/install-options',
      vote: 'no',
      reason: 'missing',
      comment: 'Needs a proxy example.',
    });
  });
  it('drops reasons that do not belong to the vote, and cuts comments at the limit', () => {
    const event = feedbackEvent('/', 'yes', 'missing', 'x'.repeat(COMMENT_MAX_LENGTH + 50));
    expect(event.reason).toBe('');
    expect(event.comment).toHaveLength(COMMENT_MAX_LENGTH);
    expect(feedbackEvent('/', 'yes', null, '').reason).toBe('');
  });
  it('offers a few reasons per vote', () => {
    for (const vote of ['yes', 'no'] as const) expect(REASONS[vote].length).toBeGreaterThanOrEqual(3);
  });
  it('pushes to an existing dataLayer, or creates it', () => {
    const empty: { dataLayer?: unknown[] } = {};
    pushToDataLayer(empty, feedbackEvent('/', 'yes', null, ''));
    expect(empty.dataLayer).toHaveLength(1);
    const existing = { dataLayer: [{ event: 'gtm.js' }] as unknown[] };
    pushToDataLayer(existing, feedbackEvent('/', 'no', null, ''));
    expect(existing.dataLayer[1]).toMatchObject({ event: FEEDBACK_EVENT, vote: 'no' });
  });
});

describe('remembered votes', () => {
  it('are kept per page', () => {
    const storage = new MemoryStorage();
    expect(rememberedVote(storage, '/a')).toBeNull();
    rememberVote(storage, '/a', 'yes');
    expect(rememberedVote(storage, '/a')).toBe('yes');
    expect(rememberedVote(storage, '/b')).toBeNull();
    expect(storage.getItem(`${STORAGE_PREFIX}/a`)).toBe('yes');
  });
  it('survive a storage that throws or holds junk', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => rememberVote(throwing, '/a', 'no')).not.toThrow();
    expect(rememberedVote(throwing, '/a')).toBeNull();
    const junk = new MemoryStorage();
    junk.setItem(`${STORAGE_PREFIX}/a`, 'maybe');
    expect(rememberedVote(junk, '/a')).toBeNull();
  });
});

class FakeClipboardItem {
  constructor(readonly items: Record<string, Promise<Blob>>) {}
}

function environment(overrides: Partial<CopyEnvironment> = {}): CopyEnvironment & { written: string[] } {
  const written: string[] = [];
  return {
    written,
    fetchText: async () => '# Page\n',
    clipboard: {
      write: async (items: ClipboardItems) => {
        const item = items[0] as unknown as FakeClipboardItem;
        written.push(await (await item.items['text/plain']).text());
      },
      writeText: async (text: string) => {
        written.push(text);
      },
    },
    ClipboardItem: FakeClipboardItem as unknown as typeof ClipboardItem,
    ...overrides,
  };
}

describe('copy page', () => {
  it('writes the twin through a ClipboardItem (keeps Safari’s user activation)', async () => {
    const env = environment();
    expect(await copyMarkdown('/a.md', env)).toEqual({ copied: true });
    expect(env.written).toEqual(['# Page\n']);
  });
  it('falls back to writeText without ClipboardItem', async () => {
    const env = environment({ ClipboardItem: undefined });
    expect(await copyMarkdown('/a.md', env)).toEqual({ copied: true });
    expect(env.written).toEqual(['# Page\n']);
  });
  it('hands the Markdown back when the clipboard refuses', async () => {
    const refuse = async () => {
      throw new DOMException('denied', 'NotAllowedError');
    };
    const env = environment({ clipboard: { write: refuse, writeText: refuse } });
    expect(await copyMarkdown('/a.md', env)).toEqual({ copied: false, markdown: '# Page\n' });
    expect(await copyMarkdown('/a.md', environment({ clipboard: undefined }))).toEqual({
      copied: false,
      markdown: '# Page\n',
    });
  });
  it('reports a twin that did not load', async () => {
    const env = environment({
      fetchText: async () => {
        throw new Error('401');
      },
    });
    expect(await copyMarkdown('/a.md', env)).toEqual({ copied: false, markdown: null });
  });
});
