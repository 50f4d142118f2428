// The white papers exist in each of the app's languages: the text pdf.js extracts from the served
// PDF is in that language (so the glyphs are embedded with a ToUnicode map, not drawn as shapes),
// the fonts are embedded as subsets, and an unknown language falls back to English.
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LAUNCH_PATHS, PLATFORM_WHITE_PAPER_PATH } from '../../src/contract/launch.ts'
import { startServer, type TestServer } from './harness.ts'
import { addProject } from './launch-support.ts'

let server: TestServer
let projectId: string

beforeAll(async () => {
  server = await startServer()
  projectId = (await addProject(server, { joinStart: server.clock.now - 1000, warmupStart: server.clock.now - 2000 })).id
})
afterAll(() => server.close())

async function paperText(path: string, headers: Record<string, string> = {}): Promise<{ text: string; fonts: string[]; size: number }> {
  const answer = await fetch(server.url + path, { headers })
  expect(answer.headers.get('content-type')).toBe('application/pdf')
  const data = new Uint8Array(await answer.arrayBuffer())
  // pdf.js takes its copy of the bytes away (transfers them): the font check reads its own copy.
  const copy = data.slice()
  const size = data.length
  const doc = await getDocument({ data, verbosity: 0 }).promise
  const parts: string[] = []
  for (let number = 1; number <= doc.numPages; number++) {
    const content = await (await doc.getPage(number)).getTextContent()
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''))
  }
  await doc.loadingTask.destroy()
  // The fonts' names, read with pdf-lib (pdf-lib writes its dictionaries in compressed object streams).
  const fonts = (await PDFDocument.load(copy)).context
    .enumerateIndirectObjects()
    .flatMap(([, object]) => (object instanceof PDFDict ? [object.get(PDFName.of('BaseFont'))] : []))
    .flatMap((name) => (name instanceof PDFName ? [name.decodeText()] : []))
  return { text: parts.join('\n'), fonts, size }
}

/** Words each paper must contain in its language (headings of the project paper and the platform's). */
const EXPECTED = {
  'en-US': { project: ['Abstract', 'Token split', 'Risks'], platform: ['Vision', 'Ledger', 'Fee schedule'] },
  'zh-CN': { project: ['摘要', '代币分配', '风险提示'], platform: ['愿景', '账本', '费率表'] },
  ko: { project: ['개요', '토큰 배분', '위험 고지'], platform: ['비전', '원장', '수수료표'] },
  ja: { project: ['概要', 'トークン配分', 'リスク'], platform: ['ビジョン', '台帳', '手数料一覧'] },
} as const

const FONT_OF: Record<string, RegExp> = { 'zh-CN': /^NotoSansHans-Regular/, ko: /^NotoSansKR-Regular/, ja: /^NotoSansJP-Regular/ }

describe('white papers per language', () => {
  for (const [language, words] of Object.entries(EXPECTED)) {
    it(`the project's and the platform's papers are in ${language}, fonts embedded as subsets`, async () => {
      const project = await paperText(`${LAUNCH_PATHS.paper}?id=${projectId}&lang=${language}`)
      const platform = await paperText(`${PLATFORM_WHITE_PAPER_PATH}?lang=${language}`)
      for (const word of words.project) expect(project.text).toContain(word)
      for (const word of words.platform) expect(platform.text).toContain(word)
      if (language !== 'en-US') {
        // No English heading left behind; the language's Noto Sans is embedded, as a subset: the
        // whole face is 4–8 MB, the paper a few hundred KB at most.
        expect(project.text).not.toContain('Abstract')
        expect(project.fonts).toContainEqual(expect.stringMatching(FONT_OF[language] ?? /^NotoSans/))
        expect(project.size).toBeLessThan(400_000)
      }
    })
  }

  it('takes the language from Accept-Language when the address names none, else English', async () => {
    expect((await paperText(`${PLATFORM_WHITE_PAPER_PATH}`, { 'accept-language': 'ja-JP,ja;q=0.9' })).text).toContain('ビジョン')
    expect((await paperText(`${PLATFORM_WHITE_PAPER_PATH}?lang=fr`)).text).toContain('Vision')
  })
})
