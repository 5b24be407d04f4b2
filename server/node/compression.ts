// Compression for the Node server (server/node/siteServer.ts): the coding a client accepts
// (RFC 9110 §12.5.3, q=0 included), and compressed bodies made on libuv's thread pool, never on
// the event loop, kept in a bounded cache by the hash of their content, so that a body every
// reader gets (a file, a signed-out guide's shell) is compressed once.
// Why: maintainers/decisions/2026-11-27-node-server-compression.md
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** The codings this server makes, in its order of preference when a client weighs them equally. */
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/** Types worth compressing: text, JSON, JavaScript, XML and SVG. */
export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;
/** Smaller bodies gain less than the coding's own overhead. */
export const MIN_COMPRESS_BYTES = 1024;

/** RFC 9110 §12.4.2: a weight is 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/**
 * Each coding named in an Accept-Encoding value with its weight, lower-cased; `x-gzip` counts as
 * `gzip` (RFC 9110 §8.4.1.3). A coding named twice keeps its lower weight, and a malformed weight
 * counts as 0: a coding the client may have refused is never sent.
 */
export function encodingWeights(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const item of header.split(',')) {
    const [name, ...params] = item.split(';');
    const coding = name.trim().toLowerCase();
    if (!TOKEN.test(coding)) continue;
    let q = 1;
    for (const param of params) {
      const at = param.indexOf('=');
      if ((at < 0 ? param : param.slice(0, at)).trim().toLowerCase() !== 'q') continue;
      const value = at < 0 ? '' : param.slice(at + 1).trim();
      q = QVALUE.test(value) ? Number(value) : 0;
    }
    const key = coding === 'x-gzip' ? 'gzip' : coding;
    weights.set(key, Math.min(weights.get(key) ?? q, q));
  }
  return weights;
}

/**
 * The coding to answer with, or null for the body as it is: the offered coding of highest weight
 * above 0, unless the client weighs `identity` higher. Equal weights go to the server's order. No
 * header, or an empty one, means no coding (RFC 9110 allows any, but clients that send none are
 * tools that may not decode one).
 */
export function negotiateEncoding(
  header: string | null | undefined,
  offered: readonly Encoding[] = ENCODINGS,
): Encoding | null {
  if (!header) return null;
  const weights = encodingWeights(header);
  const star = weights.get('*');
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const coding of offered) {
    const q = weights.get(coding) ?? star ?? 0;
    if (q > bestQ) [best, bestQ] = [coding, q];
  }
  // Unless named (or `*` is), identity weighs as little as the least-wanted coding named.
  const identity = weights.get('identity') ?? star ?? Math.min(1, ...[...weights.values()].filter((q) => q > 0));
  return best !== null && bestQ >= identity ? best : null;
}

/** A body's content hash, the key of its compressed forms. */
export function contentDigest(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('base64url');
}

/** Compressed forms made elsewhere (precompressed files of a build or bundle), by content hash. */
export interface PrecompressedStore {
  get(digest: string, encoding: Encoding): Buffer | undefined;
}

