// npm run search:push [-- --dry-run] [-- --records path]
// Uploads the search records the build produced (plugins/search-records) to Typesense with a
// zero-downtime alias switch. Needs TYPESENSE_HOST and TYPESENSE_ADMIN_API_KEY (never shipped to
// the browser); TYPESENSE_COLLECTION names the alias (default "docs").
import { existsSync, readFileSync } from 'node:fs';
import { adminClient, DEFAULT_RECORDS_PATH, dryRunReport, pushRecords, readPushConfig } from './search-push-lib';
import type { SearchRecord } from '../src/search/records';

async function main(argv: string[]): Promise<void> {
  const dryRun = argv.includes('--dry-run');
  const at = argv.indexOf('--records');
  const path = at >= 0 ? argv[at + 1] : DEFAULT_RECORDS_PATH;
  if (!path || !existsSync(path)) {
    throw new Error(
      `no search records at ${path ?? '(missing path)'}: run "npm run build" first (the search-records plugin writes them)`,
    );
  }
  const records = JSON.parse(readFileSync(path, 'utf8')) as SearchRecord[];
  if (dryRun) {
    console.log(dryRunReport(records, process.env.TYPESENSE_COLLECTION?.trim() || 'docs'));
    return;
  }
  const config = readPushConfig(process.env);
  const result = await pushRecords(adminClient(config), config, records, { log: (line) => console.log(line) });
  console.log(
    `✔ ${result.imported} records in ${result.collection}${result.previous ? ` (replaced ${result.previous})` : ''}`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`✖ search:push failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
