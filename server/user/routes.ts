// HTTP wiring of /bb/user/* (spec §7): each route checks the shape of its body and hands the
// fields to a service function, which answers the envelope.
import type { FastifyInstance } from 'fastify'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { LOGIN_PASSWORD_MIN_AT_LOGIN } from '../../src/contract/rules.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import type { AppContext } from '../context.ts'
import { badRequest } from '../http/envelope.ts'
import { readFields } from '../http/fields.ts'
import { forgetPwd, sendResetCode, setTransactionPwd, updatePwd } from './passwords.ts'
import { register, sendRegistrationCode, verifyRegistrationCode } from './registration.ts'
import { login, logout, userInfo } from './session-calls.ts'
import { confirmSessionPassword } from './step-up-calls.ts'

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(USER_PATHS.sendEmailCode, (request) => sendRegistrationCode(ctx, readFields(request.body, ['email'])))

  app.post(USER_PATHS.sendEmailCodeForget, (request) => sendResetCode(ctx, readFields(request.body, ['email'])))

  app.post(USER_PATHS.emailVerification, (request) =>
    verifyRegistrationCode(ctx, readFields(request.body, ['email', 'code']), ctx.clientAddress(request)),
  )

  app.post(USER_PATHS.register, (request) =>
    register(ctx, readFields(request.body, ['email', 'code', 'password'], ['inviteCode']), ctx.clientAddress(request)),
  )

  app.post(USER_PATHS.login, (request) => {
    const payload = readFields(request.body, ['account', 'password'], ['device'])
    // The app never sends a shorter one (spec §5), so this is a malformed request, not a guess.
    if (payload.password.length < LOGIN_PASSWORD_MIN_AT_LOGIN) throw badRequest(SERVER_MESSAGES.invalidRequest)
    return login(ctx, request, payload)
  })

  app.post(USER_PATHS.info, (request) => {
    const { userId } = readFields(request.body, ['userId'], ['token'])
    return userInfo(ctx, request, userId)
  })

  app.post(USER_PATHS.logout, (request) => logout(ctx, request))

  app.post(USER_PATHS.setTransactionPwd, (request) =>
    setTransactionPwd(ctx, request, readFields(request.body, ['loginPassword', 'tradePassword'])),
  )

  app.post(USER_PATHS.updatePwd, (request) =>
    updatePwd(ctx, request, readFields(request.body, ['oldPassword', 'newPassword'])),
  )

  app.post(USER_PATHS.confirmPassword, (request) => confirmSessionPassword(ctx, request, readFields(request.body, ['password'])))

  app.post(USER_PATHS.forgetPwd, (request) => forgetPwd(ctx, readFields(request.body, ['email', 'code', 'password']), ctx.clientAddress(request)))
}
