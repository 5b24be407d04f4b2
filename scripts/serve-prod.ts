// `npm run serve:prod`: serves build/ the way production does: the deployed `_headers`
// (cache rules and the Content-Security-Policy from config/hosting.ts) and brotli/gzip.
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { createStaticServer, listen } from './static-server';

const root = join(process.cwd(), process.env.BUILD_DIR ?? 'build');
const port = Number(process.env.PORT ?? 3000);

if (!existsSync(join(root, '_headers'))) {
  console.error(`${root} has no _headers file: run "npm run build" first.`);
  process.exit(1);
}
listen(createStaticServer({ root }), port).then(() => {
  console.log(`Serving ${root} with production headers on http://127.0.0.1:${port}`);
});
