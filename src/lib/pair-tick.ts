// The last 24 h tick of each pair the Trade screens show (spot, contracts), written by the shared
// 5 s poll's answers (lib/ui/use-pair-tick): the header, the book's middle row, the forms' price
// checks and the positions' live P/L read one value per symbol, so another pair's price never
// shows under this pair's name. In memory only: a tick is stale in seconds.
import type { Tick } from '../contract/market.ts'
import { atom, atomFamily } from './store'

const tickFamily = atomFamily((_symbol: string) => atom<Tick | null>(null))

export const pairTickAtom = atomFamily((symbol: string) => atom((get) => get(tickFamily(symbol))))

/** A poll answer's tick; set only when a price moved, so a still tick re-renders nothing. */
export const applyPairTickAtom = atom(null, (get, set, symbol: string, tick: Tick) => {
  const current = get(tickFamily(symbol))
  if (!current || current.close !== tick.close || current.open !== tick.open || current.high !== tick.high || current.low !== tick.low) {
    set(tickFamily(symbol), tick)
  }
})
