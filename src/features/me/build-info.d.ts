// Defined at build time by scripts/vite-about-info.ts.
declare const NOVAEX_APP_VERSION: string
declare const NOVAEX_APP_BUILD: string
