import type { Plugin, PluginModule } from '@docusaurus/types';
import { ID_TOKEN_KEY } from '../../shared/auth/storageKeys';
import { CLOCK_SKEW_SECONDS, MAX_ID_TOKEN_LENGTH } from '../../shared/auth/token';
import { earlyInputScript } from '../../src/early-input/script';

export interface EarlyInputPluginOptions {
  alwaysLoggedIn: boolean;
  /** The site's client id; a stored token for another audience counts as signed out. */
  clientId: string | null;
}

/**
 * Puts the early-input script (src/early-input) in every page's <head>: from the first paint on,
 * a tap or key the page cannot act on before hydration is held and handed to the app once it can.
 * In <head> so it listens before the reader can see, and so tap, anything.
 */
export default function earlyInputPlugin(options: EarlyInputPluginOptions): PluginModule {
  const script = earlyInputScript({
    idTokenKey: ID_TOKEN_KEY,
    clientId: options.clientId,
    alwaysSignedIn: options.alwaysLoggedIn,
    maxIdTokenLength: MAX_ID_TOKEN_LENGTH,
    clockSkewSeconds: CLOCK_SKEW_SECONDS,
  });
  return (): Plugin => ({
    name: 'veriq-early-input',
    injectHtmlTags() {
      return { headTags: [{ tagName: 'script', innerHTML: script }] };
    },
  });
}
