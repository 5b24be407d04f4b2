// Stands in for theme-classic's prism-include-languages client module (see ../plugin.ts):
// code is highlighted at build time (./rehype.ts), so no page needs Prism.
export {};
