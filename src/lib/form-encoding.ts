// Every call of the spec is a form-encoded POST (§7) whose empty fields are left out (§5): the
// server treats a missing field and an empty one alike, and optional filters must not arrive as ''.
// Only the type: importing bignumber.js here would pull it into the entry chunk (every screen
// loads the api client), while only screens that compute money need it.
import type { BigNumber } from 'bignumber.js'
import { isBigNumber } from './bignumber-mark'

/** A field value the backend understands. BigNumbers are sent in plain notation. */
export type FormValue = string | number | boolean | bigint | BigNumber | null | undefined

/** A copy of `object` without the fields that are undefined, null or ''. Zero and false are kept. */
export function stripEmpty<T extends object>(object: T): Partial<T> {
  const kept = Object.entries(object).filter(([, value]) => value !== undefined && value !== null && value !== '')
  return Object.fromEntries(kept) as Partial<T>
}

function fieldText(key: string, value: unknown): string {
  if (typeof value === 'string') return value
  // toFixed() without places never uses exponent notation, whatever the instance's config.
  if (isBigNumber(value)) return value.toFixed()
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  // Form encoding has no nesting; sending '[object Object]' would hide the bug on the server side.
  throw new TypeError(`Form field "${key}" must be a string, number, boolean or decimal`)
}

/** `payload` without empty fields as URL-encoded form parameters (also used for GET queries). */
export function toFormParams(payload: object = {}): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(stripEmpty(payload))) params.append(key, fieldText(key, value))
  return params
}
