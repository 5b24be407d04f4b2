// The site configurations the e2e suite runs against. Each is built once per test run
// (tools/bin/build-e2e.ts) and served on its own port (tests/e2e/support/serve.ts). They live
// here, beside the build script, so the script does not import from tests/; the main variant
// builds into build-e2e/ like the others, so `npm run build:e2e` never overwrites the
// deployable build/ folder.

// E2E_PORT_BASE and E2E_IDP_PORT move the whole suite to other ports (builds included), so two
// checkouts can run it on one machine at once.
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4173);
export const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 4011);
export const IDP_ORIGIN = `http://127.0.0.1:${IDP_PORT}`;
export const IDP_CLIENT_ID = 'veriq-docs-e2e';
export const TYPESENSE_TEST_HOST = 'typesense.test';
export const TYPESENSE_TEST_KEY = 'e2e-search-only-key';
/** A Tag Manager container for the preview and skipauth builds; the suite aborts every request to Google. */
export const GTM_TEST_CONTAINER_ID = 'GTM-E2ETEST';
/** Set in the noauth build's environment so a test can prove it never reaches the output. */
export const TYPESENSE_TEST_ADMIN_KEY = 'e2e-admin-key-must-not-leak';

/** The environment contract: a build made for a variant (or the bench) must not inherit these from the shell. */
export const ENV_CONTRACT = [
  'AUTH0_DOMAIN',
  'AUTH0_CLIENT_ID',
  'AUTH0_CALLBACK_URL',
  'AUTH0_LOGOUT_REDIRECT_URL',
  'SKIP_AUTH',
  'CONTEXT',
  'TYPESENSE_HOST',
  'TYPESENSE_SEARCH_API_KEY',
  'TYPESENSE_COLLECTION',
  'GTM_CONTAINER_ID',
  'MCP_AUDIENCE',
] as const;

export type VariantName = 'main' | 'noauth' | 'preview' | 'skipauth';

export interface Variant {
  name: VariantName;
  port: number;
  dir: string;
  description: string;
  env: Record<string, string>;
}

const origin = (port: number) => `http://127.0.0.1:${port}`;

function localAuth(port: number): Record<string, string> {
  return {
    AUTH0_DOMAIN: IDP_ORIGIN,
    AUTH0_CLIENT_ID: IDP_CLIENT_ID,
    AUTH0_CALLBACK_URL: `${origin(port)}/login/callback`,
    AUTH0_LOGOUT_REDIRECT_URL: `${origin(port)}/`,
    // The MCP server's own URL on this origin: what the local provider puts in access tokens.
    MCP_AUDIENCE: `${origin(port)}/mcp`,
  };
}

export const VARIANTS: Record<VariantName, Variant> = {
  main: {
    name: 'main',
    port: PORT_BASE,
    dir: 'build-e2e/main',
    description: 'production build signed in through the local provider, embedded search',
    env: localAuth(PORT_BASE),
  },
  noauth: {
    name: 'noauth',
    port: PORT_BASE + 1,
    dir: 'build-e2e/noauth',
    description: 'no identity configuration; Typesense search (answered by a test stand-in)',
    env: {
      TYPESENSE_HOST: TYPESENSE_TEST_HOST,
      TYPESENSE_SEARCH_API_KEY: TYPESENSE_TEST_KEY,
      TYPESENSE_ADMIN_API_KEY: TYPESENSE_TEST_ADMIN_KEY,
      TYPESENSE_COLLECTION: 'docs',
    },
  },
  preview: {
    name: 'preview',
    port: PORT_BASE + 2,
    dir: 'build-e2e/preview',
    description: 'Netlify deploy preview (CONTEXT=deploy-preview), with a Tag Manager container',
    env: { ...localAuth(PORT_BASE + 2), CONTEXT: 'deploy-preview', GTM_CONTAINER_ID: GTM_TEST_CONTAINER_ID },
  },
  skipauth: {
    name: 'skipauth',
    port: PORT_BASE + 3,
    dir: 'build-e2e/skipauth',
    description:
      'SKIP_AUTH=true, with a tag-manager container (page feedback) and Typesense search (every reader counts as signed in)',
    env: {
      ...localAuth(PORT_BASE + 3),
      SKIP_AUTH: 'true',
      GTM_CONTAINER_ID: GTM_TEST_CONTAINER_ID,
      TYPESENSE_HOST: TYPESENSE_TEST_HOST,
      TYPESENSE_SEARCH_API_KEY: TYPESENSE_TEST_KEY,
      TYPESENSE_COLLECTION: 'docs',
    },
  },
};

export const baseUrl = (name: VariantName): string => origin(VARIANTS[name].port);
