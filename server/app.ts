// Builds the whole server (database, mail, routes, static app) without listening, so that main.ts
// and the tests start exactly the same thing; tests inject a clock, lifetimes and addresses.
import fastifyFormbody from '@fastify/formbody'
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import type { ServerConfig } from './config.ts'
import type { AppContext } from './context.ts'
import { trackKeyedRoutes } from './assets/idempotency.ts'
import { registerAssetRoutes } from './assets/routes.ts'
import { registerContractRoutes } from './contracts/routes.ts'
import { migrate } from './db/migrate.ts'
import { startDemoAutoApprove } from './deposits/demo-auto-approve.ts'
import { registerDepositRoutes } from './deposits/routes.ts'
import { openDatabase } from './db/open.ts'
import { frameworkErrorHandler, installErrorHandling } from './http/errors.ts'
import { installLingeringClose } from './http/lingering-close.ts'
import { installBodyDeadlines, timeoutServerOptions } from './http/request-timeouts.ts'
import { installSecurityHeaders, withSecurityHeaders } from './http/security-headers.ts'
import { startDemoKycApproval } from './kyc/demo-auto-approve.ts'
import { registerStaticApp } from './http/static-app.ts'
import { createMailer } from './mail/mailer.ts'
import { createMarketSource } from './market/create-source.ts'
import { registerLaunchRoutes } from './launch/routes.ts'
import { registerMarketRoutes } from './market/routes.ts'
import { registerMessageRoutes } from './messages/routes.ts'
import { registerParamRoutes } from './params/routes.ts'
import { checkProductionSettings, refuseDemoDatabase } from './production-mode.ts'
import { registerProfileRoutes } from './profile/routes.ts'
import { antiPhishingMailer } from './security/account/anti-phishing.ts'
import { registerAccountSecurityRoutes } from './security/account/routes.ts'
import { protectDataAtRest } from './security/data-at-rest.ts'
import { registerPasskeyRoutes } from './security/passkeys/routes.ts'
import { registerTwoFactorRoutes } from './security/two-factor/routes.ts'
import { registerSecondsRoutes } from './seconds/routes.ts'
import { seedIfEmpty } from './seed.ts'
import { registerSpotRoutes } from './spot/routes.ts'
import { registerUserRoutes } from './user/routes.ts'
import { registerWithdrawalRoutes } from './withdrawals/routes.ts'
import { registerAllowListRoutes } from './withdrawals/allow-list-routes.ts'

/** No API body is anywhere near this; larger ones are refused with 413 before being read. */
export const BODY_LIMIT = 64 * 1024

export interface BuildOptions {
  config: ServerConfig
  /** Fastify logger settings; off unless given (tests stay quiet). */
  logger?: FastifyServerOptions['logger']
  now?: () => number
  /**
   * The address login limits are keyed by. Production uses the socket address, or the client's
   * behind a proxy named in TRUST_PROXY (no other X-Forwarded-For is believed, so it cannot be
   * spoofed to dodge the limit); tests inject their own.
   */
  clientAddress?: (request: FastifyRequest) => string
  /** Create the demo account on an empty database in demo mode (default true; never in production). */
  seedDemo?: boolean
}

export async function buildServer(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // Headers, keep-alive and whole-request bounds, answered 408 in the envelope (http/request-timeouts.ts).
    ...timeoutServerOptions(config.requestTimeouts),
    // Behind the cluster's nginx, request.ip is the client's (from X-Forwarded-For) — only when the
    // proxy's own address is configured as trusted.
    ...(config.trustProxy.length > 0 ? { trustProxy: config.trustProxy } : {}),
    // An answer before routing runs no hook: it gets the security headers here (http/security-headers.ts).
    frameworkErrors: withSecurityHeaders(frameworkErrorHandler, { hsts: config.hsts }),
  })
  const now = options.now ?? Date.now
  // EXCHANGE_MODE=production refuses test knobs before the database is opened, and a database
  // holding the demo account before it is migrated: a refused start writes nothing.
  checkProductionSettings(config)
  const db = openDatabase(config)
  app.addHook('onClose', () => db.close())
  await refuseDemoDatabase(config, db).catch(async (error: unknown) => {
    await db.close()
    throw error
  })
  const applied = await migrate(db, undefined, now())
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated')
  // DATA_DIR private, the data key in place, numbers an older release kept in plain sealed.
  await protectDataAtRest(db, config, app.log)

  const ctx: AppContext = {
    db,
    config,
    now,
    // Every mail to an account starts with its anti-phishing code (security/account/anti-phishing.ts).
    mailer: antiPhishingMailer(app, db, createMailer({ dataDir: config.dataDir, smtpUrl: config.smtpUrl, from: config.mailFrom, now, log: app.log }), app.log),
    clientAddress: options.clientAddress ?? ((request) => request.ip),
    log: app.log,
  }
  // Production never gets the demo account (architecture §6 "Production mode").
  if (config.mode === 'demo' && (options.seedDemo ?? true) && (await seedIfEmpty(ctx))) app.log.info('demo account created')

  installErrorHandling(app)
  // An answer that refuses a body still arriving ends the connection without resetting it.
  installLingeringClose(app)
  // A body that trickles or stalls is answered 408 (and the lingering close) instead of held for ever.
  installBodyDeadlines(app, config.requestTimeouts)
  // CSP, frame-ancestors, nosniff, Referrer- and Permissions-Policy, HSTS=on and no-store by default, on every answer.
  installSecurityHeaders(app, { hsts: config.hsts })
  trackKeyedRoutes(app)
  await app.register(fastifyFormbody)
  registerUserRoutes(app, ctx)
  registerParamRoutes(app, ctx)
  // The profile area: avatar, identity verification, invitees, collection account, inbox.
  await registerProfileRoutes(app, ctx)
  registerMessageRoutes(app, ctx)
  // One feed for the market routes and the exchange, so an exchange prices at what the chart shows.
  const market = createMarketSource(config, now)
  registerMarketRoutes(app, market)
  registerAssetRoutes(app, ctx, market)
  await registerDepositRoutes(app, ctx, market)
  registerWithdrawalRoutes(app, ctx)
  registerAccountSecurityRoutes(app, ctx)
  registerTwoFactorRoutes(app, ctx)
  registerPasskeyRoutes(app, ctx)
  registerAllowListRoutes(app, ctx)
  // Seconds contracts price and settle against the same feed the chart shows.
  await registerSecondsRoutes(app, ctx, market)
  // Spot orders fill against the same feed's prices and depth, and its pass catches up on start.
  await registerSpotRoutes(app, ctx, market)
  // Leveraged contracts enter, stop and liquidate at the same feed's prices, and catch up on start.
  await registerContractRoutes(app, ctx, market)
  await registerLaunchRoutes(app, ctx)
  const stopAutoApprove = startDemoAutoApprove(ctx, config.demoAutoApproveSeconds)
  app.addHook('onClose', () => stopAutoApprove())
  const stopKycApproval = startDemoKycApproval(ctx, config.demoAutoApproveSeconds)
  app.addHook('onClose', () => stopKycApproval())
  await registerStaticApp(app, config.staticDir)
  return app
}
