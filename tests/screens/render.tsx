// Renders a feature component the way the app does — inside the store, the catalogs and a router
// (links need one) — on a memory history, so a screen test needs no server and no browser.
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { activateLocale, i18n, type AppLocale } from '../../src/lib/i18n'
import { Provider, store } from '../../src/lib/store'

export async function renderScreen(ui: () => ReactNode, locale: AppLocale = 'en-US') {
  await activateLocale(locale)
  return renderRouter(createRouter({ routeTree: createRootRoute({ component: ui }), history: memoryAt('/') }))
}

export const memoryAt = (path: string) => createMemoryHistory({ initialEntries: [path] })

/** Renders a whole router (for tests that follow navigation between screens). */
export async function renderRouter(router: { load(): Promise<void> }) {
  const view = render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router as never} />
      </I18nProvider>
    </Provider>,
  )
  await router.load()
  return view
}
