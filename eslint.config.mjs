// ESLint flat config. Every file: ESLint's and typescript-eslint's recommended rules. TypeScript
// files: also typescript-eslint's type-checked rules (recommendedTypeCheckedOnly, typed from
// tsconfig.json by the project service), except Deno's test entry points, which tsconfig excludes.
// .tsx under src/, framework/, tests/: React hooks rules, and the Docusaurus plugin flags raw <a href>
// and <h1..h6> (<Link> and <Heading> keep SPA navigation and anchors); src/ .tsx also jsx-a11y.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import docusaurus from '@docusaurus/eslint-plugin';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['node_modules/', 'build/', 'build-*/', '.docusaurus/', 'bench/', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    // Deno's test entry points: outside tsconfig (Node's project has no Deno globals); deno test checks them.
    files: ['tests/gate/*.deno.test.ts'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Stubs implement async interfaces (fetch, a gate's next) without awaiting; act() needs async callbacks.
    files: ['tests/**/*.{ts,tsx}', 'framework/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests run generated code (routes.js, head scripts, loader conditions) with new Function to check it.
    files: ['tests/**/*.{ts,tsx}', 'framework/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-implied-eval': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'plugins/**/*.{ts,tsx}', 'framework/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.tsx', 'framework/**/*.tsx', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, '@docusaurus': docusaurus },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@docusaurus/no-html-links': 'error',
      '@docusaurus/prefer-docusaurus-heading': 'error',
    },
  },
  {
    // <Heading> gives every heading with an id a "#" self-link; a dialog's title needs its id for
    // aria-labelledby and no self-link, so dialogs keep plain <h2>.
    files: ['src/guide-gate/AccessModal.tsx', 'src/search/SearchModal.tsx', 'src/components/Dialog/**'],
    rules: { '@docusaurus/prefer-docusaurus-heading': 'off' },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
);
