// Structural checks of a request body or query: an object whose named fields are strings. What a
// string must look like (an email, a 6-digit code) is each service's business and answers code 0;
// a body that is not even the right shape is a malformed request and answers HTTP 400.
import { isBlank } from '../../src/contract/rules.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { badRequest } from './envelope.ts'

/** No field of this API is legitimately longer (emails stop at 254, passwords at 24). */
export const MAX_FIELD_LENGTH = 1024

type Fields<R extends string, O extends string> = { [K in R]: string } & { [K in O]?: string }

function readValue(source: Record<string, unknown>, name: string): string | undefined {
  if (!Object.hasOwn(source, name)) return undefined
  const value = source[name]
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string') throw badRequest(SERVER_MESSAGES.invalidRequest)
  if (value.length > MAX_FIELD_LENGTH || value.includes('\0')) throw badRequest(SERVER_MESSAGES.invalidRequest)
  return value
}

export function readFields<R extends string, O extends string = never>(
  body: unknown,
  required: readonly R[],
  optional: readonly O[] = [],
): Fields<R, O> {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw badRequest(SERVER_MESSAGES.invalidRequest)
  }
  const source = (body ?? {}) as Record<string, unknown>
  const result: Record<string, string> = {}
  for (const name of required) {
    const value = readValue(source, name)
    if (value === undefined || isBlank(value)) throw badRequest(SERVER_MESSAGES.missingField)
    result[name] = value
  }
  for (const name of optional) {
    const value = readValue(source, name)
    if (value !== undefined && !isBlank(value)) result[name] = value
  }
  return result as Fields<R, O>
}
