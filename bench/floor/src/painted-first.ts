// Entry of the experiment's login-form pages drawn first by their HTML
// (experiment/form-*-painted.html): each page's app is asked for only once its HTML has
// painted, as the site's prerendered pages start theirs, and each loads only its own code.
import { afterFirstPaint } from '../../../src/preload'

const apps: Record<string, () => Promise<unknown>> = {
  '/form-rac-painted': () => import('./painted-apps/rac-form'),
  '/form-stack-painted': () => import('./painted-apps/form-stack'),
}

afterFirstPaint(() => void apps[location.pathname]?.())
