// Which of the three ways the gate treats guides, from the build's manifest and the one run-time
// secret: open (the build said so: previews, SKIP_AUTH=true), closed (the build has no identity
// provider, or this host has no usable SESSION_SECRET), or enforced. Closed fails safe: the
// guides' shells and the access modal, never their text.
import type { GateManifest } from './manifest.ts';
import { readSession, sessionSigner, type Access } from './session.ts';
import { providerVerifier } from './token.ts';

export function accessFor(manifest: GateManifest, sessionSecret: string | null | undefined): Access {
  if (manifest.open) return { kind: 'open' };
  if (!manifest.identity) {
    return {
      kind: 'closed',
      reason:
        'This site was built without an identity provider (AUTH0_DOMAIN, AUTH0_CLIENT_ID, AUTH0_CALLBACK_URL): no one can sign in to read the guides.',
    };
  }
  const sessions = sessionSigner(sessionSecret, manifest.identity.clientId);
  if (typeof sessions === 'string') return { kind: 'closed', reason: sessions };
  return {
    kind: 'enforced',
    verifier: providerVerifier(manifest.identity.domain, manifest.identity.clientId),
    sessions,
  };
}

/** Whether this request may read guides: open gates let everyone, enforced ones need a session. */
export async function hasGuideAccess(access: Access, request: Request, nowMs: number): Promise<boolean> {
  if (access.kind === 'open') return true;
  if (access.kind === 'closed') return false;
  return (await readSession(request, access.sessions, nowMs)) !== null;
}
