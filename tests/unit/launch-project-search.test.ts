import { expect, it } from 'vitest'
import { parseProjectSearch } from '../../src/features/launch/search'

it('reads a plain id, and the quoted ids of older links, as a number; anything else as no id', () => {
  // ?id=2 (the router parses it to the number 2) and ?id=%222%22 (to the string "2") open the same project.
  expect(parseProjectSearch({ id: 2 })).toEqual({ id: 2 })
  expect(parseProjectSearch({ id: '2' })).toEqual({ id: 2 })
  for (const id of [undefined, '', 'abc', '2x', -1, 0, 1.5, '1e3', Number.MAX_SAFE_INTEGER + 1, { id: 2 }]) expect(parseProjectSearch({ id })).toEqual({ id: undefined })
})
