// The search settings the build hands the browser (customFields.search, docusaurus.config.ts):
// Typesense's host, the public scoped key and the collection, or nothing for the embedded index.

export interface TypesenseSearchConfig {
  host: string;
  /** A scoped key (shared/search/typesenseScopedKey.ts): public records only for the bundle's key. */
  searchApiKey: string;
  collection: string;
}

export interface SearchSettings {
  typesense: TypesenseSearchConfig | null;
}

/** Reads the search settings back from customFields (`search.typesense`), tolerating their absence. */
export function readSearchSettings(customFields: Record<string, unknown> | undefined): SearchSettings {
  const raw = (customFields?.search as { typesense?: unknown } | undefined)?.typesense;
  if (raw && typeof raw === 'object') {
    const { host, searchApiKey, collection } = raw as Record<string, unknown>;
    if (
      typeof host === 'string' &&
      typeof searchApiKey === 'string' &&
      typeof collection === 'string' &&
      host &&
      searchApiKey
    ) {
      return { typesense: { host, searchApiKey, collection } };
    }
  }
  return { typesense: null };
}
