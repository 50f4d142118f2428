// The only module that imports jotai (architecture §9): everything else takes atoms and hooks from
// here, so the store that code outside React (api-client hooks, sw-bridge) writes to is the one
// the screens read.
import { createStore } from 'jotai'

export { atom, useAtom, useAtomValue, useSetAtom, Provider, createStore } from 'jotai'
export type { Atom, WritableAtom, PrimitiveAtom } from 'jotai'
export { atomWithStorage, RESET } from 'jotai/utils'
export { atomFamily } from 'jotai-family'

/** The app's single store, shared by React (through <Provider store>) and non-React code. */
export const store = createStore()
