// HTTP wiring of the launchpad (LAUNCH_PATHS, src/contract/launch.ts) and its pass's lifetime.
// Answers are the /bb envelope; a malformed body or no session ends in the error handler, which
// shapes it the same way. list, detail, coins, logos and white papers are public (a logged-in
// caller's detail also says what they subscribed); subscribe, mine and sell need a session. The pass
// runs at start (an end passed while the server was down is allocated now), then every tick.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { LAUNCH_MAX_PAGE_SIZE, LAUNCH_PAGE_SIZE, LAUNCH_PATHS, LAUNCH_PHASES, type LaunchCoin, type LaunchPhase, type LaunchProject, PLATFORM_WHITE_PAPER_PATH } from '../../src/contract/launch.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { AppContext } from '../context.ts'
import { answerKeyed, KEYED_ROUTE } from '../assets/idempotency.ts'
import { requireSession, requestToken } from '../auth/require-session.ts'
import { touchSession } from '../auth/sessions.ts'
import { startTicks } from '../clock/ticks.ts'
import { badRequest, fail, ok } from '../http/envelope.ts'
import { readFields } from '../http/fields.ts'
import { LOGO_HEADERS } from '../market/logos.ts'
import { logoSvg, PDF_HEADERS, platformPaper, projectPaper } from './papers.ts'
import { launchPass } from './pass.ts'
import { findProject, type Language, languageOf, projectIdOf, queryProjects, toStoredProject, toWireProject } from './projects.ts'
import { saleTerms, sell } from './sell.ts'
import { subscribe } from './subscribe.ts'
import { subscribedBy, subscriptionPage } from './subscriptions.ts'
import { addTestProject } from './test-project.ts'

export const LAUNCH_TICK_MS = 250

function wholeNumber(text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback
  if (!/^\d{1,7}$/.test(text) || Number(text) < 1 || Number(text) > max) throw badRequest(SERVER_MESSAGES.invalidRequest)
  return Number(text)
}

/** A white paper's language: the app names it (`?lang=`, so the worker stores each language apart), else the browser's. */
function paperLanguage(request: FastifyRequest): Language {
  const { lang } = readFields(request.query, [], ['id', 'lang'])
  return languageOf(lang ?? request.headers['accept-language'])
}

function phaseOf(text: string | undefined): LaunchPhase | undefined {
  if (text === undefined) return undefined
  const phase = LAUNCH_PHASES.find((candidate) => candidate === text)
  if (!phase) throw badRequest(SERVER_MESSAGES.invalidRequest)
  return phase
}

/** A public call's caller, when the request carries a live session; a visitor otherwise. */
async function callerOf(ctx: AppContext, request: FastifyRequest): Promise<number | undefined> {
  const token = requestToken(request)
  if (!token || token.length > 1024) return undefined
  const session = await touchSession(ctx, token)
  return session === 'expired' ? undefined : session.userId
}

