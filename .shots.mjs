// lead's screenshot script (not committed)
import { chromium } from 'playwright-core'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
const url = process.argv[2], out = process.argv[3], routes = process.argv[4].split(','), langs = process.argv[5].split(',')
const login = await (await fetch(`${url}/bb/user/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'account=demo%40exchange.local&password=Demo2026pass' })).json()
const browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'shots-')), { executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 390, height: 844 },
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
const page = await browser.newPage()
for (const lang of langs) {
  await page.goto(`${url}/mobile/protocol`)
  await page.evaluate(([t, u, l]) => { localStorage.setItem('User-Token', t); localStorage.setItem('User-Id', u); localStorage.setItem('User-Login', '1'); localStorage.setItem('User-Lang', l) }, [login.data.token, login.data.userId, lang])
  for (const r of routes) {
    await page.goto(`${url}/mobile${r}`); await page.waitForTimeout(2500)
    await page.screenshot({ path: join(out, `${lang}-${r.replace(/[\/?=&]/g, '_')}.png`) })
  }
}
await browser.close()
