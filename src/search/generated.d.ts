// The packed index plugins/search-records writes with createData() (.docusaurus/<plugin>/default/).
declare module '@generated/veriq-search-records/default/search-index.json' {
  import type { PackedIndex } from '@site/src/search/packedIndex';
  const index: PackedIndex;
  export default index;
}
