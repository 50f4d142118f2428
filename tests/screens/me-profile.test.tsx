// The profile screens' own behaviour: the help centre searches in the reader's language, the
// verification form and the collection account refuse what the server would (nothing is sent), a
// submission offline is refused, each verification state shows what it should, and messages are
// written in the reader's language from their kind.
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { KYC_STATE, type InboxMessage, type KycInfo } from '../../src/contract/profile.ts'
import { fetchCollectionAccount, fetchKyc, fetchKycPhoto, fetchMessages, saveCollectionAccount, submitKyc } from '../../src/features/me/api'
import { CollectionAccountCard } from '../../src/features/me/components/collection-account'
import { HelpCentre } from '../../src/features/me/components/help-centre'
import { MessageList } from '../../src/features/me/components/message-list'
import { VerifyPanel } from '../../src/features/me/components/verify-panel'
import { loadCatalog } from '../../src/lib/i18n'
import { store } from '../../src/lib/store'
import { toastsAtom } from '../../src/lib/toast'
import { renderScreen } from './render'

vi.mock('../../src/features/me/api', async (original) => ({
  ...(await original<typeof import('../../src/features/me/api')>()),
  fetchKyc: vi.fn(),
  submitKyc: vi.fn(),
  fetchKycPhoto: vi.fn(),
  fetchUserInfo: vi.fn(),
  fetchCollectionAccount: vi.fn(),
  saveCollectionAccount: vi.fn(),
  fetchMessages: vi.fn(),
}))

const kyc = (state: KycInfo['state'], reason = ''): KycInfo => ({
  state,
  reason,
  reviewedAt: state === KYC_STATE.none ? null : 1_760_000_000_000,
  submitted: { name: 'Li Wei', docType: 1, docNumberMasked: '1101**********002X', frontUrl: '', backUrl: '', submittedAt: 1_750_000_000_000 },
})

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })
const message = (id: string, read: 0 | 1, kind: InboxMessage['kind'], params: Record<string, string>): InboxMessage =>
  ({ id, kind, params, title: '', body: '', read, createdAt: 1_760_000_000_000 })

// The profile's texts are a catalog of their own, loaded by its routes (lib/catalog-names).
beforeAll(() => loadCatalog('me'))
beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
  vi.mocked(fetchKycPhoto).mockResolvedValue(new Blob([new Uint8Array([1])], { type: 'image/jpeg' }))
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

it('the help centre searches the Japanese questions', async () => {
  await renderScreen(() => <HelpCentre />, 'ja')
  await screen.findByText('最低入金額はいくらですか？')
  fireEvent.change(screen.getByLabelText('質問を検索'), { target: { value: '最低入金' } })
  expect(screen.getByText('最低入金額はいくらですか？')).toBeTruthy()
  expect(screen.queryByText('出金するには？')).toBeNull()
  fireEvent.change(screen.getByLabelText('質問を検索'), { target: { value: 'xyzzy' } })
  expect(screen.getByText('検索に一致する質問はありません。')).toBeTruthy()
})

it('the verification form sends nothing while a field is wrong, and nothing offline', async () => {
  vi.mocked(fetchKyc).mockResolvedValue({ state: KYC_STATE.none, submitted: null, reason: '', reviewedAt: null })
  await renderScreen(() => <VerifyPanel />)
  await screen.findByRole('heading', { name: 'Verify your identity' })
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Li Wei' } })
  fireEvent.change(screen.getByLabelText('Document number'), { target: { value: '110105194912310021' } })
  fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }))
  expect(await screen.findByText('The document number is not valid for this document type')).toBeTruthy()
  expect(screen.getByText('Please add the front photo of the document')).toBeTruthy()
  expect(submitKyc).not.toHaveBeenCalled()

  fireEvent.change(screen.getByLabelText('Document number'), { target: { value: '11010519491231002X' } })
  fireEvent.change(screen.getByLabelText('Front photo'), { target: { files: [png('f.png')] } })
  fireEvent.change(screen.getByLabelText('Back photo'), { target: { files: [png('b.png')] } })
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }))
  await vi.waitFor(() => expect(store.get(toastsAtom).map((toast) => String(toast.text))).toContainEqual(expect.stringMatching(/^You are offline/)))
  expect(submitKyc).not.toHaveBeenCalled()
})

it('a rejected verification shows the reason and offers to submit again', async () => {
  vi.mocked(fetchKyc).mockResolvedValue(kyc(KYC_STATE.rejected, 'The photo is blurred'))
  await renderScreen(() => <VerifyPanel />, 'zh-CN')
  expect(await screen.findByText('原因：The photo is blurred')).toBeTruthy()
  expect(screen.getByText('1101**********002X')).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: '重新提交' }))
  expect(await screen.findByRole('heading', { name: '身份认证' })).toBeTruthy()
})

it('under review nothing can be submitted', async () => {
  vi.mocked(fetchKyc).mockResolvedValue(kyc(KYC_STATE.reviewing))
  await renderScreen(() => <VerifyPanel />)
  await screen.findByText(/Your documents are being reviewed/)
  expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull()
  expect(screen.queryByRole('button', { name: 'Submit again' })).toBeNull()
})

it('the collection account is shown masked and a card failing the Luhn check is not sent', async () => {
  vi.mocked(fetchCollectionAccount).mockResolvedValue({ bankName: 'Bank of Test', cardName: 'Li Wei', cardNumberMasked: '**** **** **** 1111', updatedAt: 1_760_000_000_000 })
  await renderScreen(() => <CollectionAccountCard />, 'ko')
  expect(await screen.findByText('**** **** **** 1111')).toBeTruthy()
  fireEvent.change(screen.getByLabelText('은행명'), { target: { value: 'Bank of Test' } })
  fireEvent.change(screen.getByLabelText('예금주 이름'), { target: { value: 'Li Wei' } })
  fireEvent.change(screen.getByLabelText('카드 번호'), { target: { value: '4111111111111112' } })
  fireEvent.change(screen.getByLabelText('자금 비밀번호'), { target: { value: '123456' } })
  expect((screen.getByLabelText('카드 번호') as HTMLInputElement).value).toBe('4111 1111 1111 1112')
  fireEvent.click(screen.getByRole('button', { name: '수취 계좌 저장' }))
  expect(await screen.findByText('카드 번호가 올바르지 않습니다')).toBeTruthy()
  expect(saveCollectionAccount).not.toHaveBeenCalled()
})

it('messages are written in the reader\'s language from their kind, unread marked', async () => {
  vi.mocked(fetchMessages).mockResolvedValue({
    sum: 2,
    list: [
      message('2', 0, 'depositCredited', { amount: '25.50000000', currency: 'usdt', recordId: '9' }),
      message('1', 1, 'kycApproved', {}),
    ],
  })
  await renderScreen(() => <MessageList />, 'ja')
  expect(await screen.findByText('25.5 USDT の入金がアカウントに反映されました。')).toBeTruthy()
  expect(screen.getByText('本人確認が完了しました')).toBeTruthy()
  expect(screen.getAllByRole('img', { name: '未読' })).toHaveLength(1)
})
