import { join } from 'node:path';
import { createStaticServer, listen } from './scripts/static-server';
import { startLocalIdp } from './dev/idp/server';
import { IDP_CLIENT_ID, IDP_PORT, VARIANTS, baseUrl } from './tests/e2e/support/variants';
async function main() {
  await startLocalIdp({ port: IDP_PORT, clientId: IDP_CLIENT_ID, siteOrigins: Object.values(VARIANTS).map((v) => baseUrl(v.name)) });
  await listen(createStaticServer({ root: join(process.cwd(), VARIANTS.main.dir), gate: {} }), VARIANTS.main.port);
  console.log('main on', baseUrl('main'));
}
void main();
