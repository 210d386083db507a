// The one `$ref` follower of the bundled contract (generated/openapi.yaml, local refs only):
// scripts/generate.mjs resolves the examples it writes to generated/api/examples.ts with it,
// and the unit tests walk the contract's schemas with it (issue 25).

/**
 * Follows a local `$ref` ('#/components/...') of `doc` until a value is reached.
 * @template T
 * @param {unknown} doc the bundled contract
 * @param {T} value a node that may be a `{ $ref }`
 * @returns {T}
 */
export function followRef(doc, value) {
  let current = value
  for (let hops = 0; current && typeof current === 'object' && '$ref' in current; hops++) {
    const ref = String(current.$ref)
    if (hops > 32) throw new Error(`$ref cycle in the contract at ${ref}`)
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are followed: ${ref}`)
    current = ref
      .slice(2)
      .split('/')
      .reduce((node, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc)
  }
  return /** @type {T} */ (current)
}
