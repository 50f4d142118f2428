// Serves the Vite build (base '/mobile/') with an SPA fallback: a deep link such as
// /mobile/market/kline answers index.html and the client router takes over. Hashed files under
// assets/ never change, so they are cached for a year; everything else (index.html, sw.js, the
// manifest) must be revalidated, or a new release would never reach installed apps. The build
// writes a brotli and a gzip twin of every text file (scripts/vite-precompress.ts); the plugin's
// preCompressed picks one by accept-encoding (br first), sends `Vary: accept-encoding` and falls
// back to the file itself, so nothing is compressed per request (architecture §8).
//
// The page and the other files outside assets/ (the service worker above all, whose policy is the
// one its script was served with) carry the app's Content-Security-Policy (http/app-csp.ts); the
// hashed files keep the default one of http/security-headers.ts, which a script or stylesheet of
// the page ignores and pdf.js's worker needs no more than. Source maps are never served
// (architecture §6): they hold the full sources, and the build keeps them apart (dist-maps/,
// scripts/vite-source-maps.ts) for operators.
import { type Stats, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { appPolicyOf } from './app-csp.ts'

const BASE = '/mobile/'
const NOT_BUILT = 'The app is not built yet: run npm start'
const LONG_CACHE = 'public, max-age=31536000, immutable'

function fileStat(path: string): Stats | undefined {
  try {
    const stat = statSync(path)
    return stat.isFile() ? stat : undefined
  } catch {
    return undefined
  }
}

const isFile = (path: string): boolean => fileStat(path) !== undefined

/** A source map, wherever it is asked for: never a file, and never the SPA's HTML either. */
const isSourceMap = (file: string): boolean => /\.map$/i.test(file)

/**
 * The file a wildcard path names, as a path relative to root, or null if it leaves root or names
 * a dotfile (nothing in a build is hidden on purpose, and .env-like files must never be served).
 */
function insideRoot(root: string, wildcard: string): string | null {
  if (wildcard.includes('\0')) return null
  const full = resolve(root, `.${sep}${wildcard}`)
  if (full !== root && !full.startsWith(root + sep)) return null
  const file = relative(root, full).split(sep).join('/')
  return file.split('/').some((segment) => segment.startsWith('.')) ? null : file
}

function sendFromRoot(reply: FastifyReply, root: string, file: string, cacheControl: string, policy: string): FastifyReply {
  reply.header('cache-control', cacheControl)
  // An immutable file is never revalidated nor fetched in ranges: its validators would only add
  // header bytes to each of a first visit's requests; nor does it need the page's policy, some 500
  // bytes on each (architecture §8).
  const immutable = cacheControl === LONG_CACHE
  if (!immutable) reply.header('content-security-policy', policy)
  return reply.sendFile(file, root, { cacheControl: false, acceptRanges: !immutable, etag: !immutable, lastModified: !immutable })
}

export async function registerStaticApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = resolve(staticDir)
  // serve: false — we route ourselves (fallback, cache policy); the plugin only streams files.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, suppressWarning: true })

  app.get('/', (_request, reply) => reply.redirect(BASE, 302))
  app.get('/mobile', (_request, reply) => reply.redirect(BASE, 302))
  app.get('/mobile/*', (request, reply) => {
    // Checked per request so that building the app while the server runs is enough.
    const index = join(root, 'index.html')
    const indexStat = fileStat(index)
    if (!indexStat) {
      return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT)
    }
    const policy = appPolicyOf(index, indexStat)
    const wildcard = (request.params as { '*'?: string })['*'] ?? ''
    const file = insideRoot(root, wildcard)
    if (file === null || isSourceMap(file)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    if (file !== '' && isFile(join(root, file))) {
      return sendFromRoot(reply, root, file, file.startsWith('assets/') ? LONG_CACHE : 'no-cache', policy)
    }
    // A missing hashed asset is a stale page asking for an old build: answering index.html with
    // a 200 would hand it HTML as JavaScript.
    if (file === 'assets' || file.startsWith('assets/')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    }
    return sendFromRoot(reply, root, 'index.html', 'no-cache', policy)
  })
}
