// Projects and subscriptions as the launchpad screens receive them from features/launch/api.
import type { Project, Subscription } from '../../src/features/launch/model'

/** A fixed "server now" for the fixtures: 2026-03-01 12:00:00 UTC. */
export const SERVER_NOW = Date.UTC(2026, 2, 1, 12)
const HOUR = 3_600_000

export function project(id: string, over: Partial<Project> = {}): Project {
  return {
    id, symbol: `NC${id}`, name: `New Coin ${id}`, logo: '', price: '0.5', forSale: '1000', subscribed: '250',
    minPerUser: '10', maxPerUser: '100', precision: 2,
    schedule: { warmupStart: SERVER_NOW - 2 * HOUR, joinStart: SERVER_NOW - HOUR, joinEnd: SERVER_NOW + 2 * HOUR + 5000, unlockAt: SERVER_NOW + 50 * HOUR },
    phase: 'joining', description: 'A coin for the tests.', paperUrl: `/bb/launch/paper?id=${id}`, mine: '0',
    ...over,
  }
}

export function subscription(id: string, over: Partial<Subscription> = {}): Subscription {
  return {
    id, projectId: '1', symbol: 'NC1', name: 'New Coin 1', logo: '', price: '0.5', phase: 'ended', status: 'allocated', tag: 'HOLD',
    quantity: '40', frozen: '20', allocated: '30', refunded: '5', sold: '0', proceeds: '0', fee: '0', sellable: '30',
    unlockAt: SERVER_NOW - HOUR, createdAt: SERVER_NOW - 10 * HOUR, settledAt: SERVER_NOW - 2 * HOUR,
    terms: { feeRate: '0.1', burnRate: '0.025' },
    ...over,
  }
}

/** The api's timed answer: `offset` is the server clock's lead over this device (tests pin it). */
export const timed = <T>(data: T, offset: number | null = SERVER_NOW - Date.now()) => ({ data, offset })