export async function registerLaunchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post(LAUNCH_PATHS.list, async (request) => {
    const fields = readFields(request.body, [], ['phase', 'pageNo', 'pageSize'])
    const phase = phaseOf(fields.phase)
    const pageNo = wholeNumber(fields.pageNo, 1, 1_000_000)
    const pageSize = wholeNumber(fields.pageSize, LAUNCH_PAGE_SIZE, LAUNCH_MAX_PAGE_SIZE)
    const userId = await callerOf(ctx, request)
    const now = ctx.now()
    const language = languageOf(request.headers['accept-language'])
    const page = await queryProjects(ctx.db, phase, now, pageNo, pageSize)
    const list: LaunchProject[] = []
    for (const project of page.list) {
      list.push(toWireProject(project, now, language, userId === undefined ? '0' : await subscribedBy(ctx.db, project.id, userId)))
    }
    return ok({ list, sum: page.sum, serverTime: now })
  })

  app.post(LAUNCH_PATHS.detail, async (request) => {
    const { id } = readFields(request.body, ['id'])
    const projectId = projectIdOf(id)
    const project = projectId === undefined ? undefined : await findProject(ctx.db, projectId)
    if (!project) return fail(SERVER_MESSAGES.launchProjectNotFound)
    const userId = await callerOf(ctx, request)
    const now = ctx.now()
    const mine = userId === undefined ? '0' : await subscribedBy(ctx.db, project.id, userId)
    return ok({ project: toWireProject(project, now, languageOf(request.headers['accept-language']), mine), terms: await saleTerms(ctx.db), serverTime: now })
  })

  app.post(LAUNCH_PATHS.subscribe, KEYED_ROUTE, async (request) => {
    const fields = readFields(request.body, ['id', 'quantity', 'tradePassword'])
    const session = await requireSession(ctx, request)
    return await answerKeyed(ctx, request, session, fields, (call) => subscribe(ctx, call, fields))
  })

  app.post(LAUNCH_PATHS.mine, async (request) => {
    const fields = readFields(request.body, [], ['projectId', 'pageNo', 'pageSize'])
    const { userId } = await requireSession(ctx, request)
    const pageNo = wholeNumber(fields.pageNo, 1, 1_000_000)
    const pageSize = wholeNumber(fields.pageSize, LAUNCH_PAGE_SIZE, LAUNCH_MAX_PAGE_SIZE)
    const projectId = fields.projectId === undefined ? undefined : projectIdOf(fields.projectId)
    if (fields.projectId !== undefined && projectId === undefined) return fail(SERVER_MESSAGES.launchProjectNotFound)
    const now = ctx.now()
    return ok({ ...await subscriptionPage(ctx.db, userId, projectId, now, pageNo, pageSize), terms: await saleTerms(ctx.db), serverTime: now })
  })

  app.post(LAUNCH_PATHS.sell, KEYED_ROUTE, async (request) => {
    const fields = readFields(request.body, ['id', 'quantity', 'tradePassword'])
    const session = await requireSession(ctx, request)
    return await answerKeyed(ctx, request, session, fields, (call) => sell(ctx, call, fields))
  })

  app.post(LAUNCH_PATHS.coins, async (request) => {
    readFields(request.body, [])
    const rows = await ctx.db.all("SELECT * FROM launch_projects WHERE state = 'allocated' ORDER BY symbol")
    const coins: LaunchCoin[] = rows.map(toStoredProject).map((project) => ({
      symbol: project.symbol,
      name: project.name,
      logo: `${LAUNCH_PATHS.logo}?id=${project.id}`,
      price: project.price,
      precision: project.precision,
    }))
    return ok(coins)
  })

  const projectOfQuery = async (request: FastifyRequest) => {
    const { id } = readFields(request.query, ['id'], ['lang'])
    const projectId = projectIdOf(id)
    const project = projectId === undefined ? undefined : await findProject(ctx.db, projectId)
    if (!project) throw badRequest(SERVER_MESSAGES.launchProjectNotFound)
    return project
  }

  app.get(LAUNCH_PATHS.logo, async (request, reply) => reply.headers(LOGO_HEADERS).send(logoSvg(await projectOfQuery(request))))

  app.get(LAUNCH_PATHS.paper, async (request, reply) => {
    const project = await projectOfQuery(request)
    const bytes = await projectPaper(ctx.db, ctx.config.dataDir, project, paperLanguage(request))
    return reply.headers({ ...PDF_HEADERS, 'content-disposition': `inline; filename="${project.symbol}-white-paper.pdf"` }).send(Buffer.from(bytes))
  })

  app.get(PLATFORM_WHITE_PAPER_PATH, async (request, reply) => {
    readFields(request.query, [], ['lang'])
    const bytes = await platformPaper(ctx.config.dataDir, paperLanguage(request))
    return reply.headers({ ...PDF_HEADERS, 'content-disposition': 'inline; filename="NovaEx-white-paper.pdf"' }).send(Buffer.from(bytes))
  })

  await addTestProject(ctx)
  const first = await launchPass(ctx.db, ctx.now())
  if (first.allocated + first.unlocked > 0) ctx.log.info(first, 'launch projects ended or unlocked while the server was down')
  const stop = startTicks(ctx, 'launch pass', LAUNCH_TICK_MS, () => launchPass(ctx.db, ctx.now()))
  app.addHook('onClose', () => stop())
}
