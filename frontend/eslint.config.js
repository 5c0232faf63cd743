// ESLint flat config: typescript-eslint, react-hooks, and the feature boundaries of
// shared/STYLE.md ("React: feature folders"): a feature never imports another feature;
// shared parts live in components/ or lib/, or are composed in app/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'e2e', 'scripts', 'src/lib/api-schema.d.ts', 'src/lib/laengen.ts'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      // '@/…' is src/ (vite.config.ts, tsconfig.app.json); the alias resolver has no native parts
      'import/resolver': {
        alias: { map: [['@', './src']], extensions: ['.ts', '.tsx', '.js', '.d.ts'] },
        node: { extensions: ['.ts', '.tsx', '.js'] },
      },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // no feature imports another feature
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: 'Features never import each other: move the shared part to components/ or lib/, or compose it in app/.',
            })),
            // shared layers never import features or the app
            {
              target: ['./src/components', './src/lib'],
              from: ['./src/features', './src/app'],
              message: 'components/ and lib/ are shared: they never import a feature or the app.',
            },
          ],
        },
      ],
    },
  },
);
