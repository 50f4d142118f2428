// The page learns where answers came from only through the worker's headers (src/contract/offline.ts).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { MARKET_PATHS } from '../../src/contract/market.ts'
import { ApiError, configureApiClient, NETWORK_ERROR_MESSAGE, postMarket } from '../../src/lib/api-client'
import { noteLive, noteOffline, readFreshness, subscribeFreshness } from '../../src/lib/freshness'
import { missResponse, storedResponse } from '../../sw/read-rules.ts'

// A stand-in for the worker: answers as sw/read-rules.ts makes them, by the path asked.
let server: Server
beforeAll(async () => {
  server = createServer(async (request, response) => {
    const made =
      request.url === '/stored' ? storedResponse('{"status":"ok","data":[]}', Date.UTC(2026, 0, 1, 14, 3)) :
      request.url === '/miss' ? missResponse('market') :
      new Response('{"status":"ok","data":[]}', { headers: { 'content-type': 'application/json' } })
    response.writeHead(made.status, Object.fromEntries(made.headers))
    response.end(await made.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  configureApiClient({ getToken: () => null, getLocale: () => 'en-US', onSessionExpired: () => {}, baseUrl })
})
afterAll(() => new Promise((resolve) => server.close(resolve)))
beforeEach(() => noteLive())

it('marks the data offline with the age of the oldest stored copy until a live answer', () => {
  let changes = 0
  const release = subscribeFreshness(() => changes++)
  noteOffline('/a', 2_000)
  noteOffline('/b', 1_000)
  noteOffline('/c', null)
  expect(readFreshness()).toEqual({ offline: true, asOf: 1_000 })
  noteLive()
  expect(readFreshness()).toEqual({ offline: false, asOf: null })
  noteLive()
  expect(changes).toBe(3)
  release()
})

it('notes a stored answer from the worker and resolves it like a live one', async () => {
  const answer = await postMarket('/stored')
  expect(answer).toMatchObject({ status: 'ok' })
  expect(readFreshness()).toEqual({ offline: true, asOf: Date.UTC(2026, 0, 1, 14, 3) })
  await postMarket(MARKET_PATHS.prices)
  expect(readFreshness().offline).toBe(false)
})

it('turns the worker\'s offline miss into the network error a screen already handles', async () => {
  const error = await postMarket('/miss').catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(ApiError)
  expect(error).toMatchObject({ kind: 'network', message: NETWORK_ERROR_MESSAGE })
  expect(readFreshness()).toEqual({ offline: true, asOf: null })
})
