// A software WebAuthn authenticator and browser for the passkey tests, built by hand from the
// WebAuthn spec (§6.1 authenticator data, §6.5 attestation, §5.8.1 client data) with node:crypto:
// P-256 keys (ES256), attestation 'none', discoverable credentials keyed by RP id. What it answers
// is what @simplewebauthn/browser's startRegistration/startAuthentication return, as JSON.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'

// --- The little CBOR (RFC 8949) the attestation object and a COSE key need: unsigned and
// negative integers, byte and text strings, maps.
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length])
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length])
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff])
  const out = Buffer.alloc(5)
  out[0] = (major << 5) | 26
  out.writeUInt32BE(length, 1)
  return out
}

export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [encodeCbor(key), encodeCbor(item)])])
}

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest()

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40

interface Credential {
  id: Buffer
  rpId: string
  userHandle: string
  privateKey: KeyObject
  cose: Buffer
  spki: Buffer
  counter: number
}

export interface CeremonyOverrides {
  /** The origin the "browser" writes into clientDataJSON (default: the one given). */
  origin?: string
  /** The RP id whose hash the authenticator data carries (default: the options'). */
  rpId?: string
  /** The sign count to report instead of the next one. */
  counter?: number
  /** The user handle to answer instead of the credential's. */
  userHandle?: string
  /** clientDataJSON's type instead of webauthn.create / webauthn.get. */
  type?: string
  /** Without the user-verified flag (a security key with no PIN). */
  noUserVerification?: boolean
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = []
  /** Authenticators that count signatures add one per use; many platform passkeys report 0 for ever. */
  readonly counts: boolean
  constructor(counts = true) {
    this.counts = counts
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])])
  }

  /** navigator.credentials.create() with PublicKeyCredentialCreationOptionsJSON; answers RegistrationResponseJSON as text. */
  register(optionsJson: string, origin: string, overrides: CeremonyOverrides = {}): string {
    const options = JSON.parse(optionsJson) as { challenge: string; rp: { id: string }; user: { id: string } }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const cose = encodeCbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    )
    const id = randomBytes(16)
    const length = Buffer.alloc(2)
    length.writeUInt16BE(id.length)
    const attested = Buffer.concat([Buffer.alloc(16) /* AAGUID: none */, length, id, cose])
    const rpId = overrides.rpId ?? options.rp.id
    const credential: Credential = { id, rpId, userHandle: options.user.id, privateKey, cose, spki: publicKey.export({ format: 'der', type: 'spki' }), counter: 0 }
    const flags = FLAG_UP | FLAG_AT | (overrides.noUserVerification ? 0 : FLAG_UV)
    const authData = this.authData(rpId, flags, overrides.counter ?? 0, attested)
    const clientData = JSON.stringify({ type: overrides.type ?? 'webauthn.create', challenge: options.challenge, origin: overrides.origin ?? origin, crossOrigin: false })
    const attestationObject = encodeCbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]))
    this.credentials.push(credential)
    return JSON.stringify({
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(Buffer.from(clientData)),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
        publicKeyAlgorithm: -7,
        publicKey: b64url(credential.spki),
        authenticatorData: b64url(authData),
      },
    })
  }

  /**
   * navigator.credentials.get() with PublicKeyCredentialRequestOptionsJSON and no allowCredentials:
   * the authenticator picks its (latest) credential for the RP id. Answers AuthenticationResponseJSON as text.
   */
  authenticate(optionsJson: string, origin: string, overrides: CeremonyOverrides = {}, which?: Credential): string {
    const options = JSON.parse(optionsJson) as { challenge: string; rpId: string }
    const credential = which ?? this.credentials.findLast((candidate) => candidate.rpId === options.rpId) ?? this.credentials.at(-1)
    if (!credential) throw new Error('this authenticator has no credential')
    if (this.counts && overrides.counter === undefined) credential.counter += 1
    const authData = this.authData(overrides.rpId ?? options.rpId, FLAG_UP | (overrides.noUserVerification ? 0 : FLAG_UV), overrides.counter ?? credential.counter)
    const clientData = Buffer.from(JSON.stringify({ type: overrides.type ?? 'webauthn.get', challenge: options.challenge, origin: overrides.origin ?? origin, crossOrigin: false }))
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey)
    return JSON.stringify({
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: overrides.userHandle ?? credential.userHandle,
      },
    })
  }
}
