// The server texts the page's api client shows of its own accord (an expired session without a
// message, a 5xx, a refused password prompt): a module apart from messages.ts, so the entry, which holds the api client,
// does not carry the server's whole list of texts (architecture §8: the first visit's budget).

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired, please log in again'
export const SERVER_BUSY_MESSAGE = 'Server is busy, please try again later'
export const REAUTH_REQUIRED_MESSAGE = 'Please enter your login password to continue'
export const SECOND_FACTOR_REQUIRED_MESSAGE = 'Please enter the 6-digit code from your authenticator app to continue'
