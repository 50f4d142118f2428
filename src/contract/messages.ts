// The English texts the server puts in `msg`. The app's catalogs carry each of them as a message
// id, so the toast shows them translated (spec §8: a known key is translated, other text as is).
// tests/unit/server-messages.test.ts checks that every one of them is in the catalogs.

export const SERVER_MESSAGES = {
  ok: 'success',
  loginSuccess: 'login success',
  emailError: 'Email error',
  codeError: 'Verification code error',
  codeSent: 'Verification code sent',
  codeTooSoon: 'Please wait a minute before asking for another code',
  passwordIncorrect: 'Password is incorrect',
  loginFailed: 'Email or password is incorrect',
  tooManyAttempts: 'Too many failed attempts, please try again later',
  emailRegistered: 'This email is already registered',
  loginPasswordRule: 'The login password must be 8-24 characters and start with a letter',
  tradePasswordRule: 'The fund password must be 6 digits',
  inviteCodeUnknown: 'Invitation code does not exist',
  pleaseLogin: 'Please login first',
  sessionExpired: 'Your session has expired, please log in again',
  missingField: 'Required information is missing',
  invalidRequest: 'Invalid request',
  notFound: 'Not found',
  bodyTooLarge: 'Request is too large',
  unknownParam: 'Unknown parameter',
  serverError: 'Server is busy, please try again later',
} as const

export type ServerMessage = (typeof SERVER_MESSAGES)[keyof typeof SERVER_MESSAGES]
