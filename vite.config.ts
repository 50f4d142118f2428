import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { aboutInfo } from './scripts/vite-about-info.ts'
import { precompress } from './scripts/vite-precompress.ts'
import { inlineEntryCss } from './scripts/vite-inline-css.ts'
import { routePreload } from './scripts/vite-route-preload.ts'

const BASE = '/mobile/'
const BACKGROUND = '#0b0e14'

// The app is served under /mobile (spec §2); the dev server proxies the API to a running
// reference server so `vite` can be used against `npm start`'s backend.
export default defineConfig({
  base: BASE,
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    // Version, build and the shipped packages' licences for /me/about.
    aboutInfo(import.meta.dirname),
    lingui({ macroTransform: true }),
    // The installable app (architecture §5): our own worker from sw/ (workbox injects the precache
    // list into it), registered by src/lib/sw-register.ts rather than by a script of the plugin,
    // so the page carries no workbox-window.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      base: BASE,
      scope: BASE,
      injectRegister: false,
      injectManifest: {
        rollupFormat: 'iife',
        // Every chunk and catalog of the build, so any screen opens offline; not the source maps.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,txt}'],
      },
      manifest: {
        name: 'NovaEx',
        short_name: 'NovaEx',
        description: 'Markets, trading and new-coin launches in your pocket',
        id: BASE,
        start_url: BASE,
        scope: BASE,
        display: 'standalone',
        orientation: 'portrait',
        theme_color: BACKGROUND,
        background_color: BACKGROUND,
        // Drawn by scripts/make-icons.mjs from the logo of public/favicon.svg.
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    // The entry's stylesheet inside index.html: the painted shell needs no second request (architecture §8).
    inlineEntryCss(),
    // The current tab screen's chunks preloaded by the shell script, beside the entry (architecture §8).
    routePreload(),
    // Brotli and gzip twins of the built files, served by accept-encoding (architecture §8).
    precompress(),
  ],
  server: {
    proxy: { '/bb': 'http://127.0.0.1:8080', '/contract': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The framework every screen needs (React, the router, jotai, Lingui's runtime) in one chunk
    // beside the entry: one request and one compression window instead of half a dozen small ones
    // on a phone's first visit (architecture §8).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|jotai|jotai-family|@lingui[\\/]core|@lingui[\\/]react)[\\/]/ },
            // The small modules the entry shares with lazy screens (the store, the session, the API
            // paths, the bundler's helpers): one chunk beside the entry, not seven requests of a few
            // hundred bytes each, most of them headers (architecture §8).
            { name: 'shell', test: /src[\\/]lib[\\/](store|session)\.ts$|src[\\/]contract[\\/](sw-messages|market|assets)\.ts$|preload-helper|rolldown[\\/]runtime/ },
          ],
        },
      },
    },
  },
})
