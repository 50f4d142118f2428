import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import { createSwcExtractor } from '@lingui/native-tools'
import { FEATURE_CATALOGS } from './src/lib/catalog-names.ts'

// en-US is both the source and the default locale (spec §1); every other catalog must be complete,
// which scripts/check-i18n.mjs enforces in `npm test`. The screens behind lazy routes that most
// visits never open carry catalogs of their own (FEATURE_CATALOGS), loaded by those routes, so the
// first page pays only for the shell's messages (docs/architecture.md §8: ≤ 100 KB of JS and CSS on the wire).
export default defineConfig({
  sourceLocale: 'en-US',
  locales: ['en-US', 'zh-CN', 'ko', 'ja'],
  fallbackLocales: { default: 'en-US' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: FEATURE_CATALOGS.map((name) => `<rootDir>/src/features/${name}`),
    },
    ...FEATURE_CATALOGS.map((name) => ({
      path: `<rootDir>/locales/{locale}/${name}`,
      include: [`<rootDir>/src/features/${name}`],
    })),
  ],
  format: formatter({ lineNumbers: false }),
  extractors: [createSwcExtractor()],
})
