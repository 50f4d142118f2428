import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

// The app is served under /mobile (spec §2); the dev server proxies the API to a running
// reference server so `vite` can be used against `npm start`'s backend.
export default defineConfig({
  base: '/mobile/',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    lingui({ macroTransform: true }),
  ],
  server: {
    proxy: { '/bb': 'http://127.0.0.1:8080', '/contract': 'http://127.0.0.1:8080' },
  },
  build: { target: 'es2022', sourcemap: true },
})
