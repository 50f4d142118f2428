// /me/about's facts, made at build time (issue 12): the version and build (package.json and the git
// commit, through `define`) and the licences of the packages actually shipped in the browser bundle
// (read from the bundle's own module list, so a server-only dependency never appears), emitted as
// licences.txt: a .txt so the worker's precache list takes it and /me/about works offline.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

export const LICENCES_FILE = 'licences.txt'

interface Licence {
  name: string
  version: string
  license: string
}

/** `…/node_modules/@scope/name/…` or `…/node_modules/name/…` → the package's name (the innermost). */
export function packageOf(moduleId: string): string | null {
  const parts = moduleId.replace(/\\/g, '/').split('/node_modules/')
  if (parts.length < 2) return null
  const [first = '', second = ''] = (parts.at(-1) ?? '').split('/')
  return first.startsWith('@') ? `${first}/${second}` : first || null
}

function readLicence(root: string, name: string): Licence | null {
  const file = join(root, 'node_modules', name, 'package.json')
  if (!existsSync(file)) return null
  const meta = JSON.parse(readFileSync(file, 'utf8')) as { version?: string; license?: string | { type?: string } }
  const license = typeof meta.license === 'string' ? meta.license : (meta.license?.type ?? 'UNKNOWN')
  return { name, version: meta.version ?? '', license }
}

function gitCommit(root: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

export function aboutInfo(root: string): Plugin {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
  return {
    name: 'novaex-about-info',
    config: () => ({
      define: {
        NOVAEX_APP_VERSION: JSON.stringify(pkg.version),
        NOVAEX_APP_BUILD: JSON.stringify(`${gitCommit(root)} · ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`),
      },
    }),
    generateBundle(_options, bundle) {
      const names = new Set<string>()
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        for (const id of Object.keys(output.modules)) {
          const name = packageOf(id)
          if (name) names.add(name)
        }
      }
      const licences = [...names].toSorted().flatMap((name) => readLicence(root, name) ?? [])
      this.emitFile({ type: 'asset', fileName: LICENCES_FILE, source: JSON.stringify(licences) })
    },
  }
}
