// The launchpad lists (/home/new and home's New coins): projects by phase with price, progress and
// a countdown on the server's clock (not the device's), paging, and the empty and failed states.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { fetchProjects } from '../../src/features/launch/api'
import { NewCoins } from '../../src/features/launch/components/new-coins'
import { ProjectList } from '../../src/features/launch/components/project-list'
import type { Phase } from '../../src/features/launch/logic'
import { ApiError } from '../../src/lib/api-client'
import { loadCatalog } from '../../src/lib/i18n'
import { project, SERVER_NOW, timed } from './launch-fixtures'
import { renderScreen } from './render'

vi.mock('../../src/features/launch/api', () => ({ fetchProjects: vi.fn(), fetchSpotAccount: vi.fn() }))

afterEach(cleanup)
beforeEach(async () => {
  vi.mocked(fetchProjects).mockReset()
  await loadCatalog('launch')
})

const cards = () => within(screen.getByRole('list', { name: 'Projects' })).getAllByRole('listitem')

it('shows each phase with price, progress and the countdown on the server clock', async () => {
  const joining = project('1')
  vi.mocked(fetchProjects).mockImplementation(async (phase: Phase) =>
    timed(phase === 'joining' ? { list: [joining], total: 1 } : { list: [project('2', { phase: 'warmup', schedule: { ...joining.schedule, joinStart: SERVER_NOW + 26 * 3_600_000 } })], total: 1 }))
  let phase: Phase = 'joining'
  const view = await renderScreen(() => <ProjectList phase={phase} onPhaseChange={(next) => { phase = next }} />)
  await waitFor(() => expect(cards()).toHaveLength(1))
  const card = cards()[0] as HTMLElement
  expect(within(card).getByText('NC1')).toBeTruthy()
  expect(within(card).getByText('0.5 USDT')).toBeTruthy()
  expect(within(card).getByText('25%')).toBeTruthy()
  expect(within(card).getByText(/^250 \/ 1,?000 NC1$/)).toBeTruthy()
  // 2 h 5 s left on the server's clock, whatever this machine's clock says.
  expect(within(card).getByText('Joining closes in')).toBeTruthy()
  expect(within(card).getByText(/^02:00:0[45]$/)).toBeTruthy()
  // A plain id in the address (a string id was written JSON-quoted: /home/detail?id=%221%22).
  expect(within(card).getByRole('link').getAttribute('href')).toBe('/home/detail?id=1')

  fireEvent.click(screen.getByRole('tab', { name: 'Warm-up' }))
  expect(phase).toBe('warmup')
  view.unmount()
  await renderScreen(() => <ProjectList phase="warmup" onPhaseChange={() => undefined} />)
  await waitFor(() => expect(within(cards()[0] as HTMLElement).getByText('NC2')).toBeTruthy())
  expect(within(cards()[0] as HTMLElement).getByText('Joining opens in')).toBeTruthy()
  expect(within(cards()[0] as HTMLElement).getByText(/^1d 02:00:0\d$/)).toBeTruthy()
  expect(vi.mocked(fetchProjects).mock.calls).toEqual([['joining', 1], ['warmup', 1]])
})

it('pages to the total, says when a phase is empty, and keeps the list when a refresh fails', async () => {
  const all = Array.from({ length: 12 }, (_, index) => project(String(index + 1)))
  vi.mocked(fetchProjects).mockImplementation(async (_phase, pageNo) => timed({ list: all.slice((pageNo - 1) * 10, pageNo * 10), total: 12 }))
  await renderScreen(() => <ProjectList phase="joining" onPhaseChange={() => undefined} />)
  await waitFor(() => expect(cards()).toHaveLength(10))
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
  await screen.findByText('No more')
  expect(cards()).toHaveLength(12)

  vi.mocked(fetchProjects).mockRejectedValueOnce(new ApiError('Network error, please check your connection and try again', { kind: 'network' }))
  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
  await screen.findByText(/Could not refresh; showing the last known list/)
  expect(cards()).toHaveLength(12)
  cleanup()

  vi.mocked(fetchProjects).mockResolvedValue(timed({ list: [], total: 0 }))
  await renderScreen(() => <ProjectList phase="ended" onPhaseChange={() => undefined} />)
  await screen.findByText('No projects in this phase yet.')
})

it("home's New coins lists the joining projects then the warming up ones, with the way to all of them", async () => {
  vi.mocked(fetchProjects).mockImplementation(async (phase: Phase) =>
    timed({ list: phase === 'joining' ? [project('1')] : [project('2', { phase: 'warmup' }), project('3', { phase: 'warmup' }), project('4', { phase: 'warmup' })], total: 3 }))
  await renderScreen(() => <NewCoins />, 'zh-CN')
  const list = await screen.findByRole('list')
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3))
  expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent)).toEqual(['NC1', 'NC2', 'NC3'])
  expect(screen.getByRole('heading', { name: '新币' })).toBeTruthy()
  expect(screen.getByRole('link', { name: '全部项目' }).getAttribute('href')).toBe('/home/new')
})

it("home's New coins says when it could not load, and retries", async () => {
  vi.mocked(fetchProjects).mockRejectedValueOnce(new Error('down')).mockResolvedValue(timed({ list: [], total: 0 }))
  await renderScreen(() => <NewCoins />)
  await screen.findByText('Could not load the new coins.')
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
  await screen.findByText('No coins are joining or warming up right now.')
})
