import { afterAll, beforeAll, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { startServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

it('answers a real internal error with a 500 envelope and no details', async () => {
  // Break the server from outside: the params table disappears under it.
  await server.withDb((db) => db.exec('DROP TABLE params'))
  const answer = await server.post(USER_PATHS.getParam, { paramName: 'customer_service_email' })
  expect(answer.status).toBe(500)
  expect(answer.json).toEqual({ code: 0, msg: SERVER_MESSAGES.serverError, data: null })
  expect(answer.text).not.toMatch(/params|sqlite|postgres|relation|at /i)
})
