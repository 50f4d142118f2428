import { defineConfig } from 'vitest/config'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'

// Three projects: pure logic (node), screens (happy-dom, rendered with the real catalogs) and the
// server (a real listening Fastify with a real SQLite file). Browser tests run separately (tests/e2e).
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
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own server on its own port and data dir; keep it to two at once.
          maxWorkers: 2,
          testTimeout: 20_000,
        },
      },
    ],
  },
})
