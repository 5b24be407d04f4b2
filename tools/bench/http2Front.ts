// An HTTP/2 front for a site the bench serves over HTTP/1.1: phones reach the production site over
// HTTP/2 (Netlify), where a request made after paint does not wait for one of HTTP/1.1's six
// connections to come free. Bench-only: a throwaway self-signed certificate for 127.0.0.1, and
// each stream forwarded to the HTTP/1.1 server as it is, with the Host it would have had.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { constants, createSecureServer, type Http2SecureServer, type OutgoingHttpHeaders } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { HTTP2_HEADER_AUTHORITY, HTTP2_HEADER_METHOD, HTTP2_HEADER_PATH, HTTP2_HEADER_STATUS } = constants;
// Connection-specific fields HTTP/2 forbids (RFC 9113 §8.2.2).
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'veriq-bench-tls-'));
  try {
    // prettier-ignore
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Serves `https://127.0.0.1:<port>` over HTTP/2 in front of `http://127.0.0.1:<backendPort>`. The
 * browser must accept the self-signed certificate (Playwright's `ignoreHTTPSErrors`).
 */
export function startHttp2Front(port: number, backendPort: number): Promise<Http2SecureServer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const server = createSecureServer(selfSignedCertificate());
  server.on('stream', (stream, headers) => {
    const forwarded: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) if (!name.startsWith(':')) forwarded[name] = value;
    forwarded.host = String(headers[HTTP2_HEADER_AUTHORITY] ?? `127.0.0.1:${port}`);
    const upstream = request(
      {
        host: '127.0.0.1',
        port: backendPort,
        method: String(headers[HTTP2_HEADER_METHOD]),
        path: String(headers[HTTP2_HEADER_PATH]),
        headers: forwarded,
        agent,
      },
      (response) => {
        const answer: OutgoingHttpHeaders = { [HTTP2_HEADER_STATUS]: response.statusCode ?? 502 };
        for (const [name, value] of Object.entries(response.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) answer[name] = value;
        }
        if (stream.destroyed) return response.resume();
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    upstream.on('error', () => {
      if (!stream.destroyed && !stream.headersSent) stream.respond({ [HTTP2_HEADER_STATUS]: 502 });
      stream.end();
    });
    stream.on('error', () => upstream.destroy());
    stream.pipe(upstream);
  });
  server.on('close', () => agent.destroy());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
