// `npm run admin -- notice …`: an announcement to every user's inbox, optionally in several
// languages. The text without --lang (or else the first --lang) is what readers of any other
// language get. Answers the admin tool's { out | err, exitCode } (1 refused, 2 usage).
import type { Database } from '../db/database.ts'
import { announce, type AnnouncementText } from './announce.ts'
import { appLanguage } from './languages.ts'

export const NOTICE_USAGE = `  notice <title> <body> [--lang <en-US|zh-CN|ko|ja> <title> <body>]…
                                       announce to every user's inbox (quote each title and body);
                                       each --lang adds the text readers of that language get`

interface Outcome {
  out?: string
  err?: string
  exitCode: number
}

const TITLE_MAX = 120
const BODY_MAX = 4000

const usage = (): Outcome => ({ err: `usage:\n${NOTICE_USAGE}`, exitCode: 2 })

function textOf(title: string | undefined, body: string | undefined): AnnouncementText | string {
  const cleanTitle = title?.replace(/\s+/g, ' ').trim() ?? ''
  const cleanBody = body?.trim() ?? ''
  if (!cleanTitle || !cleanBody) return 'a title and a body are needed'
  if ([...cleanTitle].length > TITLE_MAX) return `the title can have at most ${TITLE_MAX} characters`
  if ([...cleanBody].length > BODY_MAX) return `the body can have at most ${BODY_MAX} characters`
  return { title: cleanTitle, body: cleanBody }
}

/** Reads `[title body] (--lang L title body)*` into language → text, the default first. */
function parse(args: string[]): Array<[string, AnnouncementText]> | Outcome {
  const texts: Array<[string, AnnouncementText]> = []
  let at = 0
  if (args[0] !== '--lang') {
    const text = textOf(args[0], args[1])
    if (typeof text === 'string') return args.length < 2 ? usage() : { err: text, exitCode: 1 }
    texts.push(['en-US', text])
    at = 2
  }
  while (at < args.length) {
    if (args[at] !== '--lang' || at + 4 > args.length) return usage()
    const lang = appLanguage(args[at + 1] ?? '')
    if (!lang) return { err: `unknown language "${args[at + 1]}": en-US, zh-CN, ko or ja`, exitCode: 1 }
    const text = textOf(args[at + 2], args[at + 3])
    if (typeof text === 'string') return { err: text, exitCode: 1 }
    const same = texts.findIndex(([written]) => written === lang)
    if (same >= 0) texts[same] = [lang, text]
    else texts.push([lang, text])
    at += 4
  }
  return texts.length > 0 ? texts : usage()
}

export async function noticeCommand(db: Database, args: string[], now: number): Promise<Outcome> {
  const texts = parse(args)
  if (!Array.isArray(texts)) return texts
  const { id, recipients } = await announce(db, texts, now)
  return { out: `announcement #${id} sent to ${recipients} users (${texts.map(([lang]) => lang).join(', ')})`, exitCode: 0 }
}
