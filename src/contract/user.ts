// Calls of `/bb/user/*` and `/bb/paramter/*` (spec §7), payloads as the app sends them
// (form-encoded) and answers as the server gives them in `BbEnvelope.data`.

export const USER_PATHS = {
  sendEmailCode: '/bb/user/sendEmailCode',
  sendEmailCodeForget: '/bb/user/sendEmailCodeForget',
  emailVerification: '/bb/user/emailVerification',
  register: '/bb/user/register',
  login: '/bb/user/login',
  info: '/bb/user/info',
  logout: '/bb/user/logout',
  setTransactionPwd: '/bb/user/setTransactionPwd',
  updatePwd: '/bb/user/updatePwd',
  forgetPwd: '/bb/user/forgetPwd',
  /** Not in the spec: the login password again, for a session whose money calls answer code -3. */
  confirmPassword: '/bb/user/confirmPassword',
  getParam: '/bb/paramter/getParamByName',
  getParamList: '/bb/paramter/getParamListByKeyName',
} as const

export interface EmailPayload {
  email: string
}
export interface EmailCodePayload {
  email: string
  code: string
}
export interface RegisterPayload {
  email: string
  code: string
  password: string
  inviteCode?: string
}
export interface LoginPayload {
  /** The email address. */
  account: string
  password: string
  /** Not in the spec: the app's random id of this device (contract/security.ts DEVICE_ID_PATTERN), for the new-device mail. */
  device?: string
}
export interface LoginResult {
  /** '' when `challenge` is set. */
  userId: string
  /** '' when `challenge` is set. */
  token: string
  /**
   * Not in the spec: the account has two-factor codes on, so the password alone signs nobody in.
   * The second step sends this with a code to SECURITY_PATHS.loginCode (contract/security.ts)
   * within LOGIN_CHALLENGE_SECONDS.
   */
  challenge?: string
}
export interface ConfirmPasswordPayload {
  password: string
}
export interface InfoPayload {
  token: string
  userId: string
}

/** KYC status (spec §4): not verified, under review, verified. */
export const KYC_STATUS = { none: 0, reviewing: 1, verified: 2 } as const
export type KycStatus = (typeof KYC_STATUS)[keyof typeof KYC_STATUS]

export interface UserInfo {
  email: string
  /** Avatar URL, '' when none. */
  icon: string
  /** Public numeric id shown on the profile. */
  uid: string
  auth: KycStatus
  invitationCode: string
  /** 1 when a fund (trade) password is set, else 0. */
  assetsPwd: 0 | 1
}

/** Set or change the 6-digit fund password; the login password confirms who asks. */
export interface SetTransactionPwdPayload {
  loginPassword: string
  tradePassword: string
}
export interface UpdatePwdPayload {
  oldPassword: string
  newPassword: string
}
export interface ForgetPwdPayload {
  email: string
  code: string
  password: string
}

export const PARAM_NAMES = {
  customerServiceEmail: 'customer_service_email',
  customerServiceWs: 'customer_service_ws',
  contractSecondFeeRate: 'contract_second_fee_rate',
} as const

export interface ParamPayload {
  paramName: string
}
export interface ParamValue {
  paramName: string
  valueName: string
}
/** GET query of getParamListByKeyName: params whose name starts with keyName (all public ones when empty). */
export interface ParamListQuery {
  keyName?: string
}

/** Length of an email code, how long it is valid and how often one may be sent. */
export const EMAIL_CODE_LENGTH = 6
export const EMAIL_CODE_TTL_SECONDS = 600
export const EMAIL_CODE_RESEND_SECONDS = 60
