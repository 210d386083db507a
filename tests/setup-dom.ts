// Set-up of every component-test file (the `dom` project of vite.config.ts), after setup.ts.
import { installMockApi } from './helpers/api'

installMockApi()
