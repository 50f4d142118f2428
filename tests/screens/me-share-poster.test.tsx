// The invitation poster (/me/share): where the browser has no Web Share API, no greyed-out Share
// button without a word — the screen says why and offers what works (save the image, copy the link).
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { SharePoster } from '../../src/features/me/components/share-poster'
import { loadCatalog } from '../../src/lib/i18n'
import { store } from '../../src/lib/store'
import { toastsAtom } from '../../src/lib/toast'
import { renderScreen } from './render'

const LINK = 'https://example.test/mobile/register?code=ABC123'
const original = { share: navigator.share, clipboard: navigator.clipboard }

afterEach(() => {
  cleanup()
  Object.defineProperty(navigator, 'share', { configurable: true, value: original.share })
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: original.clipboard })
})
beforeEach(async () => {
  store.set(toastsAtom, [])
  await loadCatalog('me')
})

it('without the Web Share API: says why, and copies the link instead of a dead Share button', async () => {
  Object.defineProperty(navigator, 'share', { configurable: true, value: undefined })
  const writeText = vi.fn(async () => undefined)
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
  await renderScreen(() => <SharePoster code="ABC123" link={LINK} />)
  expect(screen.queryByRole('button', { name: 'Share' })).toBeNull()
  expect(screen.getByRole('button', { name: 'Save image' })).toBeTruthy()
  const copy = screen.getByRole('button', { name: 'Copy link' })
  expect(copy.getAttribute('aria-describedby')).toBeTruthy()
  expect(document.getElementById(copy.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/cannot share from a web page/)
  fireEvent.click(copy)
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK))
  await waitFor(() => expect(store.get(toastsAtom).map((toast) => toast.text)).toContain('Invitation link copied'))
})

it('with the Web Share API: an enabled Share button, and no note', async () => {
  Object.defineProperty(navigator, 'share', { configurable: true, value: vi.fn(async () => undefined) })
  await renderScreen(() => <SharePoster code="ABC123" link={LINK} />, 'zh-CN')
  await loadCatalog('me')
  const share = await screen.findByRole('button', { name: /^(Share|分享)$/ })
  expect((share as HTMLButtonElement).disabled).toBe(false)
  expect(screen.queryByRole('button', { name: /Copy link|复制链接/ })).toBeNull()
})
