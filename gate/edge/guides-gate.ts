// Netlify Edge Function: the guides gate (gate/gate.ts) in front of every path of the site.
// Declared in netlify.toml ([build] edge_functions = "gate/edge", [[edge_functions]] on "/*").
// Netlify bundles edge functions after the build, so the build's manifest (article chunks and
// security headers, written by plugins/guide-gate into the publish folder) is imported here.
// The provider to enforce comes from the manifest (the build's own); only the Typesense search key,
// a secret the build never writes out, is read with Netlify.env (scope it to Functions).
import manifestJson from '../../build/.gate/manifest.json' with { type: 'json' };
import { createGate, type Gate } from '../gate.ts';
import { parseManifest } from '../manifest.ts';
import { providerVerifier } from '../token.ts';
import { searchKeyRoute } from '../searchKeyRoute.ts';
import { hasSession } from '../session.ts';
import { mcpDataFiles } from './mcp-data.ts';
import { accessTokenVerifier, createMcpHandler } from '../mcp/index.ts';

interface EdgeContext {
  next: () => Promise<Response>;
}
declare const Netlify: { env: { get(name: string): string | undefined } };

// Each request's own context.next, looked up by the request the gate passes on (requests of one
// isolate run concurrently, so it cannot be a shared variable).
const nexts = new WeakMap<Request, () => Promise<Response>>();
let gate: Gate | null = null;

function build(): Gate {
  const manifest = parseManifest(manifestJson);
  const verifier = manifest.identity ? providerVerifier(manifest.identity.domain, manifest.identity.clientId) : null;
  const mcpData = mcpDataFiles();
  return createGate({
    manifest,
    verifier,
    searchKey: searchKeyRoute((name) => Netlify.env.get(name)),
    // The gate only ever passes on the request it was given, unchanged.
    next: (request) => nexts.get(request)?.() ?? Promise.resolve(new Response('Not found', { status: 404 })),
    mcp: createMcpHandler({
      readFile: mcpData.read,
      verifier: manifest.identity ? accessTokenVerifier(manifest.identity.domain, mcpData.auth.audience) : null,
      open: verifier === null,
      hasSession: (request) => (verifier ? hasSession(request, verifier, Date.now()) : Promise.resolve(true)),
      headers: manifest.securityHeaders,
    }),
  });
}

export default async function guidesGate(request: Request, context: EdgeContext): Promise<Response> {
  gate ??= build();
  nexts.set(request, () => context.next());
  return gate(request);
}
