// Every route of the site, read from the generated route tree (never a hand list), so a new
// page is fuzzed and walked by the journeys the day it lands. A route whose parameter has known
// values is each of its pages (`/player/game/$provider`: one a provider, config/first-calls.ts).
export { sitePaths as siteRoutes } from '../config/first-calls'
