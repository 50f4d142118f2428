// Public system parameters (customer service contacts, seconds-contract fee rate), spec §7.
import type { FastifyInstance } from 'fastify'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { ParamValue } from '../../src/contract/user.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import type { AppContext } from '../context.ts'
import { str } from '../db/rows.ts'
import { fail, ok } from '../http/envelope.ts'
import { readFields } from '../http/fields.ts'

export async function findParam(ctx: AppContext, name: string): Promise<ParamValue | undefined> {
  const row = await ctx.db.get('SELECT name, value FROM params WHERE name = ? AND public = 1', name)
  return row ? { paramName: str(row, 'name'), valueName: str(row, 'value') } : undefined
}

/** Public params whose name starts with prefix (compared literally: no LIKE wildcards). */
export async function listParams(ctx: AppContext, prefix: string): Promise<ParamValue[]> {
  return (await ctx.db.all('SELECT name, value FROM params WHERE public = 1 AND substr(name, 1, length(?)) = ? ORDER BY name', prefix, prefix))
    .map((row) => ({ paramName: str(row, 'name'), valueName: str(row, 'value') }))
}

async function getParam(ctx: AppContext, name: string): Promise<BbEnvelope<ParamValue | null>> {
  const param = await findParam(ctx, name)
  return param ? ok(param) : fail(SERVER_MESSAGES.unknownParam)
}

export function registerParamRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(USER_PATHS.getParam, (request) => {
    const { paramName } = readFields(request.body, ['paramName'])
    return getParam(ctx, paramName.trim())
  })

  app.get(USER_PATHS.getParamList, (request) => {
    const { keyName = '' } = readFields(request.query, [], ['keyName'])
    return listParams(ctx, keyName.trim()).then((params) => ok(params))
  })
}
