/** Follows local `$ref`s of `doc` until a value is reached (see contract-ref.mjs). */
export function followRef<T = unknown>(
  doc: unknown,
  value: unknown,
  options?: { lenient?: boolean },
): T
/** The keys of a local JSON pointer ('#/paths/~1v2~1x/get' -> ['paths', '/v2/x', 'get']). */
export function refPath(pointer: string): string[]
