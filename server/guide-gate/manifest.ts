// What the build tells the gate (written by plugins/guide-gate into <outDir>/.gate/manifest.json):
// the JS chunks compiled from docs/guides, whether the build opened the guides on purpose, the security headers of this build (the CSP carries
// hashes of the build's inline scripts, so only the build can compute it; responses the gate makes
// itself carry them, since the host applies `_headers` only to files it serves), and the identity
// provider the build was made for. The gate enforces that identity rather than reading it at run
// time: Netlify gives edge functions no CONTEXT and only the variables scoped to Functions, so a
// deploy that forgot a scope would otherwise open the guides. The gate fails closed, never open.
import type { GateSettings } from './config.ts';

export const MANIFEST_PATH = '.gate/manifest.json';

export interface GateManifest {
  /** URL paths of the guide article chunks, e.g. /assets/js/1137.4d5e6f7a.js */
  guideChunks: string[];
  securityHeaders: Record<string, string>;
  /** The build's provider and client id; null when the build has none (then guides are closed unless `open`). */
  identity: GateSettings['identity'];
  /** True only when the build opened the guides on purpose (previews, SKIP_AUTH=true). */
  open: boolean;
}

/** Validates a parsed manifest; throws with a message naming the build folder's problem. */
export function parseManifest(value: unknown): GateManifest {
  const v = value as Partial<GateManifest> | null;
  const chunksOk =
    Array.isArray(v?.guideChunks) && v.guideChunks.every((c) => typeof c === 'string' && c.startsWith('/'));
  const headersOk =
    v?.securityHeaders !== undefined &&
    typeof v.securityHeaders === 'object' &&
    Object.values(v.securityHeaders).every((h) => typeof h === 'string') &&
    typeof v.securityHeaders['Content-Security-Policy'] === 'string';
  const id = v?.identity;
  const identityOk =
    id === null ||
    (typeof id === 'object' && id !== undefined && typeof id.domain === 'string' && typeof id.clientId === 'string');
  // A manifest that does not say whether the guides are open must never be read as open.
  const openOk = typeof v?.open === 'boolean';
  if (!v || !chunksOk || !headersOk || !identityOk || !openOk) {
    throw new Error(`${MANIFEST_PATH} is malformed: rebuild the site.`);
  }
  return { guideChunks: v.guideChunks!, securityHeaders: v.securityHeaders!, identity: id ?? null, open: v.open! };
}
