// The heavy half of the password checks, loaded only through lib/password-strength's dynamic import
// so that it becomes a chunk of its own (~460 KB, ~210 KB in brotli; not precached by the worker):
// zxcvbn-ts with its common dictionary, which estimates how fast a password falls to a guesser, and
// the list of common and breached passwords that a new login password may not be (the same list the
// server refuses).
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'
import { commonPasswordSet, type CommonPasswords } from '../contract/rules.ts'

// Only the first 64 characters are estimated (the library's default is 256): the cost grows fast
// with the length, and 64 characters that are not a pattern are strong already.
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: 64 })

export interface PasswordTools {
  common: CommonPasswords
  /** zxcvbn's score, 0 (guessed at once) to 4 (very unguessable); `hints` are words the user gave (the email). */
  score: (password: string, hints: readonly string[]) => number
}

export const passwordTools: PasswordTools = {
  common: commonPasswordSet(dictionary['passwords-common']),
  score: (password, hints) => zxcvbn.check(password, [...hints]).score,
}
