// @ts-check
import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import prettier from 'eslint-config-prettier'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { housePlugin } from './scripts/eslint-messages-in-render.mjs'
import { layerZones } from './scripts/layers.mjs'

export default tseslint.config(
  {
    ignores: [
      'generated/**',
      'dist/**',
      'contract-check/dist/**',
      'dist-e2e/**',
      '**/dist/**',
      'bench/floor/dist-experiment/**',
      'docs/api/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      'node_modules/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  reactHooks.configs.flat['recommended-latest'],
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The one-way flow of the house (docs/architecture.md): routes -> features -> lib/ui,
    // a feature never imports another, ui imports nothing of ours, no cycles anywhere.
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Texts follow a language switch: no message made at module load.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { house: housePlugin },
    rules: { 'house/messages-in-render': 'error' },
  },
  {
    // TanStack Form's form groups are left out by patches/@tanstack+react-form+1.33.5.patch (patches/README.md).
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[property.name=/^(FormGroup|withFieldGroup)$/], Property[key.name="withFieldGroup"]',
          message:
            'Form and field groups are left out by patches/@tanstack+react-form+1.33.5.patch (patches/README.md).',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-form',
              importNames: [
                'FormGroup',
                'useFormGroup',
                'FormGroupApi',
                'useFieldGroup',
                'FieldGroupApi',
              ],
              message:
                'Form and field groups are left out by patches/@tanstack+react-form+1.33.5.patch (patches/README.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures hand their value to `use()`, which is not React's `use` hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Command-line tools report on the terminal.
    files: [
      '.ci/**',
      'scripts/**',
      'mock/**',
      'e2e/**',
      'contract-check/**',
      'bench/**',
      'fuzz/**',
    ],
    rules: { 'no-console': 'off' },
  },
  prettier,
)
