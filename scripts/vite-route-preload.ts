// A Vite build plugin (architecture §8): the tab screens' route chunks (and every chunk they import)
// are named in index.html's inline shell script by path, so the page asks for the current screen's
// code together with the entry (<link rel="modulepreload">) instead of after the entry has run and
// the router has matched: one round trip less before a screen such as /action/trade can draw.
// The same goes for the catalogs (src/lib/i18n): the shell's and the screen's own, in the saved
// language, are asked for with the entry rather than one after the other once it has run.
import type { Plugin } from 'vite'

/** The screens a first visit lands on (the tab bar's), by route file under src/routes, with the feature catalogs they load. */
const SCREENS: Record<string, { path: string; catalogs: string[] }> = {
  // New coins' launch catalog waits with it until the first visit settles (src/lib/first-visit.ts).
  'home/index': { path: '/home', catalogs: [] },
  'market/index': { path: '/market', catalogs: ['market'] },
  'action/trade': { path: '/action/trade', catalogs: ['spot', 'market'] },
  'action/contract': { path: '/action/contract', catalogs: ['contract', 'market'] },
  'action/secondContract': { path: '/action/secondContract', catalogs: ['seconds', 'market'] },
  position: { path: '/position', catalogs: ['position', 'contract', 'spot', 'seconds', 'launch'] },
  'account/index': { path: '/account', catalogs: ['assets'] },
}
/** The placeholders the shell script holds (index.html); `{}` in development. */
const ROUTE_CHUNKS = '/*ROUTE_CHUNKS*/{}'
const ROUTE_CATALOGS = '/*ROUTE_CATALOGS*/{}'
const CATALOG_CHUNKS = '/*CATALOG_CHUNKS*/{}'

export function routePreload(): Plugin {
  return {
    name: 'novaex:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks: Record<string, string[]> = {}
        const catalogs: Record<string, Record<string, string>> = {}
        const bundle = context.bundle ?? {}
        // A chunk with everything it imports, however deep: the build has no preload helper for JS
        // (vite.config.ts, modulePreload: false), so the browser would otherwise find each level
        // only once the one above it has arrived.
        const withImports = (fileName: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(fileName)) return seen
          seen.add(fileName)
          const chunk = bundle[fileName]
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) withImports(imported, seen)
          return seen
        }
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !output.facadeModuleId) continue
          // A compiled catalog: locales/<locale>/<name>.po, one chunk each.
          const catalog = /locales\/([^/]+)\/([^/.]+)\.po$/.exec(output.facadeModuleId)
          if (catalog) (catalogs[catalog[1]!] ??= {})[catalog[2]!] = output.fileName
          if (!output.facadeModuleId.includes('tsr-split=component')) continue
          const file = /src\/routes\/(.+)\.tsx\?/.exec(output.facadeModuleId)?.[1]
          const path = file && SCREENS[file]?.path
          // What the HTML already preloads (the entry and the framework) is not named twice.
          if (path) chunks[path] = [...withImports(output.fileName)].filter((name) => !html.includes(name))
        }
        const routeCatalogs = Object.fromEntries(Object.values(SCREENS).map(({ path, catalogs: names }) => [path, names]))
        return html
          .replace(ROUTE_CHUNKS, JSON.stringify(chunks))
          .replace(ROUTE_CATALOGS, JSON.stringify(routeCatalogs))
          .replace(CATALOG_CHUNKS, JSON.stringify(catalogs))
      },
    },
  }
}
