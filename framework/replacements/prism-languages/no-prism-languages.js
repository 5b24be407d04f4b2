// Stands in for theme-classic's prism-include-languages client module (./wiring.ts): code is
// highlighted at build time (plugins/code-tokenizer), so no page needs Prism.
export {};
