// `npm run admin -- launch …`: create a project from a JSON file (checked field by field, see
// create.ts), list them with their state and totals, cancel one (every subscriber refunded once, in
// one transaction with the project's state change). Answers the admin tool's { out | err, exitCode }
// (1 refused, 2 usage).
import { readFileSync } from 'node:fs'
import type { AppContext } from '../context.ts'
import { insertProject, parseProject } from './create.ts'
import { cancelProject } from './pass.ts'
import { findProject, projectIdOf, projectPhase, toStoredProject } from './projects.ts'

export const LAUNCH_USAGE = `  launch create <file.json>            add a launchpad project: symbol, name, price, forSale, minPerUser, maxPerUser, precision,
                                       warmupStart, joinStart, joinEnd (ISO 8601), lockDays, descriptions {en-US, zh-CN, ko, ja}
  launch list                          launchpad projects: id, symbol, phase, subscribed/for sale, subscribers
  launch cancel <id>                   cancel a project that has not ended; every subscriber's USDT is given back`

interface Outcome {
  out?: string
  err?: string
  exitCode: number
}

const refused = (err: string): Outcome => ({ err, exitCode: 1 })
const usage = (): Outcome => ({ err: LAUNCH_USAGE, exitCode: 2 })

async function create(ctx: AppContext, path: string): Promise<Outcome> {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    return refused(`${path}: ${error instanceof Error ? error.message : 'cannot be read as JSON'}`)
  }
  const parsed = parseProject(json)
  if (!parsed.ok) return refused(`${path}: ${parsed.error}`)
  const id = await insertProject(ctx.db, parsed.value, ctx.now())
  if (id === undefined) return refused(`a project with the symbol ${parsed.value.symbol} already exists`)
  return { out: `project ${id} ${parsed.value.symbol} created`, exitCode: 0 }
}

async function list(ctx: AppContext): Promise<Outcome> {
  const counts = new Map(
    (await ctx.db.all('SELECT project_id, count(DISTINCT user_id) AS n FROM launch_subscriptions GROUP BY project_id')).map((row) => [Number(row.project_id), Number(row.n)]),
  )
  const now = ctx.now()
  const lines = (await ctx.db.all('SELECT * FROM launch_projects ORDER BY id')).map(toStoredProject).map((project) =>
    [project.id, project.symbol, projectPhase(project, now), `${project.subscribed}/${project.forSale}`, `${counts.get(project.id) ?? 0} subscribers`, `ends ${new Date(project.joinEnd).toISOString()}`].join('\t'),
  )
  return { out: lines.length > 0 ? lines.join('\n') : 'no projects', exitCode: 0 }
}

async function cancel(ctx: AppContext, idText: string): Promise<Outcome> {
  const id = projectIdOf(idText)
  const project = id === undefined ? undefined : await findProject(ctx.db, id)
  if (!project) return refused(`no project ${idText}`)
  if (project.state !== 'open') return refused(`project ${project.id} ${project.symbol} is already ${project.state}`)
  if (ctx.now() >= project.joinEnd) return refused(`project ${project.id} ${project.symbol} has ended; its allocation stands`)
  if (!await cancelProject(ctx.db, project.id, ctx.now())) return refused(`project ${project.id} changed meanwhile; list it again`)
  return { out: `project ${project.id} ${project.symbol} cancelled, subscribers refunded`, exitCode: 0 }
}

export async function launchCommand(ctx: AppContext, [sub, ...args]: string[]): Promise<Outcome> {
  if (sub === 'create' && args.length === 1 && args[0]) return await create(ctx, args[0])
  if (sub === 'list' && args.length === 0) return await list(ctx)
  if (sub === 'cancel' && args.length === 1 && args[0]) return await cancel(ctx, args[0])
  return usage()
}
