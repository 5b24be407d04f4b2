// Stands in for theme-classic's prism-include-languages client module (see index.ts):
// src/theme/CodeBlock registers the languages instead, where code is rendered.
export {};
