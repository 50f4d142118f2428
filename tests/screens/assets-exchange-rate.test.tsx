// Issue 21 item 19: an exchange's rate reads with the stronger coin as 1 ("1 BTC ≈ 85,910.65 USDT"),
// never "1 USDT = 0.00001164 BTC", and its figures are grouped in every language.
import { cleanup, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import type { ExchangeQuote } from '../../src/contract/assets.ts'
import { ExchangeQuoteCard } from '../../src/features/assets/components/exchange-quote'
import { renderScreen } from './render'

afterEach(cleanup)

const quote = (over: Partial<ExchangeQuote>): ExchangeQuote => ({
  from: 'USDT', to: 'BTC', amount: '10000', rate: '0.00001164', fee: '0.0001164', feeRate: '0.001', receive: '0.1163', ...over,
} as ExchangeQuote)

const rateText = () => screen.getByText('Rate').nextElementSibling?.textContent

it.each(['en-US', 'zh-CN', 'ko', 'ja'] as const)('%s: USDT into BTC shows what one BTC costs, grouped', async (locale) => {
  await renderScreen(() => <ExchangeQuoteCard state={{ status: 'ready', quote: quote({}), error: null }} from="USDT" to="BTC" />, locale)
  expect(screen.getByText((text) => text === '1 BTC ≈ 85,910.65 USDT')).toBeTruthy()
})

it('BTC into USDT keeps BTC as 1, the USDT side at cents', async () => {
  const sell = quote({ from: 'BTC', to: 'USDT', amount: '1', rate: '85910.6529', fee: '85.91', receive: '85824.74' })
  await renderScreen(() => <ExchangeQuoteCard state={{ status: 'ready', quote: sell, error: null }} from="BTC" to="USDT" />)
  expect(rateText()).toBe('1 BTC ≈ 85,910.65 USDT')
  expect(screen.getByText('You receive about').nextElementSibling?.textContent).toBe('85,824.74 USDT')
})

it('is no live region: the quote refreshed on the 5 s tick is not read out at every tick', async () => {
  await renderScreen(() => <ExchangeQuoteCard state={{ status: 'ready', quote: quote({}), error: null }} from="USDT" to="BTC" />)
  const card = screen.getByRole('region', { name: 'Quote' })
  expect(card.closest('[aria-live], [role=status], [role=alert], [role=log]')).toBeNull()
  expect(card.querySelector('[aria-live], [role=status], [role=alert], [role=log]')).toBeNull()
})
