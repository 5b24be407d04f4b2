// What the build tells the gate (written by plugins/guide-gate into <outDir>/.gate/manifest.json):
// the JS chunks compiled from docs/guides, and the security headers of this build (the CSP
// carries hashes of the build's inline scripts, so only the build can compute it). Responses the
// gate makes itself carry these headers, since the host applies `_headers` only to files it serves.

export const MANIFEST_PATH = '.gate/manifest.json';

export interface GateManifest {
  /** URL paths of the guide article chunks, e.g. /assets/js/guide-article-1a2b3c.4d5e6f7a.js */
  guideChunks: string[];
  securityHeaders: Record<string, string>;
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
  if (!v || !chunksOk || !headersOk) throw new Error(`${MANIFEST_PATH} is malformed: rebuild the site.`);
  return { guideChunks: v.guideChunks!, securityHeaders: v.securityHeaders! };
}
