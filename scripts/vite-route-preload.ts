// A Vite build plugin (architecture §8): the tab screens' route chunks (and the chunks they import)
// are named in index.html's inline shell script by path, so the page asks for the current screen's
// code together with the entry (<link rel="modulepreload">) instead of after the entry has run and
// the router has matched: one round trip less before a screen such as /action/trade can draw.
import type { Plugin } from 'vite'

/** The screens a first visit lands on (the tab bar's), by route file under src/routes. */
const SCREENS: Record<string, string> = {
  'home/index': '/home',
  'market/index': '/market',
  'action/trade': '/action/trade',
  'action/contract': '/action/contract',
  'action/secondContract': '/action/secondContract',
  position: '/position',
  'account/index': '/account',
}
/** The placeholder the shell script holds (index.html); `{}` in development. */
const PLACEHOLDER = '/*ROUTE_CHUNKS*/{}'

export function routePreload(): Plugin {
  return {
    name: 'novaex:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks: Record<string, string[]> = {}
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type !== 'chunk' || !output.facadeModuleId?.includes('tsr-split=component')) continue
          const file = /src\/routes\/(.+)\.tsx\?/.exec(output.facadeModuleId)?.[1]
          const path = file && SCREENS[file]
          // What the HTML already preloads (the entry and the framework) is not named twice.
          if (path) chunks[path] = [output.fileName, ...output.imports].filter((name) => !html.includes(name))
        }
        return html.replace(PLACEHOLDER, JSON.stringify(chunks))
      },
    },
  }
}
