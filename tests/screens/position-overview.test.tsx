// Issue 21 item 8: the Position tab gathers the trader's positions — a leveraged position with its
// live P/L, ROE, liquidation price and actions, a spot open order with its Cancel, a seconds order
// counting down, and a launchpad holding still locked (until when) — each section linking to its
// screen, each with its empty state; a visitor is invited to log in. The positions are made through
// the real server (the demo account, whose seeded TERRA allocation is locked for 30 days); only the
// market tick that gives the live mark is fed by the test.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { DIRECTIONS, ENTRY_TYPES } from '../../src/contract/contracts.ts'
import type { MarketTopic } from '../../src/contract/market.ts'
import { ORDER_SIDES, ORDER_TYPES } from '../../src/contract/spot.ts'
import { TRADE_TYPES } from '../../src/contract/seconds.ts'
import { login } from '../../src/features/auth/api'
import { closePosition, fetchPositions, openPosition } from '../../src/features/contract/api'
import { PositionOverview } from '../../src/features/position/components/position-overview'
import { createOrder, fetchOrders } from '../../src/features/seconds/api'
import { cancelOrder, fetchOpenOrders, placeOrder } from '../../src/features/spot/api'
import { configureApiClient } from '../../src/lib/api-client'
import { loadCatalog } from '../../src/lib/i18n'
import { newIdempotencyKey } from '../../src/lib/idempotency'
import { signInAtom, signOutAtom, tokenAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { subscribeMarket } from '../../src/lib/sw-bridge'
import { startRealServer, type RealServer } from '../support/real-server'
import { tickAt } from '../support/contract-positions'
import { renderScreen } from './render'

vi.mock('../../src/lib/sw-bridge', () => ({ subscribeMarket: vi.fn() }))

const DEMO = { email: 'demo@exchange.local', password: 'Demo2026pass' }
let server: RealServer
let listeners: Array<(answer: unknown) => void> = []

beforeAll(async () => {
  server = await startRealServer()
  // The page at the server's origin: the app's calls are same-origin, as in the browser.
  ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${server.url}/mobile/position`)
  configureApiClient({ getToken: () => store.get(tokenAtom) || null, getLocale: () => 'en-US', onSessionExpired: () => undefined })
  await loadCatalog('position', 'contract', 'spot', 'seconds', 'launch')
}, 30_000)
afterAll(() => server?.stop())
beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
  listeners = []
  vi.mocked(subscribeMarket).mockImplementation((topic: MarketTopic, onAnswer) => {
    if (topic.key.includes('btcusdt')) listeners.push(onAnswer)
    return () => undefined
  })
})
afterEach(() => {
  cleanup()
  store.set(signOutAtom)
})

const signIn = async () => store.set(signInAtom, await login(DEMO.email, DEMO.password))
const section = (name: string) => screen.getByRole('region', { name })
const markAt = (close: string) => act(() => listeners.forEach((listener) => listener({ status: 'ok', tick: tickAt(close) })))
const figure = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling as HTMLElement

it('invites a visitor to log in (and back), and asks the server nothing', async () => {
  const calls = vi.spyOn(globalThis, 'fetch')
  await renderScreen(() => <PositionOverview />)
  expect(screen.getByRole('heading', { name: 'Your positions in one place' })).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2F')
  expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register')
  expect(screen.queryByRole('region')).toBeNull()
  expect(calls).not.toHaveBeenCalled()
})

it('shows each section empty but the locked coins, each linking to its screen', async () => {
  await signIn()
  await renderScreen(() => <PositionOverview />)
  await within(section('Leveraged positions')).findByText('No leveraged positions open.')
  await within(section('Spot open orders')).findByText('No open spot orders.')
  await within(section('Seconds orders running')).findByText('No seconds orders running.')
  const links = ['Leveraged positions', 'Spot open orders', 'Seconds orders running', 'Locked launchpad coins']
    .map((name) => within(section(name)).getAllByRole('link').at(-1)?.getAttribute('href'))
  expect(links).toEqual(['/action/contract', '/action/trade', '/action/secondContract', '/home/record'])
})

it("gathers a real leveraged position (live P/L, ROE, liq. price, actions), a spot order, a seconds order and the locked coins", async () => {
  await signIn()
  const opened = await openPosition({ symbol: 'btcusdt', direction: DIRECTIONS.long, leverage: 10, entryType: ENTRY_TYPES.market, quantity: '0.001' }, newIdempotencyKey())
  // A buy 5 % under the market rests in the book (within the price band).
  const below = (Number(opened.entryPrice) * 0.95).toFixed(2)
  const resting = await placeOrder({ symbol: 'btcusdt', side: ORDER_SIDES.buy, type: ORDER_TYPES.limit, price: below, amount: '0.001' }, newIdempotencyKey())
  await createOrder({ openAmount: '50', baseCoin: 'BTC', quoteCoin: 'USDT', positionTime: 120, tradeType: TRADE_TYPES.up }, newIdempotencyKey())
  try {
    await renderScreen(() => <PositionOverview />)
    const card = await within(section('Leveraged positions')).findByRole('article', { name: 'Long BTC/USDT 10× position' })
    const entry = Number(opened.entryPrice)
    // The live mark 100 above the entry: 100 × 0.001 = +0.1 USDT on the position's margin.
    // Sent until the card has subscribed to the pair's tick (its effect may run after it shows).
    await waitFor(() => {
      markAt((entry + 100).toFixed(2))
      expect(figure(card, 'Unrealised P/L (USDT)').textContent).toBe('+0.1 USDT')
    })
    expect(figure(card, 'ROE').textContent).toMatch(/^\+\d+\.\d{2}%$/)
    // The server's liquidation price, at the pair's 2 decimals (grouped or not, as the locale writes it).
    expect(figure(card, 'Liq. price').textContent?.replaceAll(',', '')).toBe(`${opened.liquidationPrice.replace(/(\.\d{2})\d*$/, '$1')} USDT`)
    for (const action of ['Close', 'Add margin']) expect(within(card).getByRole('button', { name: action })).toBeTruthy()
    expect(within(card).getAllByRole('button').length).toBeGreaterThanOrEqual(3)

    const order = await within(section('Spot open orders')).findByRole('article', { name: 'Buy BTC/USDT order' })
    expect(within(order).getByRole('button', { name: 'Cancel' })).toBeTruthy()

    // The countdown is read with the row, never announced by itself: no timer or live region.
    const running = await within(section('Seconds orders running')).findByRole('button', { name: /Settles in 0[12]:\d{2}$/ })
    expect(running.closest('[aria-live], [role="timer"], [role="status"]')).toBeNull()
    expect(within(section('Seconds orders running')).getByText('50 USDT')).toBeTruthy()

    const locked = await within(section('Locked launchpad coins')).findByRole('article', { name: 'TERRA locked' })
    expect(within(locked).getByText(/^5,?000 TERRA$/)).toBeTruthy()
    // "Locked until 2026-12-26 14:48:32", its date and time each kept whole (no break at a hyphen).
    const until = locked.querySelector('.launch-card__title .muted')
    expect(until?.textContent).toMatch(/^Locked until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect([...(until?.querySelectorAll('.launch-whole') ?? [])].map((word) => word.textContent)).toHaveLength(2)
    expect(within(locked).getByText(/^2[89]d \d{2}:\d{2}:\d{2}$/)).toBeTruthy()

    // The spot order's Cancel, through its sheet, on the real server: the section empties.
    fireEvent.click(within(order).getByRole('button', { name: 'Cancel' }))
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', { name: 'Cancel order' }))
    await within(section('Spot open orders')).findByText('No open spot orders.', {}, { timeout: 5000 })
    expect((await fetchOpenOrders(undefined, 1)).list).toEqual([])
  } finally {
    // The next test starts from nothing open (the seconds order settles by itself).
    await closePosition({ id: opened.id }, newIdempotencyKey()).catch(() => undefined)
    await cancelOrder(resting.id, newIdempotencyKey()).catch(() => undefined)
  }
  expect(await fetchPositions(undefined)).toEqual([])
  expect((await fetchOrders({ entryStatus: 1 }, 1)).list.length).toBe(1)
}, 30_000)
