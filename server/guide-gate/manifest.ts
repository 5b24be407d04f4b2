// What the build tells the gate (plugins/guide-gate writes <outDir>/.gate/manifest.json): the guide
// article chunks, whether the guides are open on purpose, the build's security headers and the
// identity provider to enforce. The gate takes the identity from here, never from run-time
// variables, so a forgotten Netlify variable scope cannot open the guides; it fails closed.
// Why: maintainers/decisions/2026-11-27-gate-sessions.md
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
