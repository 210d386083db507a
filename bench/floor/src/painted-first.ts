// Entry of the experiment's pages drawn first by their HTML (experiment/*-painted.html): each
// page's app is asked for only once its HTML has painted, as the site's prerendered pages
// start theirs, and each loads only its own code (the floor's page, or the floor plus one form).
import { afterFirstPaint } from '../../../src/preload'

const apps: Record<string, () => Promise<unknown>> = {
  '/floor-painted': () => import('./painted-apps/floor'),
  '/form-rac-painted': () => import('./painted-apps/rac-form'),
  '/form-native-painted': () => import('./painted-apps/native-form'),
  '/form-stack-painted': () => import('./painted-apps/form-stack'),
}

afterFirstPaint(() => void apps[location.pathname]?.())
