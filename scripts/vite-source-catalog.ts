// A Vite build plugin (architecture §8): the source locale's compiled catalogs (en-US) leave out the
// messages whose text is their own id — the server's texts and the form checks that share them
// (lib/known-messages, lib/validate), some 110 of the shell's catalog. Lingui shows the id of a message
// it does not find, and lib/i18n tells it that such an id needs no compiling, so the screen reads the
// same; a first visit, which always speaks en-US, downloads 1.6 KB less. Other locales are untouched.
import type { Plugin } from 'vite'

const SOURCE_CATALOG = /[\\/]locales[\\/]en-US[\\/][^\\/]+\.po$/
// @lingui/vite-plugin's output: `export const messages=JSON.parse("<the catalog as JSON>");`.
const COMPILED = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/

export function sourceCatalog(): Plugin {
  return {
    name: 'novaex:source-catalog',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!SOURCE_CATALOG.test(id.split('?')[0] ?? '')) return null
      const match = COMPILED.exec(code)
      if (!match?.[1]) throw new Error(`${id}: not a compiled Lingui catalog`)
      const messages = JSON.parse(JSON.parse(match[1]) as string) as Record<string, unknown>
      const kept = Object.entries(messages).filter(([key, message]) => !(Array.isArray(message) && message.length === 1 && message[0] === key))
      return { code: code.replace(match[0], `JSON.parse(${JSON.stringify(JSON.stringify(Object.fromEntries(kept)))})`), map: null }
    },
  }
}
