// Calls of the profile area (spec §7): user info, logout, passwords and the public config lookup.
import { USER_PATHS } from '../../contract/user.ts'
import type { AvatarResult, CollectionAccount, DocType, InboxMessage, InboxPage, InviteePage, KycInfo, UnreadCount } from '../../contract/profile.ts'
import { PROFILE_PATHS } from '../../contract/profile.ts'
import { getPrivateBlob, postBb, uploadBb, type UploadProgress } from '../../lib/api-client'
import { keyed } from '../../lib/idempotency'

export { fetchCustomerService, fetchParam, fetchUserInfo } from './session-api'

export const logout = () => postBb<unknown>(USER_PATHS.logout)

export const changeLoginPassword = (oldPassword: string, newPassword: string) =>
  postBb<unknown>(USER_PATHS.updatePwd, { oldPassword, newPassword })

export const setTradePassword = (loginPassword: string, tradePassword: string) =>
  postBb<unknown>(USER_PATHS.setTransactionPwd, { loginPassword, tradePassword })

/**
 * An explicit logout also forgets the user's queued transfers on this device (issue: private data
 * stays private). An expired session (-2) does not come through here, so its queue waits for the
 * next login. Loaded on demand: the outbox brings IndexedDB code the profile screen otherwise needs not.
 */
export async function forgetQueuedTransfers(userId: string): Promise<void> {
  const { clearOutbox } = await import('../../lib/outbox')
  await clearOutbox(userId)
}

// ---- Profile area (issue 12): avatar, identity verification, invitees, inbox, collection account ----

export const uploadAvatar = (file: File, onProgress: UploadProgress) => {
  const form = new FormData()
  form.append('icon', file)
  return uploadBb<AvatarResult>(PROFILE_PATHS.uploadIcon, form, onProgress)
}

export const fetchKyc = () => postBb<KycInfo>(PROFILE_PATHS.kycStatus)

export interface KycSubmission {
  name: string
  docType: DocType
  docNumber: string
  front: File
  back: File
}

/** `key`: the submission's idempotency key, so a retry after a lost answer is not "already submitted". */
export function submitKyc(submission: KycSubmission, onProgress: UploadProgress, key: string) {
  const form = new FormData()
  form.append('name', submission.name)
  form.append('docType', String(submission.docType))
  form.append('docNumber', submission.docNumber)
  form.append('front', submission.front)
  form.append('back', submission.back)
  return uploadBb<KycInfo>(PROFILE_PATHS.kycSubmit, form, onProgress, keyed(key))
}

/** The caller's own document photo: it needs the session header, so it is fetched and shown as a blob. */
export const fetchKycPhoto = (side: 'front' | 'back') => getPrivateBlob(PROFILE_PATHS.kycPhoto, { side })

export const fetchInvitees = (pageNo: number) => postBb<InviteePage>(PROFILE_PATHS.invitees, { pageNo, pageSize: 10 })

export const fetchMessages = (pageNo: number) => postBb<InboxPage>(PROFILE_PATHS.messages, { pageNo, pageSize: 10 })

export const fetchUnread = () => postBb<UnreadCount>(PROFILE_PATHS.unread)

/** Opening a message reads it (the server marks it read in the same call). */
export const openMessage = (id: string) => postBb<InboxMessage>(PROFILE_PATHS.messageDetail, { id })

export const markAllRead = () => postBb<UnreadCount>(PROFILE_PATHS.markRead)

export const fetchCollectionAccount = () => postBb<CollectionAccount | null>(PROFILE_PATHS.bankCard)

export const saveCollectionAccount = (account: { bankName: string; cardName: string; cardNumber: string; tradePassword: string }, key: string) =>
  postBb<CollectionAccount>(PROFILE_PATHS.setBankCard, account, keyed(key))

export interface ShippedLicence {
  name: string
  version: string
  license: string
}

/** The licences of the packages in the browser bundle, written by the build (scripts/vite-about-info.ts). */
export async function fetchLicences(): Promise<ShippedLicence[]> {
  const response = await fetch(`${import.meta.env.BASE_URL}licences.txt`)
  if (!response.ok) throw new Error(`Request failed with status code ${response.status}`)
  return (await response.json()) as ShippedLicence[]
}

/** The help centre's questions in a language: one chunk per language, loaded when the help opens. */
export async function loadFaq(locale: string) {
  const modules = {
    'zh-CN': () => import('./faq/zh-CN'),
    ko: () => import('./faq/ko'),
    ja: () => import('./faq/ja'),
  } as const
  const load = modules[locale as keyof typeof modules] ?? (() => import('./faq/en-US'))
  return (await load()).FAQ
}
