// Every route of the app's route table (docs/product.md) with the demo data's ids: what a visitor
// sees (signed out), then what the demo trader sees. One list for the tools and tests that walk
// every screen (npm run screenshots, npm run a11y, the browser tests of text fit and accessibility).
export const VISITOR_ROUTES: readonly string[] = ['/login', '/register', '/password', '/protocol', '/position']
export const TRADER_ROUTES: readonly string[] = [
  '/home', '/home/new', '/home/detail?id=1', '/home/join?id=1', '/home/record', '/home/wbook?id=1',
  '/market', '/market/kline?symbol=btcusdt', '/action/trade', '/action/contract', '/action/secondContract', '/position',
  '/trade/record', '/contract/record', '/secondContract/record',
  '/account/assert/1', '/account/assert/2', '/assert/detail/USDT', '/assert/record', '/assert/recharge', '/assert/exchange',
  '/assert/withdrawel', '/assert/transfer/1', '/assert/addresslist', '/assert/addresscurrencylist', '/assert/addaddress',
  '/me', '/me/about', '/me/profile', '/me/help', '/me/contact', '/me/mPdf', '/me/share', '/me/share-record', '/me/lang',
  '/me/message', '/me/msgdetail', '/me/safety', '/me/verify',
  '/me/safety/sessions', '/me/safety/sign-ins', '/me/safety/history', '/me/safety/anti-phishing', '/me/safety/allow-list',
  '/me/safety/two-factor', '/me/safety/passkeys',
]
/** The screens of the tab bar and the trading screens: what a trader opens many times a day. */
export const TAB_ROUTES: readonly string[] = ['/home', '/market', '/action/trade', '/action/contract', '/action/secondContract', '/position', '/account/assert/1', '/me']
export const LOCALES: readonly string[] = ['en-US', 'zh-CN', 'ko', 'ja']
export const DEMO = { email: 'demo@exchange.local', password: 'Demo2026pass' }
