// ESLint flat config: typescript-eslint, react-hooks, and the feature boundaries of
// shared/STYLE.md ("React: feature folders"): a feature never imports another feature;
// shared parts live in components/ or lib/, or are composed in app/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** The message of the guard against hand-written API shapes (issue 43, item 4). */
const API_FORM =
  "An API shape comes from the API document: Schema<'X'>, Antwort<'operationId'> or Anfrage<'operationId'> (lib/api.ts). " +
  'A call\'s arguments are an interface named …Eingabe; a form\'s or view\'s own state takes ' +
  '"// eslint-disable-next-line no-restricted-syntax -- Frontend: <reason>".';

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
      // import/no-cycle reads the imported modules: with the TypeScript parser
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
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
      // issue 44: no import cycles (a module and what it imports form a tree, lazy routes included)
      'import/no-cycle': ['error', { ignoreExternal: true }],
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
  // Issue 43, item 4: the shapes of the API's answers and request bodies come from the API document
  // (Schema<'X'>, Antwort<'operationId'>, Anfrage<'operationId'> of lib/api.ts), never by hand. In
  // the files that call the API an object type is written only for the frontend's own forms —
  // a call's arguments (an interface named …Eingabe: path and query parameters and a body typed
  // from the document), or, with the one escape, a form's or a view's state:
  //   // eslint-disable-next-line no-restricted-syntax -- Frontend: <why this is no API shape>
  {
    files: ['src/features/*/api/**/*.ts', 'src/lib/{befehl,wertelisten,konfiguration,jahresbericht}.ts', 'src/lib/akte/*.ts', 'src/lib/auth/session.ts', 'src/components/zustaendigkeiten/zustaendigkeiten.ts'],
    ignores: [
      '**/*.test.ts',
      // generated from domain/anlage/typen.go (the plant types' table), no answer of the API
      'src/features/anlage/api/typen.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSInterfaceDeclaration[id.name!=/Eingabe$/]',
          message: API_FORM,
        },
        {
          selector: 'TSInterfaceDeclaration[id.name=/Eingabe$/] TSTypeLiteral',
          message: API_FORM,
        },
        {
          selector: 'TSTypeAliasDeclaration TSTypeLiteral',
          message: API_FORM,
        },
        {
          selector: 'CallExpression > TSTypeParameterInstantiation TSTypeLiteral',
          message: API_FORM,
        },
      ],
    },
  },
);
