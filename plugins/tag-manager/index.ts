import path from 'node:path';
import type { HtmlTagObject, LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import googleTagManager from '@docusaurus/plugin-google-tag-manager';
import { deferOnCallback } from './deferOnCallback';

/**
 * Rewrites the official plugin's tags so the container loader skips the callback page, whose URL
 * carries the reader's tokens until read (shared/auth/callbackPath.ts). Throws when the snippet no
 * longer has the expected shape, so an upgrade cannot silently load the tag manager there again.
 */
export function guardTagManagerTags(tags: (string | HtmlTagObject)[]): (string | HtmlTagObject)[] {
  let guarded = 0;
  const result = tags.map((tag) => {
    if (typeof tag === 'string' || tag.tagName !== 'script' || !tag.innerHTML?.includes('gtm.js')) return tag;
    guarded++;
    return { ...tag, innerHTML: deferOnCallback(tag.innerHTML) };
  });
  if (guarded !== 1) {
    throw new Error(
      `veriq-tag-manager: expected one GTM loader script in the official plugin's tags, found ${guarded}`,
    );
  }
  return result;
}

/**
 * Google Tag Manager through @docusaurus/plugin-google-tag-manager (used here instead of the
 * preset's `googleTagManager` option), with the loader kept off the login callback page.
 */
export default function tagManagerPlugin(containerId: string): PluginModule {
  return (context: LoadContext): Plugin | null => {
    const official = googleTagManager(context, { containerId });
    // The official plugin does nothing outside production builds.
    if (!official?.injectHtmlTags) return official;
    const inject = official.injectHtmlTags.bind(official);
    return {
      ...official,
      name: 'veriq-tag-manager',
      getClientModules: () => [path.join(__dirname, 'client.ts')],
      injectHtmlTags(args) {
        const tags = inject(args);
        const head = tags?.headTags;
        if (!head) throw new Error('veriq-tag-manager: the official plugin injected no head tags');
        return { ...tags, headTags: guardTagManagerTags(Array.isArray(head) ? head : [head]) };
      },
    };
  };
}
