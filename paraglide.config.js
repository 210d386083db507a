// Compiler options shared by `npm run generate` (CLI compile) and the Vite dev plugin,
// so that both produce byte-identical output in generated/paraglide.
/** @type {Omit<import('@inlang/paraglide-js').CompilerOptions, 'fs'>} */
export const paraglideOptions = {
  project: './project.inlang',
  outdir: './generated/paraglide',
  // The current site's players already carry their choice under i18next's key.
  strategy: ['localStorage', 'baseLocale'],
  localStorageKey: 'i18nextLng',
  emitGitIgnore: false,
  emitPrettierIgnore: false,
  emitReadme: false,
  includeEslintDisableComment: true,
  disableAsyncLocalStorage: true,
}
