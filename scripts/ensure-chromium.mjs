// The browser tests drive Debian's Chromium (playwright cannot download its own here). Finds it,
// or installs it with apt-get when running as root, or fails saying how to get it.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM
  const isRoot = process.getuid?.() === 0
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`\n▶ install Debian's chromium for the browser tests (apt-get)`)
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
      spawnSync('apt-get', args, { stdio: 'inherit', env })
    }
    if (existsSync(CHROMIUM)) return CHROMIUM
  }
  console.error(
    `✖ Chromium not found at ${CHROMIUM}. Install Debian's package (as root: apt-get update && apt-get install -y chromium)` +
      ' or set CHROMIUM_PATH to a Chromium binary, then run npm test again.',
  )
  process.exit(1)
}
