// Between Node's http objects and the web-standard Request and Response the gate and MCP speak.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/** A Request for a Node request, its URL concatenated (not resolved: `//x` must not become a host). */
export function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (typeof v === 'string') headers.set(k, v);
    else if (Array.isArray(v)) for (const item of v) headers.append(k, item);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(origin + (req.url ?? '/'), {
    method: req.method,
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
