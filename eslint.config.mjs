// ESLint flat config. Type-aware rules run on the TypeScript sources; React rules on the browser
// code under src/; the Docusaurus plugin flags raw <a href> and <h1..h6> where the framework's
// <Link> and <Heading> keep SPA navigation and heading anchors working.
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
