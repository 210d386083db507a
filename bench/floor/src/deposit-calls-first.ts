// Entry of experiment/player/deposit-calls-painted.html: deposit's first calls go out at once, as
// the site's page preload sends them beside the page's chunks; the app is asked for once the
// HTML has painted, as on the other painted pages (src/painted-first.ts).
import { afterFirstPaint } from '../../../src/preload'
import { startDepositCalls } from './deposit-calls'

startDepositCalls()
afterFirstPaint(() => void import('./painted-apps/deposit-calls'))
