// Form rules of the security centre (spec §5) and the profile menu's entries.
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
