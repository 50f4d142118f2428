// The page's idb side of the outbox (src/lib/outbox-store.ts) and the worker's Dexie side
// (sw/outbox-db.ts) share one database: whichever opens it first, the other reads and writes it.
// idb's wrappers check instanceof IDBRequest and friends: the globals of fake-indexeddb.
// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB globals
import 'fake-indexeddb/auto'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { expect, test } from 'vitest'
import { outboxStore } from '../../src/lib/outbox-store.ts'
import { openOutboxDb, type OutboxEntry } from '../../sw/outbox-db.ts'

const entry = (id: string, userId: string, createdAt: number): OutboxEntry => ({
  id, key: id, userId, path: '/contract/contract/transfer', body: { amount: '1', currency: 'USDT', type: '1' }, token: 't',
  createdAt, attempts: 0, lastError: null, state: 'pending', notBefore: createdAt + 5_000,
})

test('the page creates the database; the worker finds its entries and the page sees what the worker did', async () => {
  const indexedDB = new IDBFactory()
  const page = outboxStore(indexedDB)
  await page.put(entry('b', '7', 2))
  await page.put(entry('a', '7', 1))
  await page.put(entry('c', '8', 3))
  expect((await page.listOf('7')).map((e) => e.id)).toEqual(['a', 'b'])

  const worker = openOutboxDb({ indexedDB, IDBKeyRange })
  expect((await worker.entries.where('userId').equals('7').sortBy('createdAt')).map((e) => e.id)).toEqual(['a', 'b'])
  await worker.entries.update('a', { state: 'refused', lastError: 'Insufficient balance' })
  worker.close()

  const [refused] = await page.listOf('7')
  expect(refused).toMatchObject({ id: 'a', state: 'refused', lastError: 'Insufficient balance' })
})

test('the worker creates the database; the page releases, removes and clears a user', async () => {
  const indexedDB = new IDBFactory()
  const worker = openOutboxDb({ indexedDB, IDBKeyRange })
  await worker.entries.bulkPut([entry('a', '7', 1), entry('b', '7', 2), entry('c', '8', 3)])
  worker.close()

  const page = outboxStore(indexedDB)
  await page.release('a')
  expect((await page.listOf('7'))[0]?.notBefore).toBe(0)
  await page.release('missing')
  await page.remove('b')
  expect((await page.listOf('7')).map((e) => e.id)).toEqual(['a'])
  await page.clearUser('7')
  expect(await page.listOf('7')).toEqual([])
  expect((await page.listOf('8')).map((e) => e.id)).toEqual(['c'])
})
