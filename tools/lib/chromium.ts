// Debian's Chromium, never a downloaded browser, for the e2e suite (playwright.config.ts) and the
// bench (tools/bench/full.ts); these flags let it run as root and offline.
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
