// The page types the performance targets cover, in the bench's order. `signedIn` pages are loaded as a
// reader with a session; a guide without it is the signed-out shell with the access modal.
export interface BenchPageType {
  name: string;
  path: string;
  signedIn: boolean;
}

export const BENCH_PAGE_TYPES: readonly BenchPageType[] = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'install page', path: '/helm-online-install', signedIn: false },
  { name: 'connection guide, signed in', path: '/guides/connections/snowflake', signedIn: true },
  { name: 'data-testing guide, signed in', path: '/guides/data-testing/rule-recon', signedIn: true },
  { name: 'release notes', path: '/releases/2025-03', signedIn: false },
  { name: 'guide, signed out (access modal)', path: '/guides/connections/snowflake', signedIn: false },
];
