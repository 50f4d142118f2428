// Toasts (spec §8): error, success, warning, loading. Anything may raise one — a feature's
// action, the api client — so the queue lives here and app/toast-host renders it.
import type { MessageDescriptor } from '@lingui/core'
import { atom, store } from './store'

export type ToastKind = 'error' | 'success' | 'warning' | 'loading'
/** A descriptor is translated; a string is translated when it is a catalog id, else shown as is. */
export type ToastText = string | MessageDescriptor

export interface Toast {
  id: number
  kind: ToastKind
  text: ToastText
}

const DURATION_MS = 2500
let nextId = 1

export const toastsAtom = atom<Toast[]>([])

export function dismissToast(id: number): void {
  store.set(toastsAtom, (list) => list.filter((t) => t.id !== id))
}

/** Shows a toast; loading toasts stay until dismissed with the returned id. */
export function showToast(kind: ToastKind, text: ToastText): number {
  const id = nextId++
  // One toast at a time, as on a phone: a new one replaces the last.
  store.set(toastsAtom, [{ id, kind, text }])
  if (kind !== 'loading') setTimeout(() => dismissToast(id), DURATION_MS)
  return id
}

export const toast = {
  error: (text: ToastText) => showToast('error', text),
  success: (text: ToastText) => showToast('success', text),
  warning: (text: ToastText) => showToast('warning', text),
  loading: (text: ToastText) => showToast('loading', text),
}

/** Spec §8: a failed call shows the server's message, else the error's, else 'error'. */
export function toastFailure(error: unknown): void {
  const text = error instanceof Error && error.message ? error.message : 'error'
  toast.error(text)
}

/** A box in viewport pixels (a DOMRect fits). */
export interface Box {
  top: number
  bottom: number
  left: number
  right: number
}

const GAP = 8

function overlaps(a: Box, b: Box): boolean {
  return a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right
}

/**
 * Where a toast's top edge goes (issue 21, item 14): under the nav bar by default, where no form
 * control or the keyboard is (`area` is the visible part of the screen between the nav bar and
 * the tab bar or the keyboard). When that place would cover a control to keep clear — the one
 * just used, the focused field — the toast goes just below it, else just above it; if nothing
 * fits, it stays at the top.
 */
export function placeToast(shown: { height: number; left: number; right: number }, area: { top: number; bottom: number }, avoid: readonly Box[]): number {
  const top = area.top + GAP
  const boxAt = (y: number): Box => ({ top: y, bottom: y + shown.height, left: shown.left, right: shown.right })
  const fits = (y: number) => y >= top && y + shown.height <= area.bottom - GAP && !avoid.some((box) => overlaps(boxAt(y), box))
  const candidates = [top, ...avoid.flatMap((box) => [box.bottom + GAP, box.top - GAP - shown.height])]
  return candidates.find(fits) ?? top
}
