// `npm start`: the local identity provider and the Docusaurus dev server side by side, with the
// AUTH0_* variables pointed at the local provider unless the caller already set AUTH0_DOMAIN
// (tools/dev/serverEnv.ts). A port in use stops it with one line naming PORT or IDP_PORT.
import { spawn } from 'node:child_process';
import { readLocalIdpSettings, type LocalIdpSettings } from '../idp/config';
import { devServerEnv } from '../dev/serverEnv';
import { startLocalIdp } from '../idp/server';
import { assertPortFree, PortInUseError } from '../dev/ports';

const PORT = Number(process.env.PORT ?? 3000);
const siteOrigin = `http://127.0.0.1:${PORT}`;

async function main(): Promise<void> {
  await assertPortFree(PORT, 'the site', 'PORT');
  let localIdp: LocalIdpSettings | null = null;
  if (!process.env.AUTH0_DOMAIN) {
    localIdp = readLocalIdpSettings({
      ...process.env,
      IDP_SITE_ORIGINS: process.env.IDP_SITE_ORIGINS ?? `${siteOrigin},http://localhost:${PORT}`,
    });
    await startLocalIdp(localIdp);
    console.log(`Local identity provider: http://127.0.0.1:${localIdp.port} (any user name and password sign in)`);
  } else {
    console.log(`Using the identity provider at ${process.env.AUTH0_DOMAIN}`);
  }
  const env = devServerEnv(process.env, siteOrigin, localIdp);
  console.log(`MCP server for AI assistants: ${env.SITE_URL}/mcp`);
  const child = spawn('npx', ['docusaurus', 'start', '--host', '127.0.0.1', '--port', String(PORT), '--no-open'], {
    env,
    stdio: 'inherit',
  });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(error instanceof PortInUseError ? error.message : error);
  process.exit(1);
});
