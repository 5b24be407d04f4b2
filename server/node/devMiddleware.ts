// A web-standard handler (the dev gate, then MCP) as a middleware of the webpack dev server
// (`npm start`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { DevHandler } from '../guide-gate/devGate';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
type SetupMiddlewares = (middlewares: unknown[], devServer: unknown) => unknown[];

function toRequest(req: IncomingMessage, origin: string): Request {
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

/**
 * A `setupMiddlewares` that puts the handler right after the dev server's security checks.
 * Docusaurus merges the plugin's dev server settings with its own through webpack-merge, which
 * calls both functions on the same list and concatenates their results: this one adds to the
 * list it is given and returns nothing more.
 */
export function devMiddleware(create: () => DevHandler | null): SetupMiddlewares {
  let handler: DevHandler | null | undefined;
  const middleware: Middleware = (req, res, next) => {
    handler ??= create();
    if (!handler) return next();
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
    handler(toRequest(req, origin))
      .then(async (response) => {
        if (!response) return next();
        const headers: Record<string, string | string[]> = {};
        response.headers.forEach((v, k) => (headers[k] = v));
        // Each cookie its own header (sign-out clears two): forEach would keep only the last.
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) headers['set-cookie'] = cookies;
        res.writeHead(response.status, headers);
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        console.error('dev server:', error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end('Internal server error');
      });
  };
  return (middlewares) => {
    // After the dev server's own host and cross-origin checks (a DNS-rebinding page must not
    // reach /mcp or /_auth), before everything else it serves.
    const checks = middlewares.findIndex((m) => (m as { name?: string }).name === 'cross-origin-header-check');
    middlewares.splice(checks + 1, 0, { name: 'veriq-gate-and-mcp', middleware });
    return [];
  };
}
