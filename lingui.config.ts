import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import { createSwcExtractor } from '@lingui/native-tools'

// en-US is both the source and the default locale (spec §1); every other catalog must be complete,
// which scripts/check-i18n.mjs enforces in `npm test`.
export default defineConfig({
  sourceLocale: 'en-US',
  locales: ['en-US', 'zh-CN', 'ko', 'ja'],
  fallbackLocales: { default: 'en-US' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  format: formatter({ lineNumbers: false }),
  extractors: [createSwcExtractor()],
})
