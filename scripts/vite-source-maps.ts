// A Vite build plugin (architecture §6): the build still writes source maps, for operators reading
// a stack trace from a phone, but they hold the full sources and are not part of the app. Once the
// build is written (the worker's map included), every .map under the output folder moves to a
// folder beside it (dist/ → dist-maps/, the same relative paths), so a deploy of dist/, whoever
// serves it, ships none. The reference server refuses any .map under /mobile/ all the same
// (server/http/static-app.ts). The files keep their sourceMappingURL comment: a developer who puts
// the maps back, or points the browser's tools at them, gets the sources; a visitor gets a 404.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import type { Plugin } from 'vite'

function mapsUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return mapsUnder(path)
    return name.endsWith('.map') ? [path] : []
  })
}

/** Moves every source map under `outDir` to `mapsDir` (emptied first); answers how many. */
export function moveSourceMaps(outDir: string, mapsDir: string): number {
  rmSync(mapsDir, { recursive: true, force: true })
  const maps = mapsUnder(outDir)
  for (const path of maps) {
    const target = join(mapsDir, relative(outDir, path))
    mkdirSync(dirname(target), { recursive: true })
    renameSync(path, target)
  }
  return maps.length
}

export function sourceMapsApart(): Plugin {
  let outDir = 'dist'
  return {
    name: 'novaex:source-maps-apart',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    // After vite-plugin-pwa has written sw.js and its map in its own closeBundle.
    closeBundle: { order: 'post', sequential: true, handler: () => void moveSourceMaps(outDir, `${outDir}-maps`) },
  }
}
