// What an asset record says, in the reader's language (src/features/assets/record-text.ts): every
// kind the server writes becomes a sentence with grouped figures, times in the reader's time zone,
// the catalogs' words in zh-CN, ko and ja; a row the server could not read keeps its text.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { i18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AssetRecord, RecordDescription } from '../../src/contract/assets.ts'
import { recordText, recordTime } from '../../src/features/assets/record-text'
import { parsePo } from '../../scripts/po.mjs'

const LOCALES = ['en-US', 'zh-CN', 'ko', 'ja'] as const

beforeAll(() => {
  i18n.setMessagesCompiler(compileMessage)
  for (const locale of LOCALES) {
    const entries = parsePo(readFileSync(join(import.meta.dirname, '../../locales', locale, 'assets.po'), 'utf8')) as [string, string, string][]
    i18n.load(locale, Object.fromEntries(entries.map(([id, text, context]) => [generateMessageId(id, context), text || id])))
  }
})

const textOf = (what: RecordDescription | { kind: ''; params: Record<string, string> }, locale: (typeof LOCALES)[number] = 'en-US', info = 'the server’s words') => {
  i18n.activate(locale)
  return recordText({ ...what, info } as Pick<AssetRecord, 'kind' | 'params' | 'info'>, i18n, 'Asia/Shanghai')
}
const naming = { positionId: '12', symbol: 'BTC/USDT', direction: 'long', leverage: '10' } as const
const UNLOCK = String(Date.UTC(2026, 11, 26, 3, 29, 35, 661))

describe('a record in English', () => {
  it('names what was closed of a position, and of how much, with grouped figures and a signed P/L', () => {
    expect(textOf({ kind: 'futuresClose', params: { ...naming, reason: 'user', quantity: '0.005', holding: '0.01', price: '60100.5', pnl: '1234.5' } }))
      .toBe('#12 BTC/USDT long 10×: closed 0.005 of 0.01 BTC at 60,100.5, P/L +1,234.5 USDT')
    expect(textOf({ kind: 'futuresClose', params: { ...naming, direction: 'short', reason: 'stopLoss', quantity: '0.01', holding: '0.01', price: '61000', pnl: '-10' } }))
      .toBe('#12 BTC/USDT short 10×: stop loss closed 0.01 BTC at 61,000, P/L -10 USDT')
  })

  it('writes a lock’s end in the reader’s time zone, not as an ISO stamp', () => {
    const text = textOf({ kind: 'launchAllocated', params: { quantity: '250000', symbol: 'LUMEN', unlockAt: UNLOCK } })
    expect(text).toBe('Allocated 250,000 LUMEN, locked until Dec 26, 2026, 11:29 AM')
    expect(text).not.toContain('T03:29')
  })

  it('says every kind the server writes', () => {
    const samples: RecordDescription[] = [
      { kind: 'launchSubscribe', params: { quantity: '500', symbol: 'LUMEN', price: '0.2' } },
      { kind: 'spotFill', params: { orderId: '3', symbol: 'ETH/USDT', side: 'buy', quantity: '0.5', price: '3000.01', role: 'taker' } },
      { kind: 'secondsSettled', params: { orderId: '7', symbol: 'BTC/USDT', openPrice: '85900.1', settlePrice: '85901', profit: '8.5' } },
      { kind: 'exchange', params: { from: 'USDT', to: 'BTC', rate: '0.00001164', fee: '0.00000002', feeRate: '0.002' } },
      { kind: 'deposit', params: { chain: 'TRC20', address: 'TXabc', reason: 'No such transfer' } },
    ]
    expect(samples.map((what) => textOf(what))).toEqual([
      'Subscribed for 500 LUMEN at 0.2 USDT',
      'Order #3 ETH/USDT: bought 0.5 ETH at 3,000.01 (taker)',
      'Order #7 BTC/USDT: 85,900.1 → 85,901, profit +8.5 USDT',
      'Rate 1 BTC ≈ 85,910.65 USDT; fee 0.00000002 BTC (0.2%)',
      'TRC20 TXabc · Reason: No such transfer',
    ])
  })

  it('shows a row it cannot read as the server wrote it', () => {
    expect(textOf({ kind: '', params: {} }, 'en-US', 'words of an operator')).toBe('words of an operator')
  })
})

describe('a record in the reader’s language', () => {
  const close = { kind: 'futuresClose', params: { ...naming, reason: 'user', quantity: '0.005', holding: '0.01', price: '60100', pnl: '0.5' } } as const
  it.each([
    ['zh-CN', '#12 BTC/USDT 多 10×：以 60,100 平仓 0.005 BTC（共 0.01），盈亏 +0.5 USDT'],
    ['ko', '#12 BTC/USDT 롱 10×: 60,100에 0.01 중 0.005 BTC 청산, 손익 +0.5 USDT'],
    ['ja', '#12 BTC/USDT ロング 10×：0.01 のうち 0.005 BTC を 60,100 で決済、損益 +0.5 USDT'],
  ] as const)('%s has no English left in it', (locale, expected) => {
    expect(textOf(close, locale)).toBe(expected)
    expect(textOf({ kind: 'launchSubscribe', params: { quantity: '500', symbol: 'LUMEN', price: '0.2' } }, locale)).not.toContain('Subscribed')
    expect(textOf({ kind: 'launchAllocated', params: { quantity: '1', symbol: 'LUMEN', unlockAt: UNLOCK } }, locale)).toContain('2026')
  })

  it('dates in the locale’s own way', () => {
    expect(recordTime(UNLOCK, 'zh-CN', 'UTC')).toBe('2026年12月26日 03:29')
    expect(recordTime(UNLOCK, 'ja', 'UTC')).toBe('2026/12/26 3:29')
  })
})
