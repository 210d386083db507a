// Local only (not committed): the same config with longer waits for a machine at load 28.
import base from './playwright.config'
export default { ...base, timeout: 120_000, expect: { timeout: 30_000 } }
