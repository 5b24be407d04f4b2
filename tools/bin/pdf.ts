// `npm run pdf`: the PDF books of a built site (BUILD_DIR, default build/), written into it.
import { BookSetupError, buildBooks } from '../pdf/buildBooks';

const buildDir = process.env.BUILD_DIR ?? 'build';

buildBooks({ buildDir, log: (line) => console.log(line) }).then(
  (results) => {
    const ms = results.reduce((sum, r) => sum + r.ms, 0);
    console.log(`${results.length} books in ${(ms / 1000).toFixed(1)} s`);
  },
  (error: unknown) => {
    console.error(error instanceof BookSetupError ? error.message : error);
    process.exitCode = 1;
  },
);
