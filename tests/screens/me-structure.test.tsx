// The profile screens as assistive technology reads them (issue 30, WCAG 1.3.1 and 2.1.1): the
// licences on /me/about scroll in a box a keyboard can reach and that says what it holds; the
// invitation on /me/share is a list of terms and values only (a stray paragraph inside the <dl>
// broke it), with the link as the value of "Invitation link", cut only between its parts.
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import { fetchLicences } from '../../src/features/me/api'
import { AboutCard } from '../../src/features/me/components/about-card'
import { InviteLinks } from '../../src/features/me/components/invite-links'
import { loadCatalog } from '../../src/lib/i18n'
import { renderScreen } from './render'

vi.mock('../../src/features/me/api', async (original) => ({
  ...(await original<typeof import('../../src/features/me/api')>()),
  fetchLicences: vi.fn(),
}))

const LINK = 'http://127.0.0.1:40945/mobile/register?code=73VMMBCW'

beforeAll(() => loadCatalog('me'))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

it('the licence list scrolls by keyboard: it takes focus and is named', async () => {
  vi.mocked(fetchLicences).mockResolvedValue([{ name: 'react', version: '19.3.1', license: 'MIT' }, { name: 'pdfjs-dist', version: '6.5.438', license: 'Apache-2.0' }])
  await renderScreen(() => <AboutCard />)
  const list = await screen.findByRole('list', { name: 'Open-source licences' })
  expect(list.tabIndex).toBe(0)
  expect(within(list).getAllByRole('listitem')).toHaveLength(2)
})

it('the invitation is terms and values only, the link the value of its term', async () => {
  await renderScreen(() => <InviteLinks code="73VMMBCW" link={LINK} />)
  const list = document.querySelector('dl[aria-label="Invitation"]')
  if (!list) throw new Error('no invitation list')
  // A <dl> holds groups (<div>) of terms and values, nothing else (axe's definition-list rule).
  for (const child of list.children) {
    expect(child.tagName).toBe('DIV')
    for (const item of child.children) expect(['DT', 'DD']).toContain(item.tagName)
  }
  const term = screen.getByText('Invitation link')
  const values = [...(term.parentElement?.querySelectorAll('dd') ?? [])]
  expect(values.map((value) => value.textContent)).toContain(LINK)
  // It wraps after "/", "?" and "=" only: the port and the code stay whole.
  const link = values.find((value) => value.textContent === LINK)
  expect(link?.querySelectorAll('wbr')).toHaveLength(6)
})
