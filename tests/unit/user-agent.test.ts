// How the sessions list, the histories and the mails name a browser (server/security/account/
// user-agent.ts), which device keys count as one device, and the anti-phishing code's rule and mask.
import { describe, expect, it } from 'vitest'
import { maskAntiPhishing, normalizeAntiPhishing, withAntiPhishingLine } from '../../server/security/account/anti-phishing.ts'
import { describeUserAgent, deviceKey, deviceName } from '../../server/security/account/user-agent.ts'
import { securityNoticeMail } from '../../server/security/mails.ts'

const AGENTS: Array<[string, string, string]> = [
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'iPhone', 'Safari 17'],
  ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'iPad', 'Safari 17'],
  ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36', 'Android', 'Chrome 142'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.7444.59 Safari/537.36', 'Windows', 'Chrome 142'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0', 'Windows', 'Edge 142'],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Mac', 'Safari 18'],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Linux', 'Firefox 133'],
  ['', '', ''],
  ['curl/8.5.0', '', ''],
  ['node', '', ''],
]

describe('describeUserAgent', () => {
  it.each(AGENTS)('reads %s', (agent, device, browser) => {
    expect(describeUserAgent(agent)).toEqual({ device, browser })
  })

  it('names a device in one phrase, and never throws on garbage', () => {
    expect(deviceName(AGENTS[0]?.[0] ?? '')).toBe('iPhone, Safari 17')
    expect(deviceName('')).toBe('')
    for (const garbage of ['\u0000\u0001', 'x'.repeat(5000), '(((((', 'Mozilla/5.0 (']) expect(() => describeUserAgent(garbage)).not.toThrow()
  })
})

describe('deviceKey', () => {
  const agent = AGENTS[3]?.[0] ?? ''
  it('is the app\'s device id when it is well formed, else the agent without versions', () => {
    expect(deviceKey('device-id-aaaaaaaaaaaa', agent)).toBe(deviceKey('device-id-aaaaaaaaaaaa', 'anything else'))
    expect(deviceKey('device-id-aaaaaaaaaaaa', agent)).not.toBe(deviceKey('device-id-bbbbbbbbbbbb', agent))
    expect(deviceKey('short', agent)).toBe(deviceKey(undefined, agent))
    expect(deviceKey(undefined, agent)).toBe(deviceKey(undefined, agent.replace('142.0.7444.59', '143.0.7500.1')))
    expect(deviceKey(undefined, agent)).not.toBe(deviceKey(undefined, AGENTS[2]?.[0] ?? ''))
    expect(deviceKey(undefined, agent)).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('the anti-phishing code', () => {
  it('takes 4 to 20 letters or digits of any script, trimmed; \'\' clears', () => {
    expect(normalizeAntiPhishing('  Tiger2026 ')).toBe('Tiger2026')
    expect(normalizeAntiPhishing('')).toBe('')
    expect(normalizeAntiPhishing('안전코드')).toBe('안전코드')
    for (const bad of ['abc', 'a'.repeat(21), 'two words', 'semi;colon', 'tab\there']) expect(normalizeAntiPhishing(bad), bad).toBeUndefined()
  })

  it('is masked to its first two characters, whole characters', () => {
    expect(maskAntiPhishing('Tiger2026')).toBe('Ti****')
    expect(maskAntiPhishing('𝒜𝒷cd')).toBe('𝒜𝒷****')
    expect(maskAntiPhishing('')).toBe('')
  })

  it('is the first line of a mail, and a mail without one is left as it is', () => {
    const mail = { to: 'a@b.test', subject: 'S', text: 'Body\n' }
    expect(withAntiPhishingLine(mail, 'Tiger2026').text).toBe('Anti-phishing code: Tiger2026\n\nBody\n')
    expect(withAntiPhishingLine(mail, '')).toBe(mail)
  })
})

describe('the new-device mail', () => {
  const facts = { address: '198.51.100.7', userAgent: AGENTS[0]?.[0] ?? '' }
  it('links the sessions list on the configured origin, else names its path', () => {
    const linked = securityNoticeMail('a@b.test', 'login.newDevice', facts, 0, 'https://exchange.example').text
    expect(linked).toContain('https://exchange.example/mobile/me/safety/sessions')
    expect(linked).toContain('Device: iPhone, Safari 17')
    expect(securityNoticeMail('a@b.test', 'login.newDevice', facts, 0).text).toMatch(/ \/mobile\/me\/safety\/sessions$/m)
  })

  it('says "unknown device" when the agent names none, and other notices leave the line out', () => {
    expect(securityNoticeMail('a@b.test', 'login.newDevice', { address: '10.0.0.1' }, 0).text).toContain('Device: unknown device')
    expect(securityNoticeMail('a@b.test', 'password.changed', { address: '10.0.0.1' }, 0).text).not.toContain('Device:')
  })
})
