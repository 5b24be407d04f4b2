// The data plugins/search-records writes with createData() (.docusaurus/<plugin>/default/).
declare module '@generated/veriq-search-records/default/search-index.json' {
  import type { PackedIndex } from '@site/shared/search/packedIndex';
  const index: PackedIndex;
  export default index;
}

declare module '@generated/veriq-search-records/default/search-guides-index.json' {
  /** Where the index with the guides' text is, relative to the base URL (under assets/guides/). */
  const location: { path: string };
  export default location;
}
