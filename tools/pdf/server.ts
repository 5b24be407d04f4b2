// Serves a built site to the PDF tool's Chromium on a free loopback port, straight from the build's
// files (no gate: the tool reads the build as the build itself wrote it, guides included), plus
// the composed book documents, which exist only in memory.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

export interface BuildServer {
  origin: string;
  /** Serves `html` at `path` (which must start with /__pdf-books/) until the server closes. */
  put: (path: string, html: string) => string;
  close: () => Promise<void>;
}

export const BOOK_PREFIX = '/__pdf-books/';

export async function serveBuild(buildDir: string): Promise<BuildServer> {
  const files = sirv(buildDir, { dev: false, etag: false, dotfiles: false, extensions: ['html'] });
  const documents = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const doc = documents.get(path);
    if (doc !== undefined) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(doc);
      return;
    }
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    put(path, html) {
      if (!path.startsWith(BOOK_PREFIX)) throw new Error(`book documents live under ${BOOK_PREFIX}`);
      documents.set(path, html);
      return origin + path;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
