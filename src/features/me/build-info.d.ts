// Defined at build time by vite-plugins/about-info.ts.
declare const NOVAEX_APP_VERSION: string
declare const NOVAEX_APP_BUILD: string
