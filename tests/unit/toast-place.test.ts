// Where a toast goes (issue 21, item 14): never over the control just used nor under the keyboard.
import { describe, expect, it } from 'vitest'
import { placeToast, type Box } from '../../src/lib/toast'

const toast = { height: 44, left: 40, right: 350 }
// Under a 52 px nav bar, above a 58 px tab bar, on a 844 px screen.
const screen = { top: 52, bottom: 786 }
const box = (top: number, height: number, left = 16, right = 374): Box => ({ top, bottom: top + height, left, right })
const overlaps = (y: number, b: Box) => y < b.bottom && b.top < y + toast.height && toast.left < b.right && b.left < toast.right

describe('placeToast', () => {
  it('puts the toast under the nav bar when nothing is in the way', () => {
    expect(placeToast(toast, screen, [])).toBe(60)
  })

  it('stays at the top for a control lower down (a form button at the bottom)', () => {
    const button = box(700, 44)
    const y = placeToast(toast, screen, [button])
    expect(y).toBe(60)
    expect(overlaps(y, button)).toBe(false)
  })

  it('goes under a control that sits where it would be', () => {
    const tab = box(64, 36)
    const y = placeToast(toast, screen, [tab])
    expect(y).toBe(108)
    expect(overlaps(y, tab)).toBe(false)
  })

  it('keeps clear of every control given (the one tapped and the focused field)', () => {
    const tapped = box(60, 40)
    const field = box(108, 46)
    const y = placeToast(toast, screen, [tapped, field])
    expect([tapped, field].some((b) => overlaps(y, b))).toBe(false)
  })

  it('stays inside the visible area when the keyboard shrinks it', () => {
    const keyboardOpen = { top: 52, bottom: 420 }
    const field = box(330, 46)
    const y = placeToast(toast, keyboardOpen, [field])
    expect(y).toBeGreaterThanOrEqual(60)
    expect(y + toast.height).toBeLessThanOrEqual(412)
    expect(overlaps(y, field)).toBe(false)
  })

  it('ignores a control beside it rather than under it', () => {
    expect(placeToast(toast, screen, [box(60, 40, 0, 30)])).toBe(60)
  })
})
