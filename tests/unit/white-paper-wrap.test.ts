import { expect, it } from 'vitest'
import { wrapTokens } from '../../server/pdf/wrap.ts'

it('breaks English and Korean at spaces, Chinese and Japanese between characters but not before closing punctuation', () => {
  expect(wrapTokens('New coins are volatile.')).toEqual(['New', ' coins', ' are', ' volatile.'])
  // Korean keeps its words whole (as keep-all does on screen).
  expect(wrapTokens('신규 코인은 변동성이 큽니다.')).toEqual(['신규', ' 코인은', ' 변동성이', ' 큽니다.'])
  // 。、） stay with the character before them; a Latin word stays whole.
  expect(wrapTokens('新币（NovaEx）价格波动。')).toEqual(['新', '币', '（', 'NovaEx）', '价', '格', '波', '动。'])
  // The long-vowel mark and 、 never start a line.
  expect(wrapTokens('ホワイトペーパー、概要')).toEqual(['ホ', 'ワ', 'イ', 'ト', 'ペー', 'パー、', '概', '要'])
  for (const text of ['a  b', '申込は 2026年に始まり、終わります。', '']) expect(wrapTokens(text).join('')).toBe(text)
})
