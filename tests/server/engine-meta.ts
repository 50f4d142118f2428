// Set-up of both server projects: each test is marked with the engine it ran on, so that the run's
// report (scripts/test.mjs) can count the server tests of SQLite and of PostgreSQL apart — the JSON
// report names files, and the same file runs once per engine.
import { beforeEach } from 'vitest'
import { TEST_ENGINE } from './test-database.ts'

declare module 'vitest' {
  interface TaskMeta {
    engine?: string
  }
}

beforeEach(({ task }) => {
  task.meta.engine = TEST_ENGINE
})
