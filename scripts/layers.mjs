// The import rules of the house, as zones of import-x/no-restricted-paths (used by
// eslint.config.js and shown in docs/architecture.md). A zone forbids files under `target`
// to import files under `from` (except `except`, relative to `from`).
import { readdirSync } from 'node:fs'

/** The feature folders, read at lint time: a new feature is covered without editing this. */
export function featureNames(root = 'src/features') {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
}

export function layerZones(root = '.') {
  const src = `${root}/src`
  const features = featureNames(`${src}/features`)
  const under = (...names) => names.map((name) => `${src}/${name}`)
  // What sits above everything shared: the screens, their composition and the entry.
  const screens = ['features', 'routes', 'dev', 'router.tsx']
  return [
    // ui: react-aria wrappers, nothing of ours but ui itself.
    {
      target: `${src}/ui`,
      from: under('lib', 'domain', 'widgets', ...screens),
      message: 'ui imports nothing from lib, domain, widgets, features or routes.',
    },
    // lib: the plumbing under everything (API client, session, locale, navigation), no UI.
    {
      target: `${src}/lib`,
      from: under('ui', 'domain', 'widgets', ...screens),
      message: 'lib is the plumbing under the rules and the screens: move the code, or pass it in.',
    },
    // domain: the rules of the product (money, amounts, formatting, error catalogue, withdraw
    // rules), over lib only: no component, no widget, no feature.
    {
      target: `${src}/domain`,
      from: under('ui', 'widgets', ...screens, 'main.tsx'),
      message: 'domain holds the rules, no UI: a widget that uses a rule goes to widgets.',
    },
    // widgets: what two features share (widgets and hooks), over lib, domain and ui.
    {
      target: `${src}/widgets`,
      from: under(...screens, 'main.tsx'),
      message:
        'widgets are shared by features: they never import one (move the piece here, or pass it in).',
    },
    // dev: the mock panel and its preferences, loaded only by the e2e/dev build's entry.
    {
      target: under('lib', 'domain', 'widgets', 'features', 'ui'),
      from: `${src}/dev`,
      message: 'dev tools are loaded by the entry in dev and e2e builds only, never by the site.',
    },
    // features: lib and ui, and their own folder only.
    ...features.map((name) => ({
      target: `${src}/features/${name}`,
      from: `${src}/features`,
      except: [`./${name}`],
      message:
        'A feature never imports another feature: share through widgets, domain or lib, compose in routes.',
    })),
    {
      target: `${src}/features`,
      from: [`${src}/routes`, `${src}/router.tsx`, `${src}/main.tsx`],
      message: 'Features are composed by routes, never the other way round.',
    },
    // e2e drives the built site from outside: generated/ and its own helpers only.
    {
      target: `${root}/e2e`,
      from: [`${src}`, `${root}/tests`],
      message: 'e2e tests the site from outside: read generated/ (contract, messages), not src/.',
    },
  ]
}
