// A loopback port nothing listens on now, for a server started as its own process whose port must
// be named before it starts (nginx, PostgreSQL, a server kept on one origin): the scripts (bench,
// cluster) and the tests share this one. Node built-ins only.
import { createServer } from 'node:net'

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}
