// The contract's examples are the mock's data: e2e reads expected values from the examples
// `npm run generate` resolves from the contract (generated/api/examples.ts) instead of
// repeating them. e2e sees the site from outside, so it reads generated/ only, never src/ or
// the unit tests' helpers.
export { examplesOf, exampleOf as example } from '../generated/api/examples'
