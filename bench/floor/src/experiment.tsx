// The measured first-load experiment (bench/README.md, "The experiment"): the floor plus one
// login form, with react-aria-components (/form-rac) and with native elements
// (/form-native). The pages drawn first by their HTML have their own entry
// (src/painted-first.ts). Built on its own (bench/floor/dist-experiment), so the floor is unchanged.
import { createRoute } from '@tanstack/react-router'
import { rootRoute, mount } from './floor'
import { RacLoginForm } from './login-experiment'
import { NativeLoginForm } from './native-login-form'

mount([
  createRoute({ getParentRoute: () => rootRoute, path: '/form-rac', component: RacLoginForm }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/form-native',
    component: NativeLoginForm,
  }),
])
