// The Trade screens' switch (app/trade-switch) and the Trade tab's memory of the last one
// (app/last-trade-screen): the screen showing marks itself and is remembered with its search, the
// other screens open on its pair, and a stored memory that is not ours reads as spot.
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { lastTradeScreenAtom, tradeTabTarget } from '../../src/app/last-trade-screen'
import { TradeSwitch } from '../../src/app/trade-switch'
import { store } from '../../src/lib/store'
import { renderScreen } from './render'

afterEach(cleanup)
beforeEach(() => {
  localStorage.removeItem('Trade-Screen')
  store.set(lastTradeScreenAtom, { to: '/action/trade', search: {} })
})

const link = (name: string) => screen.getByRole('link', { name })
const ETH = { symbol: 'ethusdt', base: 'ETH', quote: 'USDT' }

it('marks the current screen, links the others on its pair and is remembered with its search', async () => {
  await renderScreen(() => <TradeSwitch current="/action/secondContract" search={{ ...ETH }} pair={ETH} />)
  const nav = screen.getByRole('navigation', { name: 'Trading type' })
  expect(link('Seconds').getAttribute('aria-current')).toBe('page')
  expect(link('Spot').getAttribute('aria-current')).toBeNull()
  expect(link('Spot').getAttribute('href')).toBe('/action/trade?symbol=ethusdt&base=ETH&quote=USDT')
  expect(link('Contract').getAttribute('href')).toBe('/action/contract?symbol=ethusdt&base=ETH&quote=USDT')
  expect(nav.contains(link('Contract'))).toBe(true)
  expect(store.get(lastTradeScreenAtom)).toEqual({ to: '/action/secondContract', search: ETH })
  expect(JSON.parse(localStorage.getItem('Trade-Screen') ?? 'null')).toEqual({ to: '/action/secondContract', search: ETH })
})

it('opens the Trade tab on the last screen, spot for a visitor on seconds, and spot for a memory that is not a Trade screen', () => {
  const seconds = { to: '/action/secondContract' as const, search: ETH }
  expect(tradeTabTarget(seconds, true)).toEqual(seconds)
  expect(tradeTabTarget(seconds, false)).toEqual({ to: '/action/trade', search: ETH })
  // Contracts show visitors the market and the terms; only opening needs a login.
  const contract = { to: '/action/contract' as const, search: ETH }
  expect(tradeTabTarget(contract, false)).toEqual(contract)
  store.set(lastTradeScreenAtom, { to: '/action/futures', search: { symbol: 42 } } as never)
  expect(store.get(lastTradeScreenAtom)).toEqual({ to: '/action/trade', search: {} })
  store.set(lastTradeScreenAtom, { to: '/action/trade', search: { symbol: 'btcusdt', side: 'sell', evil: 'x', base: 'B'.repeat(40) } } as never)
  expect(store.get(lastTradeScreenAtom)).toEqual({ to: '/action/trade', search: { symbol: 'btcusdt', side: 'sell' } })
})
