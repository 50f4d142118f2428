// Adding a passkey: the server's registration options, the browser's ceremony (lib/passkeys), and
// the answer sent back with an optional name. False when the user closed the browser's prompt.
import { createPasskey } from '../../lib/passkeys'
import { passkeyRegisterOptions, registerPasskey } from './api'
import { passkeyName } from './logic'

export async function addPasskey(typedName: string): Promise<boolean> {
  const { challengeId, options } = await passkeyRegisterOptions()
  const response = await createPasskey(options)
  if (response === null) return false
  await registerPasskey(challengeId, response, passkeyName(typedName))
  return true
}
