import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const server = (glob) => path.join(root, 'src/server', glob);

/**
 * The server's floors (docs/architecture.md): a module's public surface is its services
 * (`modules/<domain>/*.service.ts`); its `<domain>.module.ts` is for app.ts alone; everything else
 * in its folder is its own.
 */
const serverModules = server('modules/**');
const serverServices = server('modules/*/*.service.ts');
/** What every module may import: the others' services and the context it is built from. */
const moduleSurface = server('modules/{module-context,*/*.service}.ts');
const serverModuleNames = readdirSync(server('modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverBoundaries = [
  {
    target: './src/shared',
    from: ['./src/server', './src/web'],
    message: 'src/shared runs on both sides: it imports neither the server nor the web.',
  },
  {
    target: './src/server',
    from: './src/web',
    except: ['./locales'],
    message: 'The server takes nothing from the web but its string catalogues.',
  },
  {
    target: [
      './src/server/auth',
      './src/server/db',
      './src/server/http',
      './src/server/integrations',
      './src/server/metrics',
      './src/server/realtime',
      './src/server/storage',
      './src/server/text',
      './src/server/config.ts',
      './src/server/errors.ts',
    ],
    from: ['./src/server/modules', './src/server/html'],
    message:
      'A lower floor imports neither the modules nor html/: pass what it needs in (a port, a function) from the module or app.ts.',
  },
  {
    target: './src/server/modules',
    from: './src/server/html',
    message: 'Modules sit below html/: move the helper to text/ (or another lower folder).',
  },
  {
    target: './src/server/html',
    from: serverModules,
    except: [serverServices],
    message: "html/ reads the shop through the modules' services, never their repositories or routes.",
  },
  {
    target: './src/server/app.ts',
    from: serverModules,
    except: [server('modules/{module-context,*/*.service,*/*.module}.ts')],
    message:
      "app.ts adds a module by its register() (<domain>.module.ts) and shares services; the rest is the module's own.",
  },
  ...serverModuleNames.map((name) => ({
    target: `./src/server/modules/${name}`,
    from: serverModules,
    except: [server(`modules/${name}/**`), moduleSurface],
    message: `Another module's internals: modules/${name} may use only the other modules' services (*.service.ts).`,
  })),
];

/**
 * The web's floors (docs/architecture.md), Bulletproof React's: shared (`components/`, `lib/`,
 * `locales/`) → features → app (`app/`, `pages/`, `main.tsx`). A feature never imports another:
 * what two features share moves down to `components/` or `lib/`, or the page composes them.
 */
const web = (entry) => `./src/web/${entry}`;
const webApp = [web('app'), web('pages'), web('main.tsx')];
const webFeatureNames = readdirSync(path.join(root, 'src/web/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webBoundaries = [
  {
    target: [web('components'), web('lib'), web('locales')],
    from: [web('features'), ...webApp],
    message: 'Shared web code imports no feature and no app/ or pages/: take what it needs as a prop or an argument.',
  },
  {
    target: web('features'),
    from: webApp,
    message: 'Features sit below app/ and pages/: pass what a feature needs in from the page.',
  },
  ...webFeatureNames.map((name) => ({
    target: web(`features/${name}`),
    from: web('features'),
    except: [`./${name}`],
    message: `features/${name} imports no other feature: move what they share to components/ or lib/, or let the page compose them.`,
  })),
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Import boundaries (docs/architecture.md): the server's and the web's blocks below add the
    // zones; the resolver follows the TypeScript projects' paths.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'tsconfig.web.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    // Server floors and shared code (docs/architecture.md).
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    // no-cycle follows imports through the files it parses: TypeScript ones here.
    settings: { 'import-x/extensions': ['.ts'], 'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] } },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverBoundaries }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web's floors and features (docs/architecture.md).
    files: ['src/web/**/*.{ts,tsx}'],
    // no-cycle follows imports through the files it parses: TypeScript and TSX ones here.
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: webBoundaries }],
      'import-x/no-cycle': 'error',
      // The translator is our own (decision 0004): i18next lends its key types, no code.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'i18next', allowTypeImports: true, message: 'Use lib/translate (decision 0004).' },
            { name: 'react-i18next', message: 'Use lib/use-translation (decision 0004).' },
          ],
        },
      ],
    },
  },
  {
    // Scripts and benchmarks talk to a terminal.
    files: ['scripts/**', 'bench/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
