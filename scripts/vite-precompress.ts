// A Vite build plugin (architecture §2): once the build is written (the worker included), every
// static file a browser fetches gets a brotli (.br) and a gzip (.gz) twin beside it, compressed
// once at the highest levels, so server/http/static-app.ts only picks one by accept-encoding and
// never compresses per request. Source maps are left alone (developers only), and a twin that
// would not be smaller is not written (the file is then sent as it is).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|webmanifest|json|txt)$/

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/** Writes the .br and .gz twins of every compressible file under `dir`; answers how many files. */
export function precompressDir(dir: string): number {
  let count = 0
  for (const path of filesUnder(dir).filter((file) => COMPRESSIBLE.test(file))) {
    const source = readFileSync(path)
    const brotli = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    })
    const gzip = gzipSync(source, { level: 9 })
    if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli)
    if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip)
    count += 1
  }
  return count
}

export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'novaex:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    // Last and alone: vite-plugin-pwa writes sw.js in its own closeBundle.
    closeBundle: { order: 'post', sequential: true, handler: () => void precompressDir(outDir) },
  }
}
