// HTTP wiring of the two-factor calls (contract/security.ts): each checks the shape of its body
// and hands the fields to calls.ts.
import type { FastifyInstance } from 'fastify'
import { SECURITY_PATHS } from '../../../src/contract/security.ts'
import type { AppContext } from '../../context.ts'
import { readFields } from '../../http/fields.ts'
import { confirmFactor, loginCode, totpDisable, totpEnable, totpStart } from './calls.ts'

export function registerTwoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(SECURITY_PATHS.totpStart, (request) => totpStart(ctx, request))
  app.post(SECURITY_PATHS.totpEnable, (request) => totpEnable(ctx, request, readFields(request.body, ['code'])))
  app.post(SECURITY_PATHS.totpDisable, (request) => totpDisable(ctx, request, readFields(request.body, ['code'])))
  app.post(SECURITY_PATHS.confirmFactor, (request) => confirmFactor(ctx, request, readFields(request.body, ['code'])))
  app.post(SECURITY_PATHS.loginCode, (request) => loginCode(ctx, request, readFields(request.body, ['challenge', 'code'])))
}
