import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Plugin, PluginModule } from '@docusaurus/types';
import { ID_TOKEN_KEY } from '../../shared/auth/storageKeys';
import { CLOCK_SKEW_SECONDS, MAX_ID_TOKEN_LENGTH } from '../../shared/auth/token';
import { earlyInputScript } from '../../src/early-input/script';

export interface EarlyInputPluginOptions {
  alwaysLoggedIn: boolean;
  /** The site's client id; a stored token for another audience counts as signed out. */
  clientId: string | null;
}

/** The stand-ins (src/early-input/standins.ts), minified into one self-contained script. */
export function standinsScript(): string {
  const result = buildSync({
    entryPoints: [path.join(__dirname, '../../src/early-input/standins.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    legalComments: 'none',
  });
  return result.outputFiles[0].text;
}

/**
 * Puts the early-input script (src/early-input) in every page's <head>: from the first paint on,
 * a tap or key the page cannot act on before hydration is held and handed to the app once it can.
 * In <head> so it listens before the reader can see, and so tap, anything. The stand-ins that
 * answer the first taps load from an async script beside it, so the HTML does not grow past the
 * first round trip: maintainers/decisions/2026-11-27-early-input-standins.md
 */
export default function earlyInputPlugin(options: EarlyInputPluginOptions): PluginModule {
  const script = earlyInputScript({
    idTokenKey: ID_TOKEN_KEY,
    clientId: options.clientId,
    alwaysSignedIn: options.alwaysLoggedIn,
    maxIdTokenLength: MAX_ID_TOKEN_LENGTH,
    clockSkewSeconds: CLOCK_SKEW_SECONDS,
  });
  const standins = standinsScript();
  const file = `assets/early-input/standins.${createHash('sha256').update(standins).digest('hex').slice(0, 8)}.js`;
  return (context): Plugin => {
    // The dev server runs no postBuild: there the stand-ins are inline.
    const built = process.env.NODE_ENV === 'production';
    return {
      name: 'veriq-early-input',
      injectHtmlTags() {
        return {
          headTags: [
            { tagName: 'script', innerHTML: script },
            built
              ? { tagName: 'script', attributes: { src: `${context.baseUrl}${file}`, async: true } }
              : { tagName: 'script', innerHTML: standins },
          ],
        };
      },
      postBuild({ outDir }) {
        mkdirSync(path.join(outDir, path.dirname(file)), { recursive: true });
        writeFileSync(path.join(outDir, file), standins);
        return Promise.resolve();
      },
    };
  };
}
