// `npm run bundle`: the offline docs bundle for air-gapped installs (tools/bundle/make.ts).
//   npm run bundle [-- --from <build dir> [--books-from <build dir>]] [--out <dir>]
// Without --from it builds the site for offline use (guides open, no Tag Manager, no provider)
// into build-bundle/site and prints its PDF books. Progress goes to stderr; the last line of
// stdout is the tarball's path.
import { parseArgs } from 'node:util';
import { DEFAULT_OUT_DIR, makeBundle } from '../bundle/make';

const USAGE = 'Usage: npm run bundle [-- --from <build dir> [--books-from <build dir>]] [--out <dir>]';

let values: { from?: string; out?: string; 'books-from'?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      from: { type: 'string' },
      out: { type: 'string' },
      'books-from': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(1);
}
if (values.help) {
  console.log(
    [
      USAGE,
      '  --from        bundle this build instead of building one',
      '  --books-from  copy the PDF books of this build when --from has none (else they are printed)',
      `  --out         where the tarball goes (default ${DEFAULT_OUT_DIR}/)`,
    ].join('\n'),
  );
  process.exit(0);
}

const started = Date.now();
makeBundle({
  from: values.from,
  outDir: values.out,
  booksFrom: values['books-from'],
  log: (line) => console.error(line),
}).then(
  (tarball) => {
    console.error(`bundle made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(tarball);
  },
  (error: unknown) => {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
