// `npm start`: the local identity provider and the Docusaurus dev server side by side, with the
// AUTH0_* variables pointed at the local provider unless the caller already set AUTH0_DOMAIN.
import { spawn } from 'node:child_process';
import { localAuthEnv, readLocalIdpSettings } from '../dev/idp/config';
import { startLocalIdp } from '../dev/idp/server';

const PORT = Number(process.env.PORT ?? 3000);
const siteOrigin = `http://127.0.0.1:${PORT}`;

async function main(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_UPDATE_NOTIFIER: '1' };
  if (!process.env.AUTH0_DOMAIN) {
    const settings = readLocalIdpSettings({
      ...process.env,
      IDP_SITE_ORIGINS: process.env.IDP_SITE_ORIGINS ?? `${siteOrigin},http://localhost:${PORT}`,
    });
    await startLocalIdp(settings);
    Object.assign(env, localAuthEnv(settings, siteOrigin));
    console.log(`Local identity provider: http://127.0.0.1:${settings.port} (any user name and password sign in)`);
  } else {
    console.log(`Using the identity provider at ${process.env.AUTH0_DOMAIN}`);
  }
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
  console.error(error);
  process.exit(1);
});
