// /me/msgdetail: a message opens; without an id, or with one that is no message of the user, the
// screen says the message is not there and leads back to the inbox — no Retry that cannot help —
// while a failure that may pass (the network) still offers Retry.
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { InboxMessage } from '../../src/contract/profile.ts'
import { openMessage } from '../../src/features/me/api'
import { MessageDetail } from '../../src/features/me/components/message-detail'
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../src/lib/api-client'
import { loadCatalog } from '../../src/lib/i18n'
import { renderScreen } from './render'

vi.mock('../../src/features/me/api', async (original) => ({
  ...(await original<typeof import('../../src/features/me/api')>()),
  openMessage: vi.fn(),
}))

const MESSAGE: InboxMessage = { id: '7', kind: 'announcement', params: {}, title: 'Maintenance', body: 'Sunday 02:00', read: 1, createdAt: 1_760_000_000_000 }

beforeAll(() => loadCatalog('me'))
beforeEach(() => {
  vi.mocked(openMessage).mockReset()
})
afterEach(cleanup)

it('without an id says the message is not there, asks nothing, and links back to the inbox', async () => {
  await renderScreen(() => <MessageDetail id="" />)
  const state = await screen.findByRole('status')
  expect(state.textContent).toContain('Message not found')
  expect(within(state).getByRole('link', { name: 'Back to messages' }).getAttribute('href')).toBe('/me/message')
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  expect(openMessage).not.toHaveBeenCalled()
})

it('in every language: no Retry for an id that cannot be a message', async () => {
  for (const [locale, title, back] of [['zh-CN', '消息不存在', '返回消息列表'], ['ko', '메시지를 찾을 수 없습니다', '메시지 목록으로 돌아가기'], ['ja', 'メッセージが見つかりません', 'メッセージ一覧へ戻る']] as const) {
    const view = await renderScreen(() => <MessageDetail id="abc" />, locale)
    expect((await screen.findByRole('status')).textContent).toContain(title)
    expect(screen.getByRole('link', { name: back })).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
    view.unmount()
  }
  expect(openMessage).not.toHaveBeenCalled()
})

it('an id the server does not know (deleted, or another user’s) is not found either', async () => {
  vi.mocked(openMessage).mockRejectedValue(new ApiError(SERVER_MESSAGES.messageNotFound, { kind: 'business', code: 0 }))
  await renderScreen(() => <MessageDetail id="99999" />)
  await screen.findByText('Message not found')
  expect(screen.getByRole('link', { name: 'Back to messages' })).toBeTruthy()
  expect(openMessage).toHaveBeenCalledWith('99999')
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
})

it('a network failure keeps Retry, which opens the message', async () => {
  vi.mocked(openMessage).mockRejectedValueOnce(new ApiError(NETWORK_ERROR_MESSAGE, { kind: 'network' })).mockResolvedValue(MESSAGE)
  await renderScreen(() => <MessageDetail id="7" />)
  fireEvent.click(await screen.findByRole('button', { name: 'Retry' }))
  expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Maintenance')
  expect(openMessage).toHaveBeenCalledTimes(2)
})
