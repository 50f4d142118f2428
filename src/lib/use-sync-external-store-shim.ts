// React 19 has useSyncExternalStore itself; Lingui's and the router's store bindings still import
// the shim for React 17, whose fallback code would ride along in the first visit's chunk for
// nothing. vite.config.ts points the shim's import here (architecture §8).
export { useSyncExternalStore } from 'react'
