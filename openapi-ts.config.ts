// @hey-api/openapi-ts: zod schemas generated from the same bundled contract as the types.
// Only the zod plugin runs: types and the client come from openapi-typescript/openapi-fetch.
import { defineConfig } from '@hey-api/openapi-ts'

export default defineConfig({
  input: './generated/openapi.yaml',
  output: { path: './generated/zod', clean: true },
  plugins: [
    {
      name: 'zod',
      compatibilityVersion: 'mini',
      metadata: false,
      '~resolvers': {
        // The contract closes most shapes with `additionalProperties: false`; the plugin's
        // default `z.object` would silently strip unknown keys instead of rejecting them.
        object(ctx) {
          const extra = ctx.schema.additionalProperties
          if (!extra || extra.type !== 'never') return undefined
          return ctx.$(ctx.symbols.z).attr('strictObject').call(ctx.nodes.shape(ctx))
        },
      },
    },
  ],
  logs: { file: false },
})
