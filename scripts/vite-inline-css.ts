// A Vite build plugin (architecture §8): the entry's stylesheet (src/app/styles.css, ~13 KB, the
// shell's and shared controls' styles) goes into index.html as a <style>, so the painted shell
// waits for no second request before its first paint. The file itself stays in the build for
// anything that names it; route stylesheets still load with their chunks. A disabled <link> to it
// stays too: Vite's preload helper looks for that link before it loads a chunk's CSS deps, and a
// disabled stylesheet is never fetched, so the inlined CSS does not cross the wire twice.
import type { Plugin } from 'vite'

export function inlineEntryCss(): Plugin {
  return {
    name: 'novaex:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {}
        return html.replace(/<link rel="stylesheet"[^>]*href="[^"]*\/(assets\/[^"]+\.css)"[^>]*>/g, (link, fileName: string) => {
          const asset = bundle[fileName]
          if (asset?.type !== 'asset') return link
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source)
          const href = /href="([^"]+)"/.exec(link)?.[1] ?? ''
          return `<style>${css.replaceAll('</style', '<\\/style')}</style>\n    <link rel="stylesheet" href="${href}" disabled>`
        })
      },
    },
  }
}
