// Prism for the build: prism-react-renderer's Prism build (the one the theme would use in the
// browser) with the site's additional grammars registered, and tokens shaped exactly as its
// <Highlight> shapes them.
import { createRequire } from 'node:module';
import { Prism, normalizeTokens, type Token } from 'prism-react-renderer';

const load = createRequire(import.meta.url);

/**
 * Registers prismjs grammars (`prismjs/components/prism-<name>`) on prism-react-renderer's
 * Prism. The component files register on a global `Prism`, as the theme's own
 * prism-include-languages does it in the browser.
 */
export function registerLanguages(languages: readonly string[]): void {
  const globals = globalThis as { Prism?: unknown };
  const before = globals.Prism;
  globals.Prism = Prism;
  try {
    for (const language of languages) {
      if (Prism.languages[language]) continue;
      const file = load.resolve(`prismjs/components/prism-${language}`);
      // Already evaluated against another Prism (the require cache): evaluate it again for this one.
      delete load.cache[file];
      load(file);
      if (!Prism.languages[language])
        throw new Error(`prismjs/components/prism-${language} did not register "${language}"`);
    }
  } finally {
    if (before === undefined) delete globals.Prism;
    else globals.Prism = before;
  }
}

export function hasGrammar(language: string): boolean {
  return Boolean(Prism.languages[language]);
}

/** Tokenized lines of `code`, or null when Prism has no grammar for the language. */
export function tokenizeLines(code: string, language: string): Token[][] | null {
  const grammar = Prism.languages[language];
  if (!grammar) return null;
  const env = { code, grammar, language, tokens: [] as ReturnType<typeof Prism.tokenize> };
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(code, grammar);
  Prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens);
}
