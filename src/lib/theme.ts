// The light and dark themes (issue 21). The user picks System, Light or Dark under /me; the choice
// is kept in localStorage 'User-Theme' ('light' or 'dark'; nothing means System), so it holds
// offline and on the next start. <html data-theme> carries the theme in use, which every colour
// of the stylesheets follows (app/styles.css), and the two <meta name="theme-color"> (one per
// system scheme) colour the status bar. index.html's head script does the same before the first
// paint, from the same key — keep the two in step.
import { useSyncExternalStore } from 'react'

export type Theme = 'light' | 'dark'
export type ThemeChoice = 'system' | Theme

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark']
export const THEME_STORAGE_KEY = 'User-Theme'
/** The status bar's colour in each theme: the nav bar's background (--bg in app/styles.css). */
export const THEME_COLOURS: Readonly<Record<Theme, string>> = { dark: '#0b0e14', light: '#f4f5f7' }
const LIGHT_QUERY = '(prefers-color-scheme: light)'

/** A stored value as a choice: anything but 'light' or 'dark' (nothing, junk) follows the system. */
export function parseThemeChoice(stored: string | null | undefined): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system'
}

/** The theme in use: the choice, or the system's scheme when the choice is System (dark unless it asks for light). */
export function resolveTheme(choice: ThemeChoice, systemPrefersLight: boolean): Theme {
  if (choice !== 'system') return choice
  return systemPrefersLight ? 'light' : 'dark'
}

/**
 * The content of the theme-color meta for each system scheme: its own theme's colour under
 * System, the chosen theme's under both otherwise (the status bar follows the choice).
 */
export function themeColourFor(choice: ThemeChoice, scheme: Theme): string {
  return THEME_COLOURS[choice === 'system' ? scheme : choice]
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

export function readThemeChoice(): ThemeChoice {
  try {
    return parseThemeChoice(storage()?.getItem(THEME_STORAGE_KEY))
  } catch {
    return 'system'
  }
}

const systemQuery = (): MediaQueryList | undefined => globalThis.matchMedia?.(LIGHT_QUERY)
const listeners = new Set<() => void>()
let current: Theme | undefined
// The choice in force; read from storage at start (startTheme).
let choiceNow: ThemeChoice | undefined

/** Puts the choice on the page: data-theme on <html>, and the status bar's colour. */
function apply(choice: ThemeChoice): void {
  const theme = resolveTheme(choice, systemQuery()?.matches ?? false)
  const root = globalThis.document?.documentElement
  if (!root) return
  root.dataset.theme = theme
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const scheme: Theme = meta.media.includes('light') ? 'light' : 'dark'
    meta.content = themeColourFor(choice, scheme)
  }
  if (theme !== current) {
    current = theme
    for (const listener of listeners) listener()
  }
}

/** Saves the choice (offline: it is local only) and applies it at once. */
export function saveThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') storage()?.removeItem(THEME_STORAGE_KEY)
    else storage()?.setItem(THEME_STORAGE_KEY, choice)
  } catch {
    // Storage refused (private mode): the choice holds until the page is closed.
  }
  choiceNow = choice
  apply(choice)
  for (const listener of listeners) listener()
}

/** Once at start: applies the saved choice and follows the system's scheme while it is System. */
export function startTheme(): void {
  choiceNow = readThemeChoice()
  apply(choiceNow)
  systemQuery()?.addEventListener('change', () => apply(choiceNow ?? readThemeChoice()))
  // Another tab's choice.
  globalThis.addEventListener?.('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return
    choiceNow = readThemeChoice()
    apply(choiceNow)
    for (const listener of listeners) listener()
  })
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The user's choice (System, Light or Dark), for the switch. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, () => choiceNow ?? readThemeChoice(), () => 'system')
}

/** The theme in use, for what draws its own colours (charts): changes when the choice or the system does. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, () => current ?? resolveTheme(readThemeChoice(), systemQuery()?.matches ?? false), () => 'dark')
}

/** A colour variable of the stylesheet as the page draws it now, for a canvas (charts). */
export function cssColour(name: `--${string}`, fallback: string): string {
  const root = globalThis.document?.documentElement
  if (!root) return fallback
  return getComputedStyle(root).getPropertyValue(name).trim() || fallback
}
