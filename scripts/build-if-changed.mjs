// Builds the app when its sources are newer than dist/ (npm start, npm run cluster).
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './lib.mjs'

const BUILD_INPUTS = ['src', 'locales', 'public', 'index.html', 'vite.config.ts', 'scripts/vite-precompress.ts', 'scripts/vite-inline-css.ts', 'scripts/vite-route-preload.ts', 'scripts/vite-about-info.ts', 'scripts/vite-source-maps.ts', 'lingui.config.ts', 'package-lock.json']

function newestChange(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))))
}

export function buildIfChanged(runBin) {
  const builtAt = existsSync(join(root, 'dist/index.html')) ? statSync(join(root, 'dist/index.html')).mtimeMs : 0
  const changedAt = Math.max(...BUILD_INPUTS.map((p) => join(root, p)).filter(existsSync).map(newestChange))
  if (changedAt > builtAt) runBin('build the app (vite build)', 'vite', ['build', '--logLevel', 'warn'])
}
