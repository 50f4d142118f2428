import { useEffect, useMemo, useState } from 'react'
import { loadedPasswordTools, loadPasswordTools, strengthLevel, type PasswordTools, type StrengthLevel } from '../password-strength'

/** zxcvbn-ts takes tens of milliseconds on a long password: estimate once typing pauses, not per key. */
const SETTLE_MS = 200

/**
 * The strength of what is being typed, or null while the field is empty or zxcvbn-ts is still
 * loading. The load starts with the first character typed (or earlier, from the field's focus); the
 * estimate follows the password once typing pauses, and shows the last one meanwhile. A password
 * containing the account's `email` is rated weaker.
 */
export function usePasswordStrength(password: string, email = ''): StrengthLevel | null {
  const [tools, setTools] = useState<PasswordTools | undefined>(loadedPasswordTools)
  const [settled, setSettled] = useState(password)
  const typed = password !== ''
  useEffect(() => {
    if (tools || !typed) return
    let current = true
    // A failed load shows no meter; the form's own check and the server still apply the rule.
    loadPasswordTools().then((loaded) => current && setTools(loaded), () => undefined)
    return () => {
      current = false
    }
  }, [tools, typed])
  useEffect(() => {
    const timer = setTimeout(() => setSettled(password), SETTLE_MS)
    return () => clearTimeout(timer)
  }, [password])
  const level = useMemo(
    () => (tools && settled ? strengthLevel(tools, settled, [email, email.split('@')[0] ?? '']) : null),
    [tools, settled, email],
  )
  // An emptied field hides the meter at once rather than after the pause.
  return typed ? level : null
}
