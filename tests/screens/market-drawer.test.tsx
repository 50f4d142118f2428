import {
  createRootRoute, createRoute, createRouter, Outlet,
} from '@tanstack/react-router'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { PairDrawerButton } from '../../src/features/market/components/pair-drawer-button'
import { applyQuoteDetailsAtom } from '../../src/features/market/atoms'
import type { DrawerType } from '../../src/features/market/logic'
import { activateLocale } from '../../src/lib/i18n'
import { accountTypeAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { subscribeMarket } from '../../src/lib/sw-bridge'
import { detailOf, usdtDetails } from '../support/market-fixtures'
import { memoryAt, renderRouter } from './render'

vi.mock('../../src/lib/sw-bridge', () => ({ subscribeMarket: vi.fn(() => () => undefined) }))

afterEach(cleanup)
beforeEach(() => {
  vi.mocked(subscribeMarket).mockClear()
  store.set(applyQuoteDetailsAtom, 'USDT', usdtDetails())
  store.set(applyQuoteDetailsAtom, 'BTC', [detailOf('ETH', 'BTC', '0.05', '0.049')])
})

/** The drawer's button on '/', in a route tree that has the three screens a pair can lead to. */
async function renderDrawer(type: DrawerType) {
  await activateLocale('en-US')
  const root = createRootRoute({ component: Outlet })
  const target = (path: string) => createRoute({ getParentRoute: () => root, path, component: () => <p>screen {path}</p> })
  const start = createRoute({ getParentRoute: () => root, path: '/', component: () => <PairDrawerButton type={type} /> })
  const router = createRouter({
    routeTree: root.addChildren([start, target('/market/kline'), target('/action/trade'), target('/action/contract')]),
    history: memoryAt('/'),
  })
  await renderRouter(router)
  fireEvent.click(await screen.findByRole('button', { name: 'All pairs' }))
  return router
}

const choose = (dialog: HTMLElement, pair: RegExp) => act(() => fireEvent.click(within(dialog).getByRole('link', { name: pair })))

it('opens as a modal dialog with the focus inside and USDT pairs priced and coloured', async () => {
  await renderDrawer(1)
  const dialog = screen.getByRole('dialog', { name: 'Pairs' })
  expect(dialog.getAttribute('aria-modal')).toBe('true')
  expect(dialog.contains(document.activeElement)).toBe(true)
  expect(within(dialog).getByRole('tab', { name: 'USDT' }).getAttribute('aria-selected')).toBe('true')
  expect(within(dialog).getByText('61,234.56').className).toContain('trend--up')
  expect(within(dialog).getByText('2,950.50').className).toContain('trend--down')

  fireEvent.click(within(dialog).getByRole('tab', { name: 'BTC' }))
  expect(vi.mocked(subscribeMarket).mock.calls.at(-1)?.[0].key).toBe('detailsByQuote:BTC')
  expect(within(dialog).getByRole('link', { name: /^ETH ?\/BTC/ })).toBeTruthy()
})

it('type 1 opens the chart with the pair in the search and leaves the account type alone', async () => {
  store.set(accountTypeAtom, 2)
  const router = await renderDrawer(1)
  choose(screen.getByRole('dialog'), /^BTC ?\/USDT/)
  await screen.findByText('screen /market/kline')
  expect(router.state.location.pathname).toBe('/market/kline')
  expect(router.state.location.search).toEqual({ symbol: 'btcusdt', base: 'BTC', quote: 'USDT' })
  expect(store.get(accountTypeAtom)).toBe(2)
  expect(screen.queryByRole('dialog')).toBeNull()
})

it('type 2 opens spot trading with the pair and sets the spot account (1)', async () => {
  store.set(accountTypeAtom, 2)
  const router = await renderDrawer(2)
  const dialog = screen.getByRole('dialog')
  fireEvent.click(within(dialog).getByRole('tab', { name: 'BTC' }))
  choose(dialog, /^ETH ?\/BTC/)
  await screen.findByText('screen /action/trade')
  expect(router.state.location.search).toEqual({ symbol: 'ethbtc', base: 'ETH', quote: 'BTC' })
  expect(store.get(accountTypeAtom)).toBe(1)
})

it('type 3 lists USDT pairs only, opens contract trading and sets the contract account (2)', async () => {
  store.set(accountTypeAtom, 1)
  const router = await renderDrawer(3)
  const dialog = screen.getByRole('dialog')
  expect(within(dialog).queryByRole('tablist')).toBeNull()
  choose(dialog, /^ETH ?\/USDT/)
  await screen.findByText('screen /action/contract')
  expect(router.state.location.search).toEqual({ symbol: 'ethusdt', base: 'ETH', quote: 'USDT' })
  expect(store.get(accountTypeAtom)).toBe(2)
})

it('closes on Escape and on the backdrop, giving the focus back to its button', async () => {
  const router = await renderDrawer(1)
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
  expect(screen.queryByRole('dialog')).toBeNull()
  const opener = screen.getByRole('button', { name: 'All pairs' })
  expect(document.activeElement).toBe(opener)

  fireEvent.click(opener)
  const backdrop = document.querySelector('.pair-drawer__backdrop')
  if (!backdrop) throw new Error('no backdrop')
  fireEvent.click(backdrop)
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(router.state.location.pathname).toBe('/')
})
