// The features whose messages live in a catalog of their own (locales/<locale>/<name>.po) rather
// than in the shell's messages.po. Read by lingui.config.ts, lib/i18n and the catalog check.
export const FEATURE_CATALOGS = ['assets', 'auth', 'contract', 'launch', 'market', 'me', 'position', 'seconds', 'security', 'spot'] as const
export type FeatureCatalog = (typeof FEATURE_CATALOGS)[number]
