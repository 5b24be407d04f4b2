// The gate's settings, read from the same environment variables as the build (config/env.ts):
// AUTH0_DOMAIN, AUTH0_CLIENT_ID, SKIP_AUTH and CONTEXT. It stays open, as the spec asks, on deploy
// previews, with SKIP_AUTH=true, and when no identity provider is configured.
import { authDomain } from '../config/env.ts';

export interface GateSettings {
  /** Provider origin and client id when the gate is enforced; null when it stays open. */
  identity: { domain: string; clientId: string } | null;
}

export function readGateSettings(get: (name: string) => string | undefined): GateSettings {
  const value = (name: string) => get(name)?.trim() || null;
  const problems: string[] = [];
  const domain = authDomain(value('AUTH0_DOMAIN'), problems);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const clientId = value('AUTH0_CLIENT_ID');
  const open = value('SKIP_AUTH') === 'true' || value('CONTEXT') === 'deploy-preview';
  return { identity: !open && domain && clientId ? { domain, clientId } : null };
}

/**
 * serve:prod and the e2e servers take the same variables as the build: when given, they must
 * describe the build's own provider (a mismatch would sign readers in against one provider and
 * verify against another). Returns the problem, or null.
 */
export function mismatchWithBuild(
  build: GateSettings['identity'],
  get: (name: string) => string | undefined,
): string | null {
  const names = ['AUTH0_DOMAIN', 'AUTH0_CLIENT_ID', 'SKIP_AUTH', 'CONTEXT'];
  if (!names.some((name) => get(name)?.trim())) return null;
  const fromEnv = readGateSettings(get).identity;
  const describe = (i: GateSettings['identity']) => (i ? `${i.domain} (client ${i.clientId})` : 'an open gate');
  if (JSON.stringify(fromEnv) === JSON.stringify(build)) return null;
  return `The build was made for ${describe(build)}, but the environment describes ${describe(fromEnv)}: serve it with the variables it was built with.`;
}
