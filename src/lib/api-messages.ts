// The texts the API client itself puts into an ApiError when no server answered. api-client.ts
// stays free of Lingui macros (plain strings) so anything can import it; these descriptors exist so
// that extraction puts the same strings into the catalogs and the toast can translate them by id.
// tests/unit/api-client.test.ts checks that both spellings agree.
import { msg } from '@lingui/core/macro'

export const API_MESSAGES = {
  network: msg({
    id: 'Network error, please check your connection and try again',
    message: 'Network error, please check your connection and try again',
  }),
  timeout: msg({ id: 'The request timed out, please try again', message: 'The request timed out, please try again' }),
  /** Spec §8: the last fallback when neither the server nor the transport said anything. */
  fallback: msg({ id: 'error', message: 'error' }),
}
