import { createRootRoute, createRoute, createRouter, Link, Outlet } from '@tanstack/react-router'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { KeptAliveScreens, keptAlive, useKeptAliveParams } from '../../src/app/keep-alive'
import { userIdAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { activateLocale } from '../../src/lib/i18n'
import { memoryAt, renderRouter } from './render'

afterEach(cleanup)

// A kept-alive screen with state of its own (a counter) and its params on show.
function Counter() {
  const { id } = useKeptAliveParams()
  const [count, setCount] = useState(0)
  return (
    <section aria-label="kept">
      <p>account {id}</p>
      <button type="button" onClick={() => setCount(count + 1)}>count {count}</button>
    </section>
  )
}

async function renderApp() {
  await activateLocale('en-US')
  const root = createRootRoute({
    component: () => (
      <>
        <nav><Link to="/home">home</Link> <Link to="/account/assert/$id" params={{ id: '2' }}>contract</Link></nav>
        <Outlet />
        <KeptAliveScreens />
      </>
    ),
  })
  const home = createRoute({ getParentRoute: () => root, path: '/home', component: () => <p>home screen</p> })
  const account = createRoute({ getParentRoute: () => root, path: '/account/assert/$id', staticData: { keepAlive: true }, component: keptAlive(Counter) })
  const router = createRouter({ routeTree: root.addChildren([home, account]), history: memoryAt('/account/assert/1') })
  await renderRouter(router)
  return router
}

it('keeps the screen and its state while another screen shows, with the params of its last visit', async () => {
  store.set(userIdAtom, 'keep-alive-user')
  const router = await renderApp()
  fireEvent.click(await screen.findByRole('button', { name: 'count 0' }))
  expect(screen.getAllByText('account 1')).toHaveLength(1)

  await act(() => router.navigate({ to: '/home' }))
  expect(screen.getByText('home screen')).toBeTruthy()
  // Hidden, not gone: Activity keeps the DOM (display: none) and the state.
  const hidden = screen.getByText('account 1', { selector: 'p' })
  expect(hidden.closest('section')?.style.display).toBe('none')

  await act(() => router.navigate({ to: '/account/assert/$id', params: { id: '2' } }))
  expect(screen.queryByText('home screen')).toBeNull()
  expect(screen.getByText('account 2')).toBeTruthy()
  expect(screen.getByRole('button', { name: 'count 1' })).toBeTruthy()
})

it('drops kept screens when another user signs in', async () => {
  store.set(userIdAtom, 'first-user')
  const router = await renderApp()
  fireEvent.click(await screen.findByRole('button', { name: 'count 0' }))
  await act(() => router.navigate({ to: '/home' }))
  act(() => store.set(userIdAtom, 'second-user'))
  expect(screen.queryByText('account 1')).toBeNull()
  await act(() => router.navigate({ to: '/account/assert/$id', params: { id: '1' } }))
  expect(screen.getByRole('button', { name: 'count 0' })).toBeTruthy()
})
