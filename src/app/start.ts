// Everything that must happen once before the first render: the locale, and the api client's
// link to the session (token in, logout out, the password asked again before money moves).
import { configureApiClient } from '../lib/api-client'
import { activateLocale, DEFAULT_LOCALE, i18n, isAppLocale } from '../lib/i18n'
import { requestFlush, startOutboxTriggers } from '../lib/outbox-triggers'
import { announceSession } from '../lib/cache-session'
import { localeStorageAtom, readToken, signOut, userIdAtom } from '../lib/session'
import { store } from '../lib/store'
import { startTheme } from '../lib/theme'
import { toast } from '../lib/toast'
import { askCode } from './code-prompt'
import { askPassword } from './password-prompt'

/** Spec §4: on code -2 the message shows and the user is logged out after a short delay. */
export const LOGOUT_DELAY_MS = 1500

export async function startApp(): Promise<void> {
  // index.html's script already set the theme before the first paint; this keeps it following the system.
  startTheme()
  configureApiClient({
    getToken: readToken,
    getLocale: () => i18n.locale || DEFAULT_LOCALE,
    onSessionExpired: (message) => {
      toast.error(message)
      setTimeout(signOut, LOGOUT_DELAY_MS)
    },
    // Code -3 (architecture §4): the shell's dialog asks for the login password; once it is
    // accepted, transfers the outbox kept for it go out too.
    askPassword,
    // Code -4 (two-factor codes on): the shell's dialog asks for a code; each accepted code lets one call through.
    askCode,
    onSessionConfirmed: () => void requestFlush().catch(() => undefined),
  })
  // The service worker keys this user's stored reads by user id (docs/architecture.md §5).
  announceSession(store.get(userIdAtom), readToken())
  // Queued transfers go out now, when the network returns and when the app shows again (architecture §5).
  startOutboxTriggers()
  const saved = store.get(localeStorageAtom)
  await activateLocale(isAppLocale(saved) ? saved : DEFAULT_LOCALE)
}
