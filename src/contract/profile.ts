// The profile area's calls (spec §2 /me/profile, /me/verify, /me/share-record, /me/message,
// /me/msgdetail, /me/safety; §3 user info `icon` and `auth`, KYC data, bank card; §4 KYC states,
// "Verification info cannot be changed once submitted"; §6 a verified identity for some operations).
// The spec leaves these paths unshown; these are ours. Every call answers the /bb envelope
// `{ code, msg, data }` with `code: 1` on success and needs a session (`access-token`, else
// `code: -2`) — except the avatar image, which anyone holding its unguessable URL may load.
// Times are ms since the epoch. Pages answer `{ list, sum }` (spec: paging stops when loaded ≥ sum).
//
// The pure checks both sides run (document numbers, names, the card number's Luhn digit) are here
// too, so the app refuses exactly what the server would.

export const PROFILE_PATHS = {
  /**
   * multipart: icon (PNG, JPEG or WebP; the upload limits of ASSET_PATHS.deposit) → data: AvatarResult.
   * The server crops it to a centred square of AVATAR_SIZE px; `icon` in /bb/user/info follows.
   */
  uploadIcon: '/bb/user/uploadIcon',
  /** GET prefix of avatar images: `${avatarImage}<name>.jpg` (public, unguessable, never HTML). */
  avatarImage: '/bb/user/avatar/',
  /** empty body → data: KycInfo (the caller's own). */
  kycStatus: '/bb/kyc/status',
  /**
   * multipart: name, docType (DOC_TYPES), docNumber, front, back (two image files, each within the
   * upload limits) → data: KycInfo (reviewing). Refused with SERVER_MESSAGES.kycLocked while under
   * review or verified.
   */
  kycSubmit: '/bb/kyc/submit',
  /**
   * GET ?side=front|back → the caller's own submitted photo (image/jpeg, `cache-control: private,
   * no-store`). Needs the `access-token` header, so the app fetches it and shows a blob URL.
   */
  kycPhoto: '/bb/kyc/photo',
  /** pageNo, pageSize (10, at most 50) → data: InviteePage, newest registration first. */
  invitees: '/bb/user/invitees',
  /** pageNo, pageSize (10, at most 50) → data: InboxPage, newest first. */
  messages: '/bb/message/list',
  /** empty body → data: UnreadCount. */
  unread: '/bb/message/unread',
  /** id → data: InboxMessage, which is marked read by this call (opening the detail reads it). */
  messageDetail: '/bb/message/detail',
  /** id? (absent: all of the caller's messages) → data: UnreadCount after marking. */
  markRead: '/bb/message/read',
  /** empty body → data: CollectionAccount | null (null when none is set). */
  bankCard: '/bb/user/bankCard',
  /** bankName, cardName, cardNumber, tradePassword → data: CollectionAccount (set or replaced). */
  setBankCard: '/bb/user/setBankCard',
} as const

// ---- Avatar -------------------------------------------------------------------------------------

/** Avatars are stored as AVATAR_SIZE × AVATAR_SIZE JPEGs. */
export const AVATAR_SIZE = 256

export interface AvatarResult {
  /** The new avatar's URL (a path under PROFILE_PATHS.avatarImage), as `icon` in the user info. */
  icon: string
}

// ---- Identity verification (KYC) ----------------------------------------------------------------

/** The document a user verifies with: Chinese resident ID card, passport, another document. */
export const DOC_TYPES = { residentId: 1, passport: 2, other: 3 } as const
export type DocType = (typeof DOC_TYPES)[keyof typeof DOC_TYPES]

/**
 * The verification state. none, reviewing and verified are KYC_STATUS of user.ts and the user
 * info's `auth` (spec §4's three states). rejected exists only here: `auth` shows a rejected
 * submission as none (0), since the user may submit again, and this call says why.
 */
export const KYC_STATE = { none: 0, reviewing: 1, verified: 2, rejected: 3 } as const
export type KycState = (typeof KYC_STATE)[keyof typeof KYC_STATE]

export interface KycSubmitted {
  name: string
  docType: DocType
  /** The number masked: the first and last characters kept (e.g. 1101**********123X). */
  docNumberMasked: string
  /** The photos' URLs (PROFILE_PATHS.kycPhoto?side=…), served only to their owner. */
  frontUrl: string
  backUrl: string
  submittedAt: number
}

export interface KycInfo {
  state: KycState
  /** The latest submission; null when the user never submitted (the demo account is verified without one). */
  submitted: KycSubmitted | null
  /** The operator's reason when rejected, else ''. */
  reason: string
  /** When an operator approved or rejected it; null while not reviewed. */
  reviewedAt: number | null
}

