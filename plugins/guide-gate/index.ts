// The build side of the private guides (server/guide-gate/ is the server side): each guide's
// article leaves its route module for a chunk of its own (`?article`), so a 401 on it never breaks
// the route's preload; guide descriptions leave the per-doc metadata; and after the build the
// manifest lists the article chunks. The build fails if a guide has no marker or no article chunk.
// Why: maintainers/decisions/2026-11-27-guide-article-split.md
import path from 'node:path';
import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { Plugin, PluginModule } from '@docusaurus/types';
import { docsContent, type DocsContent } from '../docs-content';
import { securityHeaders, type HostingInputs } from '../../config/hosting';
import { collectInlineScripts } from '../hosting-headers';
import { MANIFEST_PATH, type GateManifest } from '../../server/guide-gate/manifest';
import type { GateSettings } from '../../server/guide-gate/config';
import { ARTICLE_TAG } from '../../shared/guide-gate/articleMarker';
import { ID_TOKEN_KEY } from '../../shared/auth/storageKeys';
import { isArticleModule } from './articleSplit.cjs';

const PLUGIN_NAME = 'veriq-guide-gate';

/** The per-doc metadata JSON files the docs plugin writes into .docusaurus. */
export const DOC_METADATA_FILE = /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]site-docs-[^\\/]+\.json$/;

interface BundlerChunk {
  files: Iterable<string>;
}
interface BundlerCompilation {
  chunks: Iterable<BundlerChunk>;
  chunkGraph: { getChunkModules(chunk: BundlerChunk): { identifier(): string }[] };
}
interface BundlerCompiler {
  hooks: { afterEmit: { tap(name: string, hook: (compilation: BundlerCompilation) => void): void } };
}

/**
 * A bundler plugin (webpack or Rspack) that records the URL paths of the files of the chunks
 * holding a guide article (a module requested with `?article`).
 */
export class GuideChunkFiles {
  paths: string[] | null = null;

  apply(compiler: BundlerCompiler): void {
    compiler.hooks.afterEmit.tap('veriq-guide-chunk-files', (compilation) => {
      this.paths = [...compilation.chunks]
        .filter((chunk) =>
          compilation.chunkGraph.getChunkModules(chunk).some((module) => isArticleModule(module.identifier())),
        )
        .flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')).map((file) => `/${file}`))
        .sort();
    });
  }
}

/** The split file: each guide's public Markdown, keyed by its source's hash (articleSplit.cjs). */
export function guideSplit(content: DocsContent): Record<string, string> {
  const split: Record<string, string> = {};
  for (const doc of content.docs) if (doc.publicMarkdown !== null) split[doc.sourceHash] = doc.publicMarkdown;
  return split;
}

/** Replaces a file in one step, so the loader never reads half of it. */
async function writeAtomically(file: string, body: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, body);
  await rename(temporary, file);
}

/** The part of a bundler configuration that names its persistent cache (Rspack's `experiments.cache`). */
export interface CacheConfig {
  experiments?: { cache?: boolean | { type?: string; version?: string } };
}

/**
 * Keys the bundler's persistent cache on loader options: Rspack keys a cached module on its source
 * and loaders' paths only, so an open build after a gated one reused the gated route modules and
 * failed to hydrate. Why: maintainers/decisions/2026-11-27-guide-article-split.md
 */
export function cacheKeyedOn(config: CacheConfig, options: object): CacheConfig {
  const cache = config.experiments?.cache;
  if (typeof cache !== 'object' || cache.type !== 'persistent') return {};
  const key = createHash('sha256').update(JSON.stringify(options)).digest('hex').slice(0, 12);
  return { experiments: { cache: { version: `${cache.version ?? ''}-guide-gate-${key}` } } };
}

export default function guideGatePlugin(
  hosting: Omit<HostingInputs, 'inlineScripts'>,
  gate: GateSettings,
): PluginModule {
  return (context): Plugin => {
    const guidesDir = path.join(context.siteDir, 'docs', 'guides');
    const splitFile = path.join(context.generatedFilesDir, PLUGIN_NAME, 'guide-split.json');
    const guideChunkFiles = new GuideChunkFiles();
    // A closed gate (no provider) withholds articles too: only previews load them for all.
    const articleOptions = { gated: !gate.open, idTokenKey: ID_TOKEN_KEY };
    return {
      name: PLUGIN_NAME,
      async allContentLoaded({ allContent }) {
        const split = guideSplit(await docsContent(allContent, context, PLUGIN_NAME));
        await writeAtomically(splitFile, JSON.stringify(split));
      },
      configureWebpack(config, isServer) {
        const guideFile = { test: /\.mdx?$/i, include: [guidesDir] };
        return {
          ...cacheKeyedOn(config as CacheConfig, articleOptions),
          plugins: isServer ? [] : [guideChunkFiles],
          module: {
            rules: [
              {
                ...guideFile,
                enforce: 'pre',
                use: [{ loader: path.join(__dirname, 'public-markdown-loader.cjs'), options: { splitFile } }],
              },
              {
                ...guideFile,
                enforce: 'post',
                use: [{ loader: path.join(__dirname, 'article-loader.cjs'), options: articleOptions }],
              },
              { test: DOC_METADATA_FILE, use: [{ loader: path.join(__dirname, 'guide-description-loader.cjs') }] },
            ],
          },
        };
      },
      async postBuild({ outDir, routesPaths }) {
        const guidePages = routesPaths.filter((r) => r === '/guides' || r.startsWith('/guides/'));
        for (const route of guidePages) {
          const html = await readFile(path.join(outDir, `${route}.html`), 'utf8').catch(() =>
            readFile(path.join(outDir, route, 'index.html'), 'utf8'),
          );
          if (!html.includes(`<${ARTICLE_TAG}`)) {
            throw new Error(`${route} has no <${ARTICLE_TAG}>: the gate could not withhold its article.`);
          }
        }
        const guideChunks = guideChunkFiles.paths;
        if (guideChunks === null)
          throw new Error('The browser build did not report its chunks: no guide article list.');
        const missing = (
          await Promise.all(
            guideChunks.map((file) =>
              access(path.join(outDir, file)).then(
                () => null,
                () => file,
              ),
            ),
          )
        ).filter((file) => file !== null);
        if (missing.length > 0) throw new Error(`Guide article chunks missing from ${outDir}: ${missing.join(', ')}`);
        if (guidePages.length > 0 && guideChunks.length < guidePages.length) {
          throw new Error(`${guidePages.length} guide pages but only ${guideChunks.length} guide article chunks.`);
        }
        const manifest: GateManifest = {
          guideChunks,
          securityHeaders: securityHeaders({ ...hosting, inlineScripts: await collectInlineScripts(outDir) }),
          identity: gate.identity,
          open: gate.open,
        };
        await mkdir(path.join(outDir, path.dirname(MANIFEST_PATH)), { recursive: true });
        await writeFile(path.join(outDir, MANIFEST_PATH), JSON.stringify(manifest, null, 2) + '\n');
      },
    };
  };
}
