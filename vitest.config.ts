import { defineConfig } from 'vitest/config'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'

// Pure logic (node), screens (happy-dom, rendered with the real catalogs) and the server (a real
// listening Fastify with a real database, on each engine). Browser tests run separately (tests/e2e).
function serverProject(name: string, engine: 'sqlite' | 'postgres') {
  return {
    test: {
      name,
      include: ['tests/server/**/*.test.ts'],
      environment: 'node',
      env: { TEST_ENGINE: engine },
      globalSetup: engine === 'postgres' ? ['tests/server/postgres-setup.ts'] : [],
      setupFiles: ['tests/server/engine-meta.ts'],
      // Each file starts its own server on its own port and database; keep it to two at once.
      maxWorkers: 2,
      testTimeout: 20_000,
    },
  }
}

export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        // Lingui macros (lib/validate, lib/api-messages) must be compiled for the unit tests too.
        plugins: [lingui({ macroTransform: true })],
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        plugins: [react(), lingui({ macroTransform: true })],
        test: { name: 'screens', include: ['tests/screens/**/*.test.tsx'], environment: 'happy-dom' },
      },
      // The server tests run twice: on SQLite files, and on a throwaway PostgreSQL that
      // tests/server/postgres-setup.ts starts for the run (architecture §6 "Storage").
      serverProject('server', 'sqlite'),
      serverProject('server-postgres', 'postgres'),
    ],
  },
})
