// The docs plugin's loaded content, as the local plugins that build from it (search records,
// Markdown twins, the releases feed, the error-messages list) read it in allContentLoaded.
import type { AllContent } from '@docusaurus/types';

/** The default docs instance's content, shaped as the caller reads it; throws when it is missing. */
export function docsContent<T>(allContent: AllContent, pluginName: string): T {
  const docs = allContent['docusaurus-plugin-content-docs']?.default as T | undefined;
  if (!docs) throw new Error(`${pluginName}: the docs plugin's content is missing`);
  return docs;
}
