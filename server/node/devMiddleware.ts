// A web-standard handler (the dev gate, then MCP) as a middleware of the webpack dev server
// (`npm start`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevHandler } from '../guide-gate/devGate';
import { toNodeHeaders, toRequest } from './nodeHttp';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
type SetupMiddlewares = (middlewares: unknown[], devServer: unknown) => unknown[];

/**
 * A `setupMiddlewares` that puts the handler right after the dev server's security checks. It adds
 * to the list it is given and returns nothing more: Docusaurus merges dev server settings with
 * webpack-merge, which calls both functions on the same list and concatenates their results.
 */
export function devMiddleware(create: () => DevHandler | null): SetupMiddlewares {
  let handler: DevHandler | null | undefined;
  const middleware: Middleware = (req, res, next) => {
    handler ??= create();
    if (!handler) return next();
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
    let request: Request;
    try {
      request = toRequest(req, origin);
    } catch {
      // Not a request for a path (`*`, a CONNECT authority) or a method fetch refuses (TRACE):
      // the dev server answers it as it would without the handler.
      return next();
    }
    handler(request)
      .then(async (response) => {
        if (!response) return next();
        res.writeHead(response.status, toNodeHeaders(response.headers));
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
