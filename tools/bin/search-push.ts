// npm run search:push [-- --dry-run] [-- --records path]
// Uploads the search records of the last production build (plugins/search-records) to Typesense
// with a zero-downtime alias switch. Needs TYPESENSE_HOST and TYPESENSE_ADMIN_API_KEY (never
// shipped to the browser); TYPESENSE_COLLECTION names the alias (default "docs").
import { existsSync, readFileSync } from 'node:fs';
import { parseTypesenseCollection } from '../../config/typesense';
import { parseRecordsFile, RECORDS_PATH } from '../../plugins/search-records/recordsFile';
import { adminClient, dryRunReport, pushableRecords, pushRecords, readPushConfig } from '../build/searchPush';

async function main(argv: string[]): Promise<void> {
  const dryRun = argv.includes('--dry-run');
  const at = argv.indexOf('--records');
  const path = at >= 0 ? argv[at + 1] : RECORDS_PATH;
  if (!path || !existsSync(path)) {
    throw new Error(
      `no search records at ${path ?? '(missing path)'}: run "npm run build" first (the search-records plugin writes them)`,
    );
  }
  const records = pushableRecords(parseRecordsFile(readFileSync(path, 'utf8'), path), path);
  if (dryRun) {
    console.log(dryRunReport(records, parseTypesenseCollection(process.env.TYPESENSE_COLLECTION)));
    return;
  }
  const config = readPushConfig(process.env);
  const result = await pushRecords(adminClient(config), config, records, { log: (line) => console.log(line) });
  console.log(
    `✔ ${result.imported} records in ${result.collection}${result.previous ? ` (replaced ${result.previous})` : ''}`,
  );
  if (result.warning) console.warn(`⚠ ${result.warning}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`✖ search:push failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
