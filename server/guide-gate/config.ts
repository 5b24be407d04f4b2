// The gate's settings, read from the same environment variables as the build (config/env.ts):
// AUTH0_DOMAIN, AUTH0_CLIENT_ID, SKIP_AUTH and CONTEXT. Guides are open on deploy previews and
// with SKIP_AUTH=true (every reader counts as signed in); otherwise they need a session from the
// configured provider, and without one configured they are closed to everyone (server/guide-gate/access.ts).
import { authDomain } from '../../config/env.ts';

export interface GateSettings {
  /** Provider origin and client id the gate enforces; null when open or when none is configured. */
  identity: { domain: string; clientId: string } | null;
  /** The guides are open to every reader on purpose (previews, SKIP_AUTH=true). */
  open: boolean;
}

export function readGateSettings(get: (name: string) => string | undefined): GateSettings {
  const value = (name: string) => get(name)?.trim() || null;
  const problems: string[] = [];
  const domain = authDomain(value('AUTH0_DOMAIN'), problems);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const clientId = value('AUTH0_CLIENT_ID');
  const open = value('SKIP_AUTH') === 'true' || value('CONTEXT') === 'deploy-preview';
  return { identity: !open && domain && clientId ? { domain, clientId } : null, open };
}

/**
 * serve:prod and the e2e servers take the same variables as the build: when given, they must
 * describe the build's own gate (a mismatch would sign readers in against one provider and
 * verify against another, or open what the build closed). Returns the problem, or null.
 */
export function mismatchWithBuild(build: GateSettings, get: (name: string) => string | undefined): string | null {
  const names = ['AUTH0_DOMAIN', 'AUTH0_CLIENT_ID', 'SKIP_AUTH', 'CONTEXT'];
  if (!names.some((name) => get(name)?.trim())) return null;
  const fromEnv = readGateSettings(get);
  const describe = (s: GateSettings) =>
    s.open ? 'open guides' : s.identity ? `${s.identity.domain} (client ${s.identity.clientId})` : 'closed guides';
  if (describe(fromEnv) === describe(build)) return null;
  return `The build was made for ${describe(build)}, but the environment describes ${describe(fromEnv)}: serve it with the variables it was built with.`;
}
