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
  return [
    // ui: react-aria wrappers, nothing of ours but ui itself.
    {
      target: `${src}/ui`,
      from: [
        `${src}/lib`,
        `${src}/domain`,
        `${src}/features`,
        `${src}/routes`,
        `${src}/router.tsx`,
      ],
      message: 'ui imports nothing from lib, domain, features or routes.',
    },
    // lib: the data and rules under every feature.
    {
      target: `${src}/lib`,
      from: [`${src}/ui`, `${src}/domain`, `${src}/features`, `${src}/routes`, `${src}/router.tsx`],
      message: 'lib is below features and ui-free: move the code, or pass it in.',
    },
    // domain: what two features share (domain widgets and hooks), over lib and ui.
    {
      target: `${src}/domain`,
      from: [`${src}/features`, `${src}/routes`, `${src}/router.tsx`, `${src}/main.tsx`],
      message:
        'domain is shared by features: it never imports one (move the piece here, or pass it in).',
    },
    // features: lib and ui, and their own folder only.
    ...features.map((name) => ({
      target: `${src}/features/${name}`,
      from: `${src}/features`,
      except: [`./${name}`],
      message:
        'A feature never imports another feature: share through domain or lib, compose in routes.',
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
