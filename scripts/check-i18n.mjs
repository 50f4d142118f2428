// Fails when a catalog lacks a translation, when a translation is an English copy standing in,
// when one message (its text and context) is translated differently in two catalogs of a language
// (Lingui keeps one translation per message: whichever catalog loaded last would win, so a screen
// read differently by how it was reached), or when `lingui extract` would change the catalogs
// (a message added in code but not extracted).
// It runs the extraction, compares, and always puts the catalogs back as they were.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './lib.mjs'
import { parsePo } from './po.mjs'

const SOURCE = 'en-US'
const LOCALES = ['en-US', 'zh-CN', 'ko', 'ja']
// Texts that are the same in every language: names and figures.
const SAME_IN_EVERY_LANGUAGE = new Set(['NovaEx', 'UID {0}', '$55,500'])

// Every catalog of every locale: the shell's messages.po and the features' own (lib/catalog-names).
const files = LOCALES.flatMap((locale) =>
  readdirSync(join(root, 'locales', locale))
    .filter((name) => name.endsWith('.po'))
    .map((name) => ({ locale, path: join(root, 'locales', locale, name) })),
)

const problems = []
const before = new Map(files.map(({ path }) => [path, readFileSync(path, 'utf8')]))
const localeOf = new Map(files.map(({ locale, path }) => [path, locale]))
const stable = (text) => text.replace(/^"POT-Creation-Date:.*\n/m, '')

const extract = spawnSync(join(root, 'node_modules/.bin/lingui'), ['extract', '--clean'], { cwd: root, encoding: 'utf8' })
for (const [path, text] of before) {
  const after = readFileSync(path, 'utf8')
  if (stable(after) !== stable(text)) problems.push(`${path}: extraction changes the catalog (run: npx lingui extract --clean, then translate)`)
  writeFileSync(path, text)
}
if (extract.status !== 0) problems.push(`lingui extract failed:\n${extract.stdout}${extract.stderr}`)

let count = 0
/** locale → message key (context and text) → translation → the catalogs that say it. */
const translations = new Map()
for (const [path, text] of before) {
  const locale = localeOf.get(path)
  const entries = parsePo(text)
  if (locale === SOURCE) count += entries.length
  if (locale === SOURCE) continue
  for (const [id, translation, context] of entries) {
    if (!translation.trim()) problems.push(`${path}: missing translation of ${JSON.stringify(id)}`)
    else if (translation === id && !SAME_IN_EVERY_LANGUAGE.has(id) && /[a-z]{3}/.test(id))
      problems.push(`${path}: ${JSON.stringify(id)} is an English copy, not a translation`)
    const key = context ? `${JSON.stringify(id)} (context ${JSON.stringify(context)})` : JSON.stringify(id)
    const ofLocale = translations.get(locale) ?? translations.set(locale, new Map()).get(locale)
    const ofKey = ofLocale.get(key) ?? ofLocale.set(key, new Map()).get(key)
    ofKey.set(translation, [...(ofKey.get(translation) ?? []), path.split('/').pop()])
  }
}
for (const [locale, keys] of translations)
  for (const [key, byText] of keys)
    if (byText.size > 1)
      problems.push(`${locale}: ${key} is translated differently in ${[...byText].map(([text, names]) => `${names.join(', ')} (${JSON.stringify(text)})`).join(' and ')}: one message, one translation — or give each meaning its own context`)

if (problems.length) {
  console.error(problems.join('\n'))
  console.error(`✖ ${problems.length} catalog problem(s)`)
  process.exit(1)
}
console.log(`catalogs: ${count} messages in ${files.length / LOCALES.length} catalogs, each translated into ${LOCALES.length - 1} languages, extraction up to date`)
