// The search document (one per page section) and the hit shape both backends return.

/** One section of one page: the page's lead, or one h2/h3 with its text. */
export interface SearchRecord {
  /** Stable id: the record's url (permalink plus `#anchor` for sections). */
  id: string;
  /** Page title. */
  title: string;
  /** Heading text of the section; empty for the page's lead. */
  section: string;
  /** Sidebar category path, e.g. "Guides › Connections". */
  category: string;
  /** Plain text of the section (markup stripped, code kept). */
  content: string;
  /** Permalink, plus `#anchor` for a section. */
  url: string;
}

export type MatchLevel = 'none' | 'partial' | 'full';

export interface HighlightValue {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
}

export interface SnippetValue {
  value: string;
  matchLevel: MatchLevel;
}

export type HighlightedField = 'title' | 'section' | 'category' | 'url';

/** A hit as InstantSearch receives it, from the embedded client or the Typesense adapter. */
export interface SearchHit {
  objectID: string;
  title: string;
  section: string;
  category: string;
  url: string;
  content?: string;
  _highlightResult?: Partial<Record<HighlightedField | 'content', HighlightValue>>;
  _snippetResult?: Partial<Record<'content', SnippetValue>>;
}
