// Zod compiles fast object parsers with `new Function`, and probes for it when the first
// object schema is built. The Content-Security-Policy forbids eval (config/security-headers.ts),
// so the probe alone is a reported violation: parse without it. Imported first by main.tsx.
//
// Zod keeps its settings on `globalThis.__zod_globalConfig` (one object shared by every copy
// of zod; `config()` of zod/v4/core merges into it). Setting the flag there, instead of
// calling `config()`, keeps zod itself out of the entry chunk: it loads with the first form
// (-4 KB gz on every first load). Merged into the object when zod made it first.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> }
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true })
