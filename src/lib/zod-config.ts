import { config } from 'zod/v4/core'

// Zod compiles fast object parsers with `new Function`, and probes for it when the first
// object schema is built. The Content-Security-Policy forbids eval (config/security-headers.ts),
// so the probe alone is a reported violation: parse without it. Imported first by main.tsx,
// before any schema module is evaluated.
config({ jitless: true })
