// The step-up dialog (architecture §4): a call that moves money or changes security, made a while
// after the login password was last given, is answered code -3, and the api client asks here for
// the password (password-dialog.tsx; how the ask works: gate-prompt.tsx).
import { makeGatePrompt } from './gate-prompt'

const prompt = makeGatePrompt(() => import('./password-dialog').then((module) => module.PasswordDialog))

/** The api client's askPassword hook: opens the dialog; true once a password was accepted. */
export const askPassword = prompt.ask

/** Mounted once by the root route; draws the dialog while a password is asked for. */
export const PasswordPrompt = prompt.Prompt
