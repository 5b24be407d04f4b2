import { createContext, useContext } from 'react';

// Carries a code block's build-time tokens from the block's props (where the rehype plugin put
// them) to its content component, which the theme renders without passing props through.
const CodeTokensContext = createContext<string | undefined>(undefined);

export const CodeTokensProvider = CodeTokensContext.Provider;

/** The encoded tokens of the enclosing code block, if the build tokenized it. */
export function useCodeTokens(): string | undefined {
  return useContext(CodeTokensContext);
}
