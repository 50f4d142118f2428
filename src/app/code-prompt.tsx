// The two-factor dialog (architecture §4), the twin of password-prompt.tsx: with two-factor codes
// on, a withdrawal, a new withdrawal address, a password change or a security change is answered
// code -4, and the api client asks here for a code (code-dialog.tsx; how the ask works:
// gate-prompt.tsx). An accepted code lets one call through, so every such call asks anew.
import { makeGatePrompt } from './gate-prompt'

const prompt = makeGatePrompt(() => import('./code-dialog').then((module) => module.CodeDialog))

/** The api client's askCode hook: opens the dialog; true once a code was accepted. */
export const askCode = prompt.ask

/** Mounted once by the root route; draws the dialog while a code is asked for. */
export const CodePrompt = prompt.Prompt
