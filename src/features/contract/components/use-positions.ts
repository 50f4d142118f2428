import { useEffect, useEffectEvent, useRef, useState } from 'react'
import type { ContractPosition } from '../../../contract/contracts.ts'
import { MARKET_POLL_MS } from '../../../contract/market.ts'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { i18n } from '../../../lib/i18n'
import { toast } from '../../../lib/toast'
import { fetchPosition, fetchPositions } from '../api'
import { loadContractAccountAtom, positionsVersionAtom } from '../atoms'
import { endedToast, enteredToast, positionNews } from '../position-news'
import { DIRECTION_LABELS } from './labels'

interface Loaded {
  key: string
  positions: ContractPosition[] | null
  /** The last load's failure; the positions loaded before it stay shown (their last known state). */
  error: unknown
  /** When the shown positions were loaded (ms), so a failed refresh can say how old they are. */
  loadedAt: number | null
}

/** What changes the money of a position: opened, entered, closed in part, margin added, or gone. */
const printOf = (positions: readonly ContractPosition[]) =>
  positions.map((position) => `${position.id}:${position.status}:${position.quantity}:${position.margin}`).join()

/** Events announced in this page ("id:entered", "id:ended"), so two lists of one position say each once. */
const announced = new Set<string>()

function announce(key: string, text: ReturnType<typeof endedToast>) {
  if (!text || announced.has(key)) return
  announced.add(key)
  toast.success(text)
}

/** The position's direction ("Long") in the language of the moment. */
const directionOf = (position: ContractPosition) => i18n._(DIRECTION_LABELS[position.direction])

/** Tells the trader what the pass did between two loads of one list (position-news.ts). */
function tellNews(before: readonly ContractPosition[], after: readonly ContractPosition[]) {
  const news = positionNews(before, after)
  for (const position of news.entered) announce(`${position.id}:entered`, enteredToast(position, directionOf(position)))
  for (const id of news.gone) {
    fetchPosition(id).then((position) => announce(`${id}:ended`, endedToast(position, directionOf(position))), () => undefined)
  }
}

/**
 * The caller's pending and holding positions of a pair (all pairs when absent), loaded at once,
 * again on the spec's 5 s tick while the page is visible (the pass enters limits, stops and
 * liquidates meanwhile) and at once when the user changed one. When they change between two
 * loads, the contract account reloads, so "Available" follows without a reload of the page. A
 * tick never overlaps a load in flight; a failed one keeps the last list. What the pass did
 * meanwhile (an entry reached, a stop or a liquidation) is announced once (position-news.ts).
 */
export function usePositions(symbol: string | undefined) {
  const key = symbol ?? '*'
  const version = useAtomValue(positionsVersionAtom)
  const loadAccount = useSetAtom(loadContractAccountAtom)
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [round, setRound] = useState(0)
  const lastPrint = useRef<string | null>(null)
  const lastList = useRef<{ key: string; positions: ContractPosition[] } | null>(null)
  const noticeChange = useEffectEvent((positions: ContractPosition[]) => {
    const print = printOf(positions)
    if (lastPrint.current !== null && lastPrint.current !== print) loadAccount().catch(() => undefined)
    lastPrint.current = print
    if (lastList.current?.key === key) tellNews(lastList.current.positions, positions)
    lastList.current = { key, positions }
  })
  useEffect(() => {
    let live = true
    let inFlight = false
    const load = () => {
      if (inFlight || document.visibilityState === 'hidden') return
      inFlight = true
      fetchPositions(symbol).then(
        (positions) => {
          if (!live) return
          setLoaded({ key, positions, error: null, loadedAt: Date.now() })
          noticeChange(positions)
        },
        (error: unknown) => live && setLoaded((prev) => (prev?.key === key ? { ...prev, error } : { key, positions: null, error, loadedAt: null })),
      ).finally(() => {
        inFlight = false
      })
    }
    load()
    const timer = setInterval(load, MARKET_POLL_MS)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [key, symbol, version, round]) // oxlint-disable-line react/exhaustive-effect-dependencies -- version and round are the triggers of a reload
  const current = loaded?.key === key ? loaded : null
  return {
    positions: current?.positions ?? null,
    error: current?.error ?? null,
    loadedAt: current?.loadedAt ?? null,
    retry: () => setRound((value) => value + 1),
  }
}