export interface CompressionOptions {
  /** Most bytes of compressed bodies kept; the least recently used go first. Default 64 MiB. */
  maxBytes?: number;
  /** Consulted before compressing. */
  precompressed?: PrecompressedStore;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Brotli quality for bodies compressed on request: 5. On this site's pages (68 KB guide HTML, 35
// KB home, 650 KB JS chunk) it costs what gzip -6 costs (about 3, 1.5 and 20 ms) and its output is
// within 3% of quality 9's, which costs 10 times more; quality 11 saves another 10% at 40 to 90
// times the cost, so only the background pass at start uses it. Measured: the design record.
export const ON_REQUEST_QUALITY = { br: 5, gzip: 6 } as const;
export const BEST_QUALITY = { br: 11, gzip: 9 } as const;

function compress(body: Uint8Array, encoding: Encoding, best: boolean): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: best ? BEST_QUALITY.gzip : ON_REQUEST_QUALITY.gzip });
  return brotli(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: best ? BEST_QUALITY.br : ON_REQUEST_QUALITY.br,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

export interface CompressionStats {
  /** Bodies compressed on request (each distinct content once, while it stays cached). */
  compressed: number;
  /** Bodies compressed by the background pass. */
  precompressed: number;
  hits: number;
  cachedBytes: number;
  entries: number;
}

/**
 * Compressed bodies by content hash and coding: the cache is bounded, concurrent requests for the
 * same content share one compression, and the work runs on libuv's pool (zlib's async functions).
 * Keyed by content, never by path: one process serves several builds (the e2e variants) whose
 * files share paths and lengths, and a build may be rebuilt under a running server.
 */
export class Compression {
  private readonly cache = new Map<string, Buffer>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  /** Keys whose cached form was made at the best quality. */
  private readonly best = new Set<string>();
  private readonly maxBytes: number;
  private readonly precompressed: PrecompressedStore | undefined;
  private bytes = 0;
  private counts = { compressed: 0, precompressed: 0, hits: 0 };

  constructor(options: CompressionOptions = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 2 ** 20;
    this.precompressed = options.precompressed;
  }

  stats(): CompressionStats {
    return { ...this.counts, cachedBytes: this.bytes, entries: this.cache.size };
  }

  /** The cached form, refreshed as recently used, or undefined. */
  private lookup(key: string, digest: string, encoding: Encoding): Buffer | undefined {
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      this.counts.hits++;
      return cached;
    }
    const stored = this.precompressed?.get(digest, encoding);
    if (stored) this.counts.hits++;
    return stored;
  }

  private keep(key: string, out: Buffer, best: boolean): void {
    if (out.length > this.maxBytes / 8) return;
    const old = this.cache.get(key);
    if (old) this.bytes -= old.length;
    this.cache.delete(key);
    this.cache.set(key, out);
    this.bytes += out.length;
    if (best) this.best.add(key);
    else this.best.delete(key);
    for (const [oldest, value] of this.cache) {
      if (this.bytes <= this.maxBytes) break;
      this.cache.delete(oldest);
      this.best.delete(oldest);
      this.bytes -= value.length;
    }
  }

  /**
   * `body` compressed with `encoding`: from the cache or the precompressed store, else compressed
   * now on the pool. `keep` caches the result: for bodies that recur (files, shells), not for answers
   * made for one request (MCP calls), which would only push the others out. `known` is the body's
   * digest when the caller has it already.
   */
  async compressed(body: Uint8Array, encoding: Encoding, keep: boolean, known?: string): Promise<Buffer> {
    const digest = known ?? contentDigest(body);
    const key = `${encoding}:${digest}`;
    const found = this.lookup(key, digest, encoding);
    if (found) return found;
    const running = this.pending.get(key);
    if (running) return running;
    this.counts.compressed++;
    const job = compress(body, encoding, false).then((out) => {
      // The background pass may have kept a better form meanwhile.
      if (keep && !this.best.has(key)) this.keep(key, out, false);
      return out;
    });
    this.pending.set(key, job);
    try {
      return await job;
    } finally {
      this.pending.delete(key);
    }
  }

  /** Keeps `out`, made elsewhere (a precompressed file), as the best form of `body`. */
  adopt(body: Uint8Array, encoding: Encoding, out: Buffer): void {
    this.keep(`${encoding}:${contentDigest(body)}`, out, true);
  }

  /**
   * Compresses `body` at the best quality and keeps it, replacing a form made on request. For the
   * background pass: one body at a time, so it takes one pool thread and leaves the others free.
   */
  async precompress(body: Uint8Array, encoding: Encoding): Promise<void> {
    const digest = contentDigest(body);
    const key = `${encoding}:${digest}`;
    if (this.best.has(key) || this.precompressed?.get(digest, encoding)) return;
    this.keep(key, await compress(body, encoding, true), true);
    this.counts.precompressed++;
  }
}

/** Extensions of the files a build holds that the server compresses (see COMPRESSIBLE). */
const TEXT_FILE = /\.(html|js|mjs|css|json|md|txt|xml|svg|webmanifest|map)$/i;

/** The compressible files of a build, largest last, skipping hidden ones (the gate's `.gate/`). */
export async function compressibleFiles(root: string): Promise<string[]> {
  const names = await readdir(root, { recursive: true });
  const files: { path: string; size: number }[] = [];
  for (const name of names) {
    if (!TEXT_FILE.test(name) || name.split(sep).some((part) => part.startsWith('.'))) continue;
    const path = join(root, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && info.size >= MIN_COMPRESS_BYTES) files.push({ path, size: info.size });
  }
  return files.sort((a, b) => a.size - b.size).map((f) => f.path);
}

/**
 * A store of the `<file>.br` and `<file>.gz` a build or bundle ships beside its files, read in the
 * background from `root` (until then it holds nothing and bodies are compressed as usual). A
 * sibling older than its file is stale and skipped.
 */
export function siblingStore(root: string): PrecompressedStore & { ready: Promise<number> } {
  const held = new Map<string, Buffer>();
  const ready = (async () => {
    for (const path of await compressibleFiles(root)) {
      const source = await stat(path);
      for (const [encoding, suffix] of [
        ['br', '.br'],
        ['gzip', '.gz'],
      ] as const) {
        const sibling = await stat(path + suffix).catch(() => null);
        if (!sibling?.isFile() || sibling.mtimeMs < source.mtimeMs) continue;
        held.set(`${encoding}:${contentDigest(await readFile(path))}`, await readFile(path + suffix));
      }
    }
    return held.size;
  })();
  return { get: (digest, encoding) => held.get(`${encoding}:${digest}`), ready };
}

/** The site path of a file of `root`. */
export function sitePath(root: string, file: string): string {
  return '/' + relative(root, file).split(sep).join('/');
}
