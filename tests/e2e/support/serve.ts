// Serves every built variant and the local identity provider for the e2e suite.
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { createStaticServer, listen } from '../../../server/node/siteServer';
import { startLocalIdp } from '../../../tools/idp/server';
import { searchKeyRoute } from '../../../server/search-key/searchKeyRoute';
import { IDP_CLIENT_ID, IDP_PORT, VARIANTS, baseUrl } from './variants';

// npm scripts and Playwright run from the repository root.
const root = process.cwd();

async function main(): Promise<void> {
  await startLocalIdp({
    port: IDP_PORT,
    clientId: IDP_CLIENT_ID,
    siteOrigins: Object.values(VARIANTS).map((v) => baseUrl(v.name)),
  });
  for (const variant of Object.values(VARIANTS)) {
    const dir = join(root, variant.dir);
    if (!existsSync(join(dir, 'index.html'))) {
      throw new Error(`${variant.dir} has no build: run "npm run build:e2e" first`);
    }
    // The gate enforces the provider named in the variant's build, as serve:prod and the edge do.
    const gate = { searchKey: searchKeyRoute((name: string) => variant.env[name]) };
    await listen(createStaticServer({ root: dir, gate }), variant.port);
    console.log(`${variant.name}: ${baseUrl(variant.name)} (${variant.dir})`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
