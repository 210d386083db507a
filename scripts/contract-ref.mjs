// The one `$ref` follower of the bundled contract (generated/openapi.yaml, local refs): the
// generator resolves the examples it writes to generated/api/examples.ts with it, the mock
// reads its operations with it, the unit tests walk the contract's schemas with it, and
// contract-check (bundled into its dist/ at build) reads the contract and places a diff with
// it: one reader instead of five. Types: contract-ref.d.mts.

const MAX_HOPS = 32

/**
 * Follows local `$ref`s ('#/components/...') of `doc` until a value is reached. By default a
 * `$ref` outside the document or a chain longer than 32 hops (a cycle) throws; `lenient`
 * stops there and answers the `$ref` node reached (a diff of any two documents must go on).
 */
export function followRef(doc, value, { lenient = false } = {}) {
  let current = value
  for (let hops = 0; current && typeof current === 'object' && '$ref' in current; hops++) {
    const ref = String(current.$ref)
    const stop = hops >= MAX_HOPS ? `$ref cycle in the contract at ${ref}` : undefined
    const external = ref.startsWith('#/') ? undefined : `only local $refs are followed: ${ref}`
    if (stop || external) {
      if (lenient) return current
      throw new Error(stop ?? external)
    }
    current = refPath(ref).reduce((node, key) => node?.[key], doc)
  }
  return current
}

/** The keys of a local JSON pointer ('#/paths/~1v2~1x/get' -> ['paths', '/v2/x', 'get']). */
export function refPath(pointer) {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
}
