// Texts that reach the screen at run time rather than from a macro: the server's `msg` words
// (src/contract/messages.ts) and the spec's status messages and keys (spec §8). Declaring them here
// puts each into the catalogs under its own text as id, so the toast translates it (lib/i18n translate).
// tests/unit/known-messages.test.ts checks this list against SERVER_MESSAGES and the catalogs.
import { msg } from '@lingui/core/macro'

export const KNOWN_MESSAGES = [
  msg({ id: 'success', message: 'success' }),
  msg({ id: 'login success', message: 'login success' }),
  msg({ id: 'Email error', message: 'Email error' }),
  msg({ id: 'Verification code error', message: 'Verification code error' }),
  msg({ id: 'Verification code sent', message: 'Verification code sent' }),
  msg({ id: 'Please wait a minute before asking for another code', message: 'Please wait a minute before asking for another code' }),
  msg({ id: 'Password is incorrect', message: 'Password is incorrect' }),
  msg({ id: 'Email or password is incorrect', message: 'Email or password is incorrect' }),
  msg({ id: 'Too many failed attempts, please try again later', message: 'Too many failed attempts, please try again later' }),
  msg({ id: 'This email is already registered', message: 'This email is already registered' }),
  msg({ id: 'The login password must be 8-24 characters and start with a letter', message: 'The login password must be 8-24 characters and start with a letter' }),
  msg({ id: 'The fund password must be 6 digits', message: 'The fund password must be 6 digits' }),
  msg({ id: 'Invitation code does not exist', message: 'Invitation code does not exist' }),
  msg({ id: 'Please login first', message: 'Please login first' }),
  msg({ id: 'Your session has expired, please log in again', message: 'Your session has expired, please log in again' }),
  msg({ id: 'Required information is missing', message: 'Required information is missing' }),
  msg({ id: 'Invalid request', message: 'Invalid request' }),
  msg({ id: 'Not found', message: 'Not found' }),
  msg({ id: 'Request is too large', message: 'Request is too large' }),
  msg({ id: 'Unknown parameter', message: 'Unknown parameter' }),
  msg({ id: 'Server is busy, please try again later', message: 'Server is busy, please try again later' }),
  msg({ id: 'Order has been placed', message: 'Order has been placed' }),
  msg({ id: 'Cancelled', message: 'Cancelled' }),
  msg({ id: 'Submitted', message: 'Submitted' }),
  msg({ id: 'c_create_success', message: 'Order created' }),
  msg({ id: 'c_a_transferSuc', message: 'Transfer successful' }),
]
