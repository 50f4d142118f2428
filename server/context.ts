// What every route module needs, passed explicitly instead of hung on Fastify decorators so that
// the types stay plain and a service function can be called without an HTTP request.
import type { Database } from './db/database.ts'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { ServerConfig } from './config.ts'
import type { Mailer } from './mail/mailer.ts'

export interface AppContext {
  db: Database
  config: ServerConfig
  /** Milliseconds since the epoch; injectable so tests can move time forward. */
  now: () => number
  mailer: Mailer
  /** The address rate limits are keyed by (the socket address in production). */
  clientAddress: (request: FastifyRequest) => string
  log: FastifyBaseLogger
}
