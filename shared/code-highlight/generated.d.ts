// The Prism themes compiled for code blocks, written by plugins/code-tokenizer into
// .docusaurus/veriq-code-theme/.
declare module '@generated/veriq-code-theme/code-themes.json' {
  import type { CompiledCodeThemes } from '@site/shared/code-highlight/themeProps';
  const themes: CompiledCodeThemes;
  export default themes;
}
