// The guides gate's CPU time per request, against Netlify's limit of about 50 ms of CPU per edge
// request: the module the edge runs (server/guide-gate/gate.ts) on the bench's own build, for a
// public file, a refused chunk, a chunk with a session, a sign-in and the largest guide shell.
// Medians in microseconds, never asserted. Why: maintainers/decisions/2026-11-27-bench-method.md
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { createGate } from '../../server/guide-gate/gate';
import { SECURE_COOKIE, SECURE_LOGIN_COOKIE } from '../../server/guide-gate/cookies';
import { mintSession, nonceOf, sessionSigner, type SessionSigner } from '../../server/guide-gate/session';
import { readGateManifest } from '../../server/node/readGateManifest';
import { listFiles } from '../lib/listFiles';
import { median } from '../lib/stats';

export const EDGE_CPU_LIMIT_MS = 50;

export interface GateCostRow {
  request: string;
  medianMicroseconds: number;
  shareOfEdgeLimit: string;
}

export async function measureGateCost(buildDir: string, iterations = 300): Promise<GateCostRow[]> {
  const manifest = readGateManifest(buildDir);
  const chunk = manifest.guideChunks[0];
  const pages = listFiles(join(buildDir, 'guides'), /\.html$/);
  const largest = pages.reduce((a, b) => (statSync(b).size > statSync(a).size ? b : a));
  const html = readFileSync(largest, 'utf8');

  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256' };
  const issuer = 'https://bench.example.auth0.com/';
  const audience = 'bench-client';
  const binding = 'bench-binding';
  const token = await new SignJWT({ nonce: await nonceOf(binding) })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject('bench')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
  const sessions = sessionSigner('bench-session-secret-of-32-characters-or-more', audience) as SessionSigner;
  const nowS = Math.floor(Date.now() / 1000);
  const session = await mintSession(sessions, { sub: 'bench', exp: nowS + 3600, authExp: nowS + 3600 });
  const gate = createGate({
    manifest,
    access: {
      kind: 'enforced',
      verifier: { issuer, audience, keys: createLocalJWKSet({ keys: [jwk] }) },
      sessions,
    },
    next: (request) =>
      Promise.resolve(
        new URL(request.url).pathname.startsWith('/guides')
          ? new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
          : new Response('/* file */', { headers: { 'Content-Type': 'text/javascript' } }),
      ),
  });
  const site = 'https://docs.example.com';
  const get = (path: string, session?: string) =>
    new Request(site + path, { headers: session ? { Cookie: `${SECURE_COOKIE}=${session}` } : {} });
  const scenarios: Record<string, () => Request> = {
    'public file': () => get('/assets/js/main.js'),
    'guide chunk, no session (401)': () => get(chunk),
    'guide chunk, with a session (HS256 verification)': () => get(chunk, session),
    'sign-in (RS256 verification, session minted)': () =>
      new Request(site + '/_auth/session', {
        method: 'POST',
        headers: { Origin: site, 'Content-Type': 'application/json', Cookie: `${SECURE_LOGIN_COOKIE}=${binding}` },
        body: JSON.stringify({ idToken: token }),
      }),
    [`guide page shell (${Math.round(html.length / 1024)} KB page)`]: () => get('/guides/page'),
  };
  const rows: GateCostRow[] = [];
  for (const [name, request] of Object.entries(scenarios)) {
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const start = performance.now();
      await (await gate(request())).arrayBuffer();
      times.push(performance.now() - start);
    }
    const ms = median(times);
    rows.push({
      request: name,
      medianMicroseconds: Math.round(ms * 1000),
      shareOfEdgeLimit: `${((ms / EDGE_CPU_LIMIT_MS) * 100).toFixed(2)} %`,
    });
  }
  return rows;
}
