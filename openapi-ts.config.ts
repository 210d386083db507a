// @hey-api/openapi-ts: zod schemas generated from the same bundled contract as the types.
// Only the zod plugin runs: types and the client come from openapi-typescript/openapi-fetch.
import { defineConfig } from '@hey-api/openapi-ts'

export default defineConfig({
  input: './generated/openapi.yaml',
  output: { path: './generated/zod', clean: true },
  plugins: [{ name: 'zod', compatibilityVersion: 4, metadata: true }],
  logs: { file: false },
})
