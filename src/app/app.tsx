import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { i18n } from '../lib/i18n'
import { Provider, store } from '../lib/store'
import { router } from './router'

export function App() {
  return (
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </Provider>
  )
}
