// The theme switch on /me (issue 21): three choices in the reader's language, the saved one
// checked; a tap applies the theme to the page at once and keeps it on the device.
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeAll, expect, it } from 'vitest'
import { ThemeSwitch } from '../../src/features/me/components/theme-switch'
import { loadCatalog } from '../../src/lib/i18n'
import { saveThemeChoice, startTheme } from '../../src/lib/theme'
import { renderScreen } from './render'

beforeAll(async () => {
  startTheme()
  await loadCatalog('me')
})
afterEach(() => {
  cleanup()
  saveThemeChoice('system')
})

const radio = (name: string) => screen.getByRole('radio', { name })

it('checks System by default, and a choice applies at once and is kept', async () => {
  await renderScreen(() => <ThemeSwitch />)
  expect(screen.getByRole('radiogroup', { name: 'Theme' })).toBeTruthy()
  expect(radio('System').getAttribute('aria-checked')).toBe('true')

  fireEvent.click(radio('Light'))
  expect(radio('Light').getAttribute('aria-checked')).toBe('true')
  expect(radio('System').getAttribute('aria-checked')).toBe('false')
  expect(document.documentElement.dataset.theme).toBe('light')
  expect(localStorage.getItem('User-Theme')).toBe('light')

  fireEvent.click(radio('Dark'))
  expect(document.documentElement.dataset.theme).toBe('dark')
  expect(localStorage.getItem('User-Theme')).toBe('dark')

  fireEvent.click(radio('System'))
  expect(localStorage.getItem('User-Theme')).toBeNull()
})

it("names the choices in the reader's language", async () => {
  await renderScreen(() => <ThemeSwitch />, 'ko')
  expect(screen.getByRole('radiogroup', { name: '테마' })).toBeTruthy()
  for (const name of ['시스템 설정', '라이트', '다크']) expect(radio(name)).toBeTruthy()
})
