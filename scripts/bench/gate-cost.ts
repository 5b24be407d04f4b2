// The guides gate's CPU time per request. Netlify allows an edge function about 50 ms of CPU per
// request (issue #18); this measures, on this machine, the module the edge runs (gate/gate.ts)
// against the bench's own build: a public file, a guide article chunk refused without a session,
// the same chunk with a session (one RS256 verification, against a local key set so no network
// time is counted), and the largest guide page of the build cut into its shell. Medians of many
// calls, in microseconds; printed beside the 50 ms limit, never asserted.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { createGate } from '../../gate/gate';
import { SECURE_COOKIE } from '../../gate/cookies';
import { readGateManifest } from '../readGateManifest';
import { listFiles } from '../listFiles';
import { median } from '../stats';

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
  const token = await new SignJWT({ nonce: 'n' })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
  const gate = createGate({
    manifest,
    verifier: { issuer, audience, keys: createLocalJWKSet({ keys: [jwk] }) },
    next: async (request) =>
      new URL(request.url).pathname.startsWith('/guides')
        ? new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
        : new Response('/* file */', { headers: { 'Content-Type': 'text/javascript' } }),
  });
  const site = 'https://docs.example.com';
  const get = (path: string, session?: string) =>
    new Request(site + path, { headers: session ? { Cookie: `${SECURE_COOKIE}=${session}` } : {} });
  const scenarios: Record<string, () => Request> = {
    'public file': () => get('/assets/js/main.js'),
    'guide chunk, no session (401)': () => get(chunk),
    'guide chunk, with a session (RS256 verification)': () => get(chunk, token),
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
