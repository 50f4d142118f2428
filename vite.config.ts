import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { aboutInfo } from './scripts/vite-about-info.ts'
import { precompress } from './scripts/vite-precompress.ts'
import { inlineEntryCss } from './scripts/vite-inline-css.ts'
import { routePreload } from './scripts/vite-route-preload.ts'
import { sourceMapsApart } from './scripts/vite-source-maps.ts'
import { sourceCatalog } from './scripts/vite-source-catalog.ts'

const BASE = '/mobile/'
// The dark theme's --bg (src/lib/theme.ts, THEME_COLOURS): a manifest's colours cannot depend on
// the colour scheme in any shipping browser, so the splash screen is the default theme's; once the
// page runs, its two theme-color metas (index.html, one per scheme, set to the user's theme when
// one is chosen) colour the status bar instead.
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
    // en-US catalogs without the messages that are their own id (architecture §8).
    sourceCatalog(),
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
        // Not zxcvbn-ts and its password list (src/lib/password-tools.ts, ~460 KB, ~210 KB in brotli):
        // they serve only screens that need the server anyway (register, reset, change password), so
        // every install would pay for them for nothing; offline, those forms just show no meter.
        globIgnores: ['**/password-tools-*.js'],
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
    // Source maps written beside the build (dist-maps/), never inside what is served (architecture §6).
    sourceMapsApart(),
    // Brotli and gzip twins of the built files, served by accept-encoding (architecture §8).
    precompress(),
  ],
  // React 19 has useSyncExternalStore itself: Lingui's and the router's bindings need not ship
  // the shim's fallback for older Reacts (src/lib/use-sync-external-store-shim.ts).
  resolve: {
    alias: [{ find: /^use-sync-external-store\/shim$/, replacement: `${import.meta.dirname}/src/lib/use-sync-external-store-shim.ts` }],
  },
  server: {
    proxy: { '/bb': 'http://127.0.0.1:8080', '/contract': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    // For operators only: scripts/vite-source-maps.ts moves them out of dist/ into dist-maps/.
    sourcemap: true,
    // No preload helper for JS: the dependency lists of every lazy chunk cost the entry 1.6 KB on the
    // wire. The tab screens' chunks are still named in the shell script with all they import
    // (scripts/vite-route-preload.ts); a later screen of a first visit finds its imports a level at
    // a time until the worker's precache has filled the HTTP cache (architecture §8). Route CSS
    // still loads through the helper.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // One chunk for everything a first visit of /home runs: the framework (React, the
            // router, jotai, Lingui's runtime), the entry (src/main.tsx and what it imports), the
            // home screen and the shell's en-US catalog, in which every first visit starts (no
            // language saved yet). One request and one compression window instead of six
            // (architecture §8); lazy screens import from it.
            {
              name: 'app',
              test: new RegExp(
                [
                  String.raw`node_modules[\/](react|react-dom|scheduler|@tanstack|jotai|jotai-family|@lingui[\/]core|@lingui[\/]react)[\/]`,
                  String.raw`src[\/]main\.tsx$`,
                  String.raw`src[\/]routes[\/]home[\/]index\.tsx\?tsr-split=component`,
                  String.raw`locales[\/]en-US[\/]messages\.po$`,
                  'preload-helper',
                ].join('|'),
              ),
              // Ahead of home-live: what both would capture stays here.
              priority: 2,
            },
            {
              name: 'home-live',
              test: new RegExp(
                [
                  String.raw`src[\/]features[\/]market[\/]components[\/]leading-pairs\.tsx$`,
                  String.raw`src[\/]features[\/]launch[\/]components[\/]new-coins\.tsx$`,
                  String.raw`locales[\/]en-US[\/](market|launch)\.po$`,
                ].join('|'),
              ),
              priority: 1,
              // Everything home's live pairs and New coins import that the app chunk does not hold
              // (the market's and the launchpad's data layers, decimals, the worker bridge and the
              // two en-US catalogs) comes along: one request after the first visit has settled
              // instead of nineteen of a few hundred bytes, each with its headers and its own
              // compression window (architecture §8). The market and launchpad screens import from it.
            },
          ],
        },
      },
    },
  },
})
