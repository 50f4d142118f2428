// The English texts the server puts in `msg`. The app's catalogs carry each of them as a message
// id, so the toast shows them translated (spec §8: a known key is translated, other text as is).
// tests/unit/server-messages.test.ts checks that every one of them is in the catalogs.
import { REAUTH_REQUIRED_MESSAGE, SERVER_BUSY_MESSAGE, SESSION_EXPIRED_MESSAGE } from './fallback-messages.ts'

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
  loginPasswordRule: 'The login password must be 8 to 128 characters',
  // A new login password found in the list of common and breached passwords (contract/rules.ts).
  passwordTooCommon: 'This password is too common, please choose another one',
  tradePasswordRule: 'The fund password must be 6 digits',
  inviteCodeUnknown: 'Invitation code does not exist',
  pleaseLogin: 'Please login first',
  sessionExpired: SESSION_EXPIRED_MESSAGE,
  // Code -3: a money or security call after STEP_UP_SECONDS without one (server/auth/step-up.ts).
  reauthRequired: REAUTH_REQUIRED_MESSAGE,
  missingField: 'Required information is missing',
  invalidRequest: 'Invalid request',
  notFound: 'Not found',
  bodyTooLarge: 'Request is too large',
  // HTTP 408: the headers or body came too slowly or stalled (server/http/request-timeouts.ts).
  requestTimeout: 'The request took too long to arrive, please check your connection and try again',
  unknownParam: 'Unknown parameter',
  serverError: SERVER_BUSY_MESSAGE,
  // The storage cannot serve the call now (HTTP 503, Retry-After): the database is down, restarting
  // or unreachable. A money call may be sent again with the same idempotency key.
  storageUnavailable: 'The service is temporarily unavailable, please try again shortly',
  // The disk under the database is full (HTTP 507, Retry-After): reads work, writes wait for room.
  storageFull: 'The server cannot save anything right now, please try again later',
  // Money calls (issue 4): amounts, currencies, accounts, idempotency keys, exchange.
  invalidAmount: 'Please enter a valid amount',
  amountNotPositive: 'The amount must be greater than zero',
  amountTooPrecise: 'The amount can have at most 8 decimal places',
  amountBelowMinimum: 'The number of inputs is less than the minimum limit',
  amountTooLarge: 'The amount is too large',
  insufficientBalance: 'Insufficient available balance',
  unknownCurrency: 'This currency is not supported',
  invalidAccountType: 'Unknown account type',
  invalidTransferType: 'Unknown transfer direction',
  // A transfer into the contract account of anything but USDT (assets.ts ACCOUNT_CURRENCIES).
  contractHoldsUsdtOnly: 'The contract account holds USDT only',
  sameCurrency: 'Please choose two different currencies',
  exchangeTooSmall: 'The amount is too small to exchange',
  priceUnavailable: 'The price is not available right now, please try again later',
  invalidIdempotencyKey: 'Invalid request key',
  idempotencyKeyReused: 'This request key was already used for a different request',
  requestInProgress: 'Your request is still being processed, please try again',
  recordNotFound: 'Record not found',
  // Deposits, withdrawals, the address book and uploads (issue 4).
  uploadCredentials: 'Please upload credentials',
  unsupportedChain: 'This network is not supported for this currency',
  depositBelowMinimum: 'The minimum deposit is 1 USDT equivalent; smaller deposits are not credited',
  tooManyPendingDeposits: 'Too many deposits are waiting for review, please wait until they are reviewed',
  imageTooLarge: 'The image must be at most 5 MB',
  imageTooManyPixels: 'The image is too large: at most 40 megapixels and 10000 pixels a side',
  // WebP is decoded whole, so its cap is lower (server/uploads/image-header.ts MAX_WEBP_PIXELS).
  imageWebpTooManyPixels: 'A WebP image can have at most 16 megapixels, please upload a PNG or JPEG',
  imageType: 'Please upload a PNG, JPEG or WebP image',
  imageUnreadable: 'The image could not be read, please upload another one',
  // HTTP 429: a user's uploads being read or processed at once are limited (server/uploads/in-flight.ts).
  uploadsInFlight: 'Please wait until your other uploads are finished',
  // HTTP 503 with Retry-After: the re-encoding queue is full (server/uploads/reencode-pool.ts).
  imagesBusy: 'Many images are being processed, please try again in a moment',
  invalidAddress: 'The address is not valid for this network',
  addressDuplicate: 'This address is already in your address book',
  addressBookFull: 'Your address book is full, please delete an address first',
  addressNotFound: 'Address not found',
  remarkTooLong: 'The remark can have at most 64 characters',
  addressNotInBook: 'Please choose an address from your address book',
  fundPasswordNotSet: 'Please set a fund password first',
  withdrawSuspended: 'Withdrawals of this currency are suspended',
  withdrawAboveMaximum: 'The amount is above the single withdrawal maximum',
  withdrawNotAboveFee: 'The amount must be greater than the fee',
  // After a password reset by email code (server/user/security-hold.ts).
  securityHold: 'For your security, withdrawals and address changes are paused for a while after a password reset',
  // Seconds contracts (issue 6).
  unknownPair: 'This trading pair is not supported',
  secondsUnknownDuration: 'This duration is not offered, please choose another one',
  secondsInvalidTradeType: 'Please choose up or down',
  secondsBelowDurationMinimum: 'The open amount is below the minimum of this duration',
  // Spot trading (issue 9).
  spotNeedsPrice: 'An order needs a suitable price',
  spotPriceTooPrecise: 'The price has too many decimal places for this pair',
  spotAmountTooPrecise: 'The amount has too many decimal places for this pair',
  spotPriceOutOfBand: 'The price is too far from the market price',
  spotTriggerAtMarket: 'The trigger price must differ from the last price',
  spotPostOnlyWouldTake: 'A post-only order would trade at once, so it was not placed',
  spotNoLiquidity: 'There is no liquidity for this order right now, please try again later',
  spotInvalidSide: 'Please choose buy or sell',
  spotInvalidType: 'Please choose limit, market or stop-limit',
  spotOrderNotFound: 'Order not found',
  spotNotCancellable: 'This order is already filled or cancelled',
  // Leveraged contracts (issue 10).
  contractInvalidDirection: 'Please choose long or short',
  contractInvalidEntryType: 'Please choose a market or a limit entry',
  contractLeverageNotOffered: 'This leverage is not offered for this pair',
  contractLimitAlreadyReached: 'The market price has already reached this limit price, please open at market',
  contractStopLossInvalid: 'The stop loss must lie between the liquidation price and the entry price',
  contractTakeProfitInvalid: 'The take profit must be above the entry price for a long position and below it for a short one',
  contractPositionNotFound: 'Position not found',
  contractNotCancellable: 'Only a pending limit entry can be cancelled',
  contractNotHolding: 'This position is not open',
  contractCloseTooLarge: 'The quantity is more than the position holds',
  contractRemainderTooSmall: 'What would remain is below the minimum quantity, please close all of it',
  // The launchpad (issue 11).
  launchProjectNotFound: 'Project not found',
  launchNotJoining: 'This project is not open for subscription',
  launchAboveMaximum: 'The quantity is above the maximum per user',
  launchTooPrecise: 'The quantity has too many decimal places for this coin',
  launchSubscriptionNotFound: 'Subscription not found',
  launchNotSellable: 'These tokens cannot be sold now',
  launchSellTooMuch: 'The quantity is more than you can sell',
  // Profile (issue 12): identity verification, its gate, the collection account, the inbox.
  kycLocked: 'Verification info cannot be changed once submitted',
  kycRequired: 'Please complete identity verification first',
  kycInvalidName: 'Please enter your name as it appears on the document',
  kycInvalidDocType: 'Please choose a document type',
  kycInvalidDocNumber: 'The document number is not valid for this document type',
  kycPhotosMissing: 'Please upload the front and back photos of the document',
  bankNameInvalid: 'Please enter the name of the bank',
  cardNameInvalid: 'Please enter the card holder name',
  cardNumberInvalid: 'The card number is not valid',
  messageNotFound: 'Message not found',
} as const

export type ServerMessage = (typeof SERVER_MESSAGES)[keyof typeof SERVER_MESSAGES]
