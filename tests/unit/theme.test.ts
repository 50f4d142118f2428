// The theme choice (issue 21): System follows the phone's scheme, Light and Dark override it,
// anything else stored reads as System; the status bar's colours follow; and index.html's head
// script, which sets the theme before the app runs, decides exactly as src/lib/theme.ts does.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { parseThemeChoice, resolveTheme, THEME_COLOURS, themeColourFor, type ThemeChoice } from '../../src/lib/theme'

describe('theme choice', () => {
  it('reads only light and dark as a choice; nothing or junk follows the system', () => {
    expect(parseThemeChoice('light')).toBe('light')
    expect(parseThemeChoice('dark')).toBe('dark')
    for (const stored of [null, undefined, '', 'system', 'Light', 'blue', '"dark"']) expect(parseThemeChoice(stored)).toBe('system')
  })

  it('follows the system under System, dark when the system asks for nothing', () => {
    expect(resolveTheme('system', true)).toBe('light')
    expect(resolveTheme('system', false)).toBe('dark')
  })

  it('keeps a chosen theme whatever the system says', () => {
    expect(resolveTheme('light', false)).toBe('light')
    expect(resolveTheme('dark', true)).toBe('dark')
  })

  it('colours the status bar per scheme under System and with the chosen theme otherwise', () => {
    expect(themeColourFor('system', 'light')).toBe(THEME_COLOURS.light)
    expect(themeColourFor('system', 'dark')).toBe(THEME_COLOURS.dark)
    expect([themeColourFor('dark', 'light'), themeColourFor('dark', 'dark')]).toEqual([THEME_COLOURS.dark, THEME_COLOURS.dark])
    expect([themeColourFor('light', 'light'), themeColourFor('light', 'dark')]).toEqual([THEME_COLOURS.light, THEME_COLOURS.light])
  })
})

describe("index.html's head script", () => {
  const html = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8')
  const head = html.slice(0, html.indexOf('</head>'))
  const script = /<script>([\s\S]*?)<\/script>/.exec(head)?.[1] ?? ''
  const metas = [...head.matchAll(/<meta name="theme-color" media="\(prefers-color-scheme: (light|dark)\)" content="([^"]+)"/g)]

  /** Runs the script against a stored value and a system scheme; returns data-theme and the metas' colours. */
  function run(stored: string | null, systemLight: boolean) {
    const attributes: Record<string, string> = {}
    const tags = metas.map(([, scheme, content]) => ({ scheme, content: content ?? '', setAttribute(_name: string, value: string) { this.content = value } }))
    runInNewContext(script, {
      localStorage: { getItem: (key: string) => (key === 'User-Theme' ? stored : null) },
      window: { matchMedia: true },
      matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: light)' && systemLight }),
      document: {
        documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
        querySelectorAll: () => tags,
      },
    })
    return { theme: attributes['data-theme'], colours: Object.fromEntries(tags.map((tag) => [tag.scheme, tag.content])) }
  }

  it('is there, with a theme-color meta per scheme in the theme colours', () => {
    expect(script).toContain('User-Theme')
    expect(Object.fromEntries(metas.map(([, scheme, content]) => [scheme, content]))).toEqual(THEME_COLOURS)
  })

  for (const stored of [null, 'light', 'dark', 'junk']) {
    for (const systemLight of [false, true]) {
      it(`decides as lib/theme does with ${stored ?? 'nothing'} stored and a ${systemLight ? 'light' : 'dark'} system`, () => {
        const choice: ThemeChoice = parseThemeChoice(stored)
        const { theme, colours } = run(stored, systemLight)
        expect(theme).toBe(resolveTheme(choice, systemLight))
        expect(colours).toEqual({ light: themeColourFor(choice, 'light'), dark: themeColourFor(choice, 'dark') })
      })
    }
  }
})
