// Entry of experiment/player/game-calls-painted.html: the game page's first calls go out at
// once, as the site's page preload sends them beside the page's chunks; the app is asked for
// once the HTML has painted, as on the other painted pages (src/painted-first.ts).
import { afterFirstPaint } from '../../../src/preload'
import { startGameCalls } from './game-calls'

startGameCalls()
afterFirstPaint(() => void import('./painted-apps/game-calls'))
