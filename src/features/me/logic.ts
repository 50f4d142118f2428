// Form rules of the security centre (spec §5) and the profile menu's entries.
import { msg } from '@lingui/core/macro'
import {
  isValidBankName,
  isValidCardNumber,
  isValidDocNumber,
  isValidPersonName,
  KYC_STATE,
  type DocType,
  type KycInfo,
} from '../../contract/profile.ts'
import { KYC_STATUS, type KycStatus } from '../../contract/user.ts'
import {
  validateLoginPasswordAtLogin,
  validateNewLoginPassword,
  validateSamePassword,
  validateTradePassword,
} from '../../lib/validate'
import { collectErrors as collect } from '../../lib/form-errors'

export const checkChangeLoginPassword = (form: { oldPassword: string; password: string; confirm: string }) =>
  collect({
    oldPassword: validateLoginPasswordAtLogin(form.oldPassword),
    password: validateNewLoginPassword(form.password),
    confirm: validateNewLoginPassword(form.password) ? null : validateSamePassword(form.password, form.confirm),
  })

export const checkTradePassword = (form: { loginPassword: string; password: string; confirm: string }) =>
  collect({
    loginPassword: validateLoginPasswordAtLogin(form.loginPassword),
    password: validateTradePassword(form.password),
    confirm: validateTradePassword(form.password) ? null : validateSamePassword(form.password, form.confirm),
  })

export type KycLabel = 'none' | 'reviewing' | 'verified'

export function kycLabel(auth: KycStatus | undefined): KycLabel {
  if (auth === KYC_STATUS.verified) return 'verified'
  if (auth === KYC_STATUS.reviewing) return 'reviewing'
  return 'none'
}

/** Spec §2: external links open in the same window on iOS, in a new one elsewhere. */
export function externalLinkTarget(userAgent: string): '_self' | '_blank' {
  return /iPad|iPhone|iPod/.test(userAgent) ? '_self' : '_blank'
}

// ---- Profile area (issue 12) ----------------------------------------------------------------------

/** The app's registration link carrying an invitation code (routes/register.tsx reads `code`). */
export const registrationLink = (origin: string, code: string): string =>
  `${origin}/mobile/register?code=${encodeURIComponent(code)}`

/** What /me/verify shows: the form (never submitted, or rejected and submitting again) or a state. */
export type KycView = 'form' | 'reviewing' | 'verified' | 'rejected'

export function kycView(info: KycInfo, resubmitting: boolean): KycView {
  if (info.state === KYC_STATE.verified) return 'verified'
  if (info.state === KYC_STATE.reviewing) return 'reviewing'
  if (info.state === KYC_STATE.rejected && !resubmitting) return 'rejected'
  return 'form'
}

export interface KycForm {
  name: string
  docType: DocType
  docNumber: string
  front: File | null
  back: File | null
}

/** The same checks as the server (contract/profile.ts), so a refused form is never sent. */
export const checkKycForm = (form: KycForm) =>
  collect({
    name: isValidPersonName(form.name) ? null : msg`Please enter your name as it appears on the document`,
    docNumber: isValidDocNumber(form.docType, form.docNumber) ? null : msg`The document number is not valid for this document type`,
    front: form.front ? null : msg`Please add the front photo of the document`,
    back: form.back ? null : msg`Please add the back photo of the document`,
  })

/** What a KYC submission asks for, as the key of its retries: the fields and which photos (by name, size and date). */
const photoFingerprint = (file: File) => [file.name, file.size, file.lastModified]

export function kycFingerprint(submission: { name: string; docType: number; docNumber: string; front: File; back: File }): string {
  return JSON.stringify([submission.name, submission.docType, submission.docNumber, photoFingerprint(submission.front), photoFingerprint(submission.back)])
}

export interface CollectionForm {
  bankName: string
  cardName: string
  cardNumber: string
  tradePassword: string
}

export const checkCollectionForm = (form: CollectionForm) =>
  collect({
    bankName: isValidBankName(form.bankName) ? null : msg`Please enter the bank's name`,
    cardName: isValidPersonName(form.cardName) ? null : msg`Please enter the card holder's name`,
    cardNumber: isValidCardNumber(form.cardNumber) ? null : msg`The card number is not valid`,
    tradePassword: /^\d{6}$/.test(form.tradePassword) ? null : msg`The fund password must be 6 digits`,
  })

/** Card numbers shown in groups of four while they are typed. */
export const groupCardNumber = (value: string): string =>
  value.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ')

export interface FaqEntry {
  topic: string
  question: string
  answer: string
}

const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase()

/**
 * The help centre's search: every word of the query must appear in the question, the answer or the
 * topic (any order, any case, full- or half-width); questions that match come before answers that do.
 */
export function searchFaq(entries: readonly FaqEntry[], query: string): FaqEntry[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...entries]
  const scored = entries.flatMap((entry) => {
    const question = fold(entry.question)
    const all = `${fold(entry.topic)} ${question} ${fold(entry.answer)}`
    if (!words.every((word) => all.includes(word))) return []
    return [{ entry, score: words.filter((word) => question.includes(word)).length }]
  })
  return scored.toSorted((a, b) => b.score - a.score).map(({ entry }) => entry)
}

/** Unread counts above 99 show as 99+ (a badge has room for three characters). */
export const unreadBadge = (count: number): string => (count > 99 ? '99+' : String(count))


/** A message id the server can look up (a positive integer, as it checks); anything else is no message. */
export const isMessageId = (id: string): boolean => /^[1-9]\d{0,15}$/.test(id)

/**
 * A link cut where a line may wrap: after each slash, `?`, `&` and `=`, so a narrow screen breaks it
 * between its parts, never inside the host's port or the invitation code (the screen puts a <wbr>
 * after each part).
 */
export const linkParts = (link: string): string[] => link.match(/[^/?&=]*(?:\/+|[?&=]|$)/g)?.filter(Boolean) ?? []
