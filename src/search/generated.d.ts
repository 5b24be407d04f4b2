// The records file plugins/search-records writes with createData() (.docusaurus/<plugin>/default/).
declare module '@generated/veriq-search-records/default/search-records.json' {
  import type { SearchRecord } from '@site/src/search/records';
  const records: SearchRecord[];
  export default records;
}
