// Issue 19's measured experiment (bench/README.md, "The experiment"): the floor plus one
// login form, with react-aria-components (/form-rac) and with native elements
// (/form-native), and the react-aria one drawn first by the HTML (/form-rac-painted,
// experiment/form-rac-painted.html). Built on its own (bench/floor/dist-experiment), so the floor is unchanged.
import { createRoute } from '@tanstack/react-router'
import { rootRoute, mount } from './floor'
import { NativeLoginForm, PaintedRacLoginForm, RacLoginForm } from './login-experiment'

mount([
  createRoute({ getParentRoute: () => rootRoute, path: '/form-rac', component: RacLoginForm }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/form-native',
    component: NativeLoginForm,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/form-rac-painted',
    component: PaintedRacLoginForm,
  }),
])
