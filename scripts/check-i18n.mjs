// Fails when a catalog lacks a translation, when a translation is an English copy standing in,
// or when `lingui extract` would change the catalogs (a message added in code but not extracted).
// It runs the extraction, compares, and always puts the catalogs back as they were.
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './lib.mjs'
import { parsePo } from './po.mjs'

const SOURCE = 'en-US'
const LOCALES = ['en-US', 'zh-CN', 'ko', 'ja']
// Texts that are the same in every language: names and figures.
const SAME_IN_EVERY_LANGUAGE = new Set(['NovaEx', 'UID {0}', '$55,500'])

const fileOf = (locale) => join(root, 'locales', locale, 'messages.po')

const problems = []
const before = new Map(LOCALES.map((locale) => [locale, readFileSync(fileOf(locale), 'utf8')]))
const stable = (text) => text.replace(/^"POT-Creation-Date:.*\n/m, '')

const extract = spawnSync(join(root, 'node_modules/.bin/lingui'), ['extract', '--clean'], { cwd: root, encoding: 'utf8' })
for (const [locale, text] of before) {
  const after = readFileSync(fileOf(locale), 'utf8')
  if (stable(after) !== stable(text)) problems.push(`${locale}: extraction changes the catalog (run: npx lingui extract --clean, then translate)`)
  writeFileSync(fileOf(locale), text)
}
if (extract.status !== 0) problems.push(`lingui extract failed:\n${extract.stdout}${extract.stderr}`)

let count = 0
for (const [locale, text] of before) {
  const entries = parsePo(text)
  count = Math.max(count, entries.length)
  if (locale === SOURCE) continue
  for (const [id, translation] of entries) {
    if (!translation.trim()) problems.push(`${locale}: missing translation of ${JSON.stringify(id)}`)
    else if (translation === id && !SAME_IN_EVERY_LANGUAGE.has(id) && /[a-z]{3}/.test(id))
      problems.push(`${locale}: ${JSON.stringify(id)} is an English copy, not a translation`)
  }
}

if (problems.length) {
  console.error(problems.join('\n'))
  console.error(`✖ ${problems.length} catalog problem(s)`)
  process.exit(1)
}
console.log(`catalogs: ${count} messages, each translated into ${LOCALES.length - 1} languages, extraction up to date`)
