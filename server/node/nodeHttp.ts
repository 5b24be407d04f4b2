// Between Node's http objects and the web-standard Request and Response the gate and MCP speak.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/**
 * How a request names its target (RFC 9112 §3.2): a path (origin-form), an http URL (absolute-form,
 * which servers must accept: its authority stands for the Host header), `*` (asterisk-form, for
 * OPTIONS only), or something this server has no resource for.
 */
export type RequestTarget =
  | { form: 'origin'; path: string }
  | { form: 'absolute'; path: string; authority: string }
  | { form: 'asterisk' }
  | { form: 'invalid' };

export function requestTarget(target: string | undefined): RequestTarget {
  const value = target ?? '/';
  if (value.startsWith('/')) return { form: 'origin', path: value };
  if (value === '*') return { form: 'asterisk' };
  const absolute = /^https?:\/\/([^/?#]*)([^#]*)$/i.exec(value);
  if (!absolute) return { form: 'invalid' };
  const rest = absolute[2];
  return { form: 'absolute', authority: absolute[1], path: rest.startsWith('/') ? rest : `/${rest}` };
}

/** A request that names no resource of this server (`*` outside OPTIONS, an authority or scheme alone). */
export class BadTargetError extends Error {
  readonly status = 400;
}

/**
 * A Request for a Node request, its path concatenated to `origin` (not resolved: `//x` must not
 * become a host); an absolute-form target gives its path. `method` replaces the request's (HEAD
 * is asked as GET, so that it answers the same headers). Throws BadTargetError for `*` and
 * targets that are not paths or http URLs.
 */
export function toRequest(req: IncomingMessage, origin: string, method = req.method): Request {
  const target = requestTarget(req.url);
  if (target.form !== 'origin' && target.form !== 'absolute') {
    throw new BadTargetError(`The request target ${JSON.stringify(req.url)} names no resource of this server.`);
  }
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (typeof v === 'string') headers.set(k, v);
    else if (Array.isArray(v)) for (const item of v) headers.append(k, item);
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(origin + target.path, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
    duplex: 'half',
  } as RequestInit);
}

/** Headers for `writeHead`, each Set-Cookie its own header (`forEach` joins them into one). */
export function toNodeHeaders(headers: Headers): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  headers.forEach((v, k) => (out[k] = v));
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  return out;
}