/** The name on a document or card: letters of any script, spaces, dots, apostrophes, hyphens. */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}](?:[\p{L}\p{M} .'·-]{0,62}[\p{L}\p{M}.])?$/u
export const PERSON_NAME_MAX_LENGTH = 64

/** Trims and collapses inner runs of spaces, as both sides store a name. */
export const normalizeName = (name: string): string => name.trim().replace(/\s+/g, ' ').normalize('NFC')

export const isValidPersonName = (name: string): boolean => PERSON_NAME_PATTERN.test(normalizeName(name))

/** Document numbers are compared and stored upper-case, without spaces. */
export const normalizeDocNumber = (value: string): string => value.replace(/\s/g, '').toUpperCase()

const RESIDENT_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const RESIDENT_ID_CHECK = '10X98765432'

function validBirthDate(digits: string): boolean {
  const year = Number(digits.slice(0, 4))
  const month = Number(digits.slice(4, 6))
  const day = Number(digits.slice(6, 8))
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** The 18-character Chinese resident ID (GB 11643): 17 digits with a real birth date, then its check character. */
export function isValidResidentId(value: string): boolean {
  const id = normalizeDocNumber(value)
  if (!/^\d{17}[\dX]$/.test(id) || !validBirthDate(id.slice(6, 14))) return false
  const sum = RESIDENT_ID_WEIGHTS.reduce((total, weight, i) => total + weight * Number(id[i]), 0)
  return RESIDENT_ID_CHECK[sum % 11] === id[17]
}

/** A passport number (ICAO 9303 allows up to 9 characters): 6 to 9 letters or digits, at least one digit. */
export const isValidPassport = (value: string): boolean => {
  const id = normalizeDocNumber(value)
  return /^[A-Z0-9]{6,9}$/.test(id) && /\d/.test(id)
}

/** Another document: 4 to 30 letters, digits or hyphens, starting and ending with a letter or digit. */
export const isValidOtherDocument = (value: string): boolean =>
  /^[A-Z0-9](?:[A-Z0-9-]{2,28})[A-Z0-9]$/.test(normalizeDocNumber(value))

export function isValidDocNumber(type: DocType, value: string): boolean {
  if (type === DOC_TYPES.residentId) return isValidResidentId(value)
  if (type === DOC_TYPES.passport) return isValidPassport(value)
  return isValidOtherDocument(value)
}

export const isDocType = (value: number): value is DocType => (Object.values(DOC_TYPES) as number[]).includes(value)

/** Keeps the first and last `keep` characters (fewer for short values) and stars the middle. */
export function maskMiddle(value: string, keep = 4): string {
  const shown = Math.min(keep, Math.floor(value.length / 4))
  if (shown === 0) return '*'.repeat(value.length)
  return value.slice(0, shown) + '*'.repeat(value.length - 2 * shown) + value.slice(-shown)
}

// ---- Invitations ---------------------------------------------------------------------------------

export interface Invitee {
  /** e.g. a***@example.com */
  emailMasked: string
  registeredAt: number
  /** KYC_STATE of the invitee (rejected shown as such). */
  kycState: KycState
}

export interface InviteePage {
  list: Invitee[]
  sum: number
}

// ---- Messages (inbox) ----------------------------------------------------------------------------

/** What a message reports; the app writes its text in the reader's language from `params`. */
export const MESSAGE_KINDS = [
  'depositCredited',
  'depositRejected',
  'withdrawalPaid',
  'withdrawalRejected',
  'kycApproved',
  'kycRejected',
  'liquidation',
  'launchAllocation',
  'launchUnlock',
  'announcement',
] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]

/**
 * The parameters a kind carries (all strings; amounts are decimal strings):
 * - depositCredited: amount, currency, recordId
 * - depositRejected: amount, currency, reason, recordId
 * - withdrawalPaid: amount, currency, recordId (amount = what arrived)
 * - withdrawalRejected: amount, currency, reason, recordId
 * - kycApproved: (none)
 * - kycRejected: reason
 * - liquidation: symbol, direction ('1' long, '2' short), quantity, margin (lost), price, positionId
 * - launchAllocation: project, amount (tokens), currency, refund (USDT)
 * - launchUnlock: project, amount, currency
 * - announcement: (none; `title` and `body` carry the text)
 */
export type MessageParams = Readonly<Record<string, string>>

export interface InboxMessage {
  id: string
  kind: MessageKind
  params: MessageParams
  /** Announcements only: in the caller's accept-language when the operator wrote one, else the default. */
  title: string
  body: string
  read: 0 | 1
  createdAt: number
}

export interface InboxPage {
  list: InboxMessage[]
  sum: number
}

export interface UnreadCount {
  unread: number
}

/** The languages an announcement may be written in (the app's locales). */
export const MESSAGE_LANGS = ['en-US', 'zh-CN', 'ko', 'ja'] as const

// ---- Collection account (bank card) --------------------------------------------------------------

export interface CollectionAccount {
  bankName: string
  cardName: string
  /** Only the last four digits shown, e.g. **** **** **** 1234. */
  cardNumberMasked: string
  updatedAt: number
}

export const BANK_NAME_MAX_LENGTH = 64

/** A bank name: 2 to 64 characters, no control characters. */
export const isValidBankName = (value: string): boolean => {
  const name = normalizeName(value)
  return name.length >= 2 && name.length <= BANK_NAME_MAX_LENGTH && !/\p{Cc}/u.test(name)
}

/** Card numbers are entered with spaces or hyphens between groups; those are dropped. */
export const normalizeCardNumber = (value: string): string => value.replace(/[\s-]/g, '')

/** 12 to 19 digits whose last is the Luhn check digit of the rest. */
export function isValidCardNumber(value: string): boolean {
  const digits = normalizeCardNumber(value)
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** `**** **** **** 1234`: the last four digits only. */
export const maskCardNumber = (value: string): string => `**** **** **** ${normalizeCardNumber(value).slice(-4)}`

// Contract ready for the screens.
