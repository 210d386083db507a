import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { changeLocale } from '~/lib/locale'
import { rerenderRoutesOnLocaleChange } from '~/router'

/** A page with its own state and an uncontrolled input, like a half-filled form. */
function Page() {
  const [count, setCount] = useState(0)
  return (
    <div>
      <h1>{m.nav_deposit()}</h1>
      <label>
        {m.lang_label()}
        <input />
      </label>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        {`count ${count}`}
      </button>
    </div>
  )
}

async function renderApp() {
  const rootRoute = createRootRoute({ component: Outlet })
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Page })
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  rerenderRoutesOnLocaleChange(Object.values(router.routesById))
  await act(() => router.load())
  render(<RouterProvider router={router} />)
}

describe('switching language', () => {
  it('re-renders pages in the new language without losing what was typed', async () => {
    const user = userEvent.setup()
    await renderApp()
    await user.type(await screen.findByRole('textbox', { name: m.lang_label() }), 'souksavanh')
    await user.click(screen.getByRole('button', { name: 'count 0' }))

    act(() => changeLocale('th'))

    expect(
      screen.getByRole('heading', { name: m.nav_deposit({}, { locale: 'th' }) }),
    ).toBeInTheDocument()
    const input = screen.getByRole('textbox', { name: m.lang_label({}, { locale: 'th' }) })
    expect(input).toHaveValue('souksavanh')
    expect(screen.getByRole('button', { name: 'count 1' })).toBeInTheDocument()
  })

  it('wraps each route component once, however many routers are made', () => {
    const rootRoute = createRootRoute({ component: Outlet })
    const page = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Page })
    rootRoute.addChildren([page])
    rerenderRoutesOnLocaleChange([rootRoute, page])
    const once = page.options.component
    rerenderRoutesOnLocaleChange([rootRoute, page])
    expect(page.options.component).toBe(once)
    expect(once).not.toBe(Page)
  })
})
