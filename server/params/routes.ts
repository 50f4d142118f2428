// Public system parameters (customer service contacts, seconds-contract fee rate), spec §7.
import type { FastifyInstance } from 'fastify'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { ParamValue } from '../../src/contract/user.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import type { AppContext } from '../context.ts'
import { str } from '../db/rows.ts'
import { fail, ok } from '../http/envelope.ts'
import { readFields } from '../http/fields.ts'

export function findParam(ctx: AppContext, name: string): ParamValue | undefined {
  const row = ctx.db.prepare('SELECT name, value FROM params WHERE name = ? AND public = 1').get(name)
  return row ? { paramName: str(row, 'name'), valueName: str(row, 'value') } : undefined
}

/** Public params whose name starts with prefix (compared literally: no LIKE wildcards). */
export function listParams(ctx: AppContext, prefix: string): ParamValue[] {
  return ctx.db
    .prepare('SELECT name, value FROM params WHERE public = 1 AND substr(name, 1, length(?)) = ? ORDER BY name')
    .all(prefix, prefix)
    .map((row) => ({ paramName: str(row, 'name'), valueName: str(row, 'value') }))
}

export function registerParamRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(USER_PATHS.getParam, (request) => {
    const { paramName } = readFields(request.body, ['paramName'])
    const param = findParam(ctx, paramName.trim())
    return param ? ok(param) : fail(SERVER_MESSAGES.unknownParam)
  })

  app.get(USER_PATHS.getParamList, (request) => {
    const { keyName = '' } = readFields(request.query, [], ['keyName'])
    return ok(listParams(ctx, keyName.trim()))
  })
}
