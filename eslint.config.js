import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.js', '!eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Dependencies point one way (DESIGN.md §3): `app/` composes features; what several features share lives in `lib/`.
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./app/*', '../**/app/*', '../**/app'],
              message: 'features/ and lib/ never import app/: move what is shared to lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's dependencies point one way too (DESIGN.md §3): modules/ use db/ (schema, client, migrations),
    // db/ never uses a module — the demo seed, which composes modules, lives in modules/demo/. Tests beside db/
    // code may drive the whole app through its test support.
    files: ['apps/server/src/db/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./modules/*', '../**/modules/*', '../**/modules'],
              message: 'db/ never imports modules/: move the code that needs a module beside the modules.',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);
