// ESLint for every package: typescript-eslint's recommended rules, React's hook rules in the web app,
// and the project's import boundaries (tools/eslint/architecture.mjs; docs/architecture.md). `npm test`
// runs it with --max-warnings 0.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import architecture from './tools/eslint/architecture.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'frontend/dist-server/**',
      '.data/**',
      'bench/out/**',
      'coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { architecture },
    rules: {
      'architecture/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Nest's DI needs classes with only a constructor and decorators; empty ones are module markers
      '@typescript-eslint/no-extraneous-class': 'off',
      'no-empty': ['error', { allowEmptyCatch: false }],
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}', 'frontend/test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The classic hook rules. The plugin's React Compiler rules (refs, purity, set-state-in-effect, …)
    // describe what the compiler can optimise; this app does not use the compiler.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.spec.{ts,tsx}', '**/test/**', '**/test-support/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.jest } },
    // tests stub libraries and read loose JSON answers
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // runs in the page before the app (public/) or inside the browser (page.evaluate)
    files: ['frontend/public/**/*.js', 'scripts/make-demo-video.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
