// The `response` field of a passkey call: JSON.stringify of @simplewebauthn/browser's
// startRegistration / startAuthentication result. Read and shape-checked here, so that the
// library only ever sees the shape it expects and garbage is a clear refusal, never a 5xx.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { SERVER_MESSAGES } from '../../../src/contract/messages.ts'
import { badRequest } from '../../http/envelope.ts'

/**
 * Longer than other fields (MAX_FIELD_LENGTH): a registration carries the attestation object, the
 * authenticator data and the public key again (an RSA key alone is ~400 characters), and an
 * attestation other than 'none' would carry certificates. Far under the body limit.
 */
export const RESPONSE_MAX_LENGTH = 32 * 1024

const BASE64URL = /^[A-Za-z0-9_-]*$/

/** The `response` field as a string, or the same 400 answers readFields gives. */
export function readResponseField(body: unknown): string {
  const value = typeof body === 'object' && body !== null && !Array.isArray(body) && Object.hasOwn(body, 'response') ? (body as Record<string, unknown>).response : undefined
  if (value === undefined || value === null || value === '') throw badRequest(SERVER_MESSAGES.missingField)
  if (typeof value !== 'string' || value.length > RESPONSE_MAX_LENGTH || value.includes('\0')) throw badRequest(SERVER_MESSAGES.invalidRequest)
  if (value.trim() === '') throw badRequest(SERVER_MESSAGES.missingField)
  return value
}

type Json = Record<string, unknown>

function parseObject(text: string): Json | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const isBase64url = (value: unknown, allowEmpty = false): value is string => typeof value === 'string' && BASE64URL.test(value) && (allowEmpty || value.length > 0)
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string')

/** The credential's outer shape, common to both ceremonies. */
function credentialShape(json: Json): Json | undefined {
  const { id, rawId, type, response, clientExtensionResults } = json
  if (!isBase64url(id) || rawId !== id || type !== 'public-key' || !isObject(response)) return undefined
  if (clientExtensionResults !== undefined && !isObject(clientExtensionResults)) return undefined
  if (!isBase64url(response.clientDataJSON)) return undefined
  return response
}

export function parseRegistrationResponse(text: string): RegistrationResponseJSON | undefined {
  const json = parseObject(text)
  const response = json && credentialShape(json)
  if (!json || !response || !isBase64url(response.attestationObject)) return undefined
  if (response.transports !== undefined && !isStringList(response.transports)) return undefined
  return {
    id: json.id as string,
    rawId: json.rawId as string,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: response.clientDataJSON as string,
      attestationObject: response.attestationObject,
      ...(response.transports === undefined ? {} : { transports: response.transports }),
    },
  }
}

export function parseAuthenticationResponse(text: string): AuthenticationResponseJSON | undefined {
  const json = parseObject(text)
  const response = json && credentialShape(json)
  if (!json || !response || !isBase64url(response.authenticatorData) || !isBase64url(response.signature)) return undefined
  // A discoverable sign-in must name the account: the user handle the credential was made for.
  if (!isBase64url(response.userHandle)) return undefined
  return {
    id: json.id as string,
    rawId: json.rawId as string,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: response.clientDataJSON as string,
      authenticatorData: response.authenticatorData,
      signature: response.signature,
      userHandle: response.userHandle,
    },
  }
}
