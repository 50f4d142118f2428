// With SMTP_URL set, codes go to that SMTP server instead of the outbox. A tiny in-process SMTP
// server records what it receives.
import { createServer, type Server } from 'node:net'
import type { AddressInfo } from 'node:net'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { USER_PATHS } from '../../src/contract/user.ts'
import { startServer, type TestServer } from './harness.ts'

const received: string[] = []
let smtp: Server
let server: TestServer

function startFakeSmtp(): Promise<number> {
  smtp = createServer((socket) => {
    let inData = false
    let message = ''
    let buffer = ''
    socket.write('220 fake ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      let end: number
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            received.push(message)
            socket.write('250 queued\r\n')
          } else message += `${line}\n`
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n')
        else if (/^DATA/i.test(line)) {
          inData = true
          socket.write('354 go on\r\n')
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n')
        else socket.write('250 ok\r\n')
      }
    })
  })
  return new Promise((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.address() as AddressInfo).port)))
}

beforeAll(async () => {
  const port = await startFakeSmtp()
  server = await startServer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Exchange <codes@exchange.local>' })
})
afterAll(async () => {
  await server.close()
  smtp.close()
})

it('sends the code mail through SMTP and writes no outbox file', async () => {
  const answer = await server.post(USER_PATHS.sendEmailCode, { email: 'smtp@example.com' })
  expect(answer.json.code).toBe(1)
  await expect.poll(() => received.length, { timeout: 5000 }).toBe(1)
  const message = received[0] ?? ''
  expect(message).toMatch(/^To: smtp@example\.com$/m)
  expect(message).toMatch(/^From: Exchange <codes@exchange\.local>$/m)
  expect(message).toMatch(/^Code: \d{6}$/m)
  const outbox = await readdir(join(server.dataDir, 'outbox')).catch(() => [])
  expect(outbox).toEqual([])
})
