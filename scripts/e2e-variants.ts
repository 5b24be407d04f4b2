// The site configurations the e2e suite runs against. Each is built once per test run
// (scripts/build-variants.ts) and served on its own port (tests/e2e/support/serve.ts). They live
// here, beside the build script, so the script does not import from tests/; the main variant
// builds into build-e2e/ like the others, so `npm run build:e2e` never overwrites the
// deployable build/ folder.

export const IDP_PORT = 4011;
export const IDP_ORIGIN = `http://127.0.0.1:${IDP_PORT}`;
export const IDP_CLIENT_ID = 'veriq-docs-e2e';
export const TYPESENSE_TEST_HOST = 'typesense.test';
export const TYPESENSE_TEST_KEY = 'e2e-search-only-key';

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
  };
}

export const VARIANTS: Record<VariantName, Variant> = {
  main: {
    name: 'main',
    port: 4173,
    dir: 'build-e2e/main',
    description: 'production build signed in through the local provider, embedded search',
    env: localAuth(4173),
  },
  noauth: {
    name: 'noauth',
    port: 4174,
    dir: 'build-e2e/noauth',
    description: 'no identity configuration; Typesense search (answered by a test stand-in)',
    env: {
      TYPESENSE_HOST: TYPESENSE_TEST_HOST,
      TYPESENSE_SEARCH_API_KEY: TYPESENSE_TEST_KEY,
      TYPESENSE_COLLECTION: 'docs',
    },
  },
  preview: {
    name: 'preview',
    port: 4175,
    dir: 'build-e2e/preview',
    description: 'Netlify deploy preview (CONTEXT=deploy-preview)',
    env: { ...localAuth(4175), CONTEXT: 'deploy-preview' },
  },
  skipauth: {
    name: 'skipauth',
    port: 4176,
    dir: 'build-e2e/skipauth',
    description: 'SKIP_AUTH=true',
    env: { ...localAuth(4176), SKIP_AUTH: 'true' },
  },
};

export const baseUrl = (name: VariantName): string => origin(VARIANTS[name].port);
