import type { Plugin, PluginModule } from '@docusaurus/types';
import { CALLBACK_FRAGMENT_GLOBAL, IS_CALLBACK_PATH_ES5 } from '../../shared/auth/callbackPath';

/**
 * The callback page's first script: on the callback route it moves the provider's fragment
 * (tokens or error) out of the address bar into a window property the page reads once, so the
 * tokens are gone from `location.href` before any other script, first or third party, runs.
 */
export function callbackFragmentScript(): string {
  return (
    `(function(){var l=location;if(!(${IS_CALLBACK_PATH_ES5})(l.pathname))return;` +
    `window[${JSON.stringify(CALLBACK_FRAGMENT_GLOBAL)}]=l.hash;` +
    'if(l.hash)history.replaceState(null,"",l.pathname+l.search);})();'
  );
}

/** Must be listed before every plugin that injects head scripts: its tag has to come first. */
export default function callbackFragmentPlugin(): PluginModule {
  const script = callbackFragmentScript();
  return (): Plugin => ({
    name: 'veriq-callback-fragment',
    injectHtmlTags() {
      return { headTags: [{ tagName: 'script', innerHTML: script }] };
    },
  });
}
