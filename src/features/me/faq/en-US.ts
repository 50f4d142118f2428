import type { FaqEntry } from '../logic'

// Facts as docs/product.md §9 and the README state them (minimum deposit, confirmations, fees).
export const FAQ: FaqEntry[] = [
  { topic: 'Registration', question: 'How do I register?', answer: 'Tap Log in / Register, enter your email, the code sent to it and a password of 8 to 128 characters. If a friend invited you, their invitation code is filled in from their link.' },
  { topic: 'Deposits', question: 'What is the minimum deposit?', answer: 'The minimum deposit is worth 1 USDT. A smaller deposit is neither credited nor refunded.' },
  { topic: 'Deposits', question: 'When does my deposit arrive?', answer: 'Deposits wait for 12 network confirmations, then they are credited to your asset account and a message tells you.' },
  { topic: 'Withdrawals', question: 'How do I withdraw?', answer: 'Withdrawals need a verified identity and your 6-digit fund password. Choose the coin, chain, address and amount; the minimum, maximum and fee are shown on the form. Withdrawals wait for 12 network confirmations.' },
  { topic: 'Transfers', question: 'How do I move funds between accounts?', answer: 'Use Transfer to move coins between your asset, spot and contract accounts. The smallest transfer is 0.00001. A transfer made offline is sent when you are back online.' },
  { topic: 'Spot', question: 'What are the spot trading fees?', answer: 'Spot orders pay 0.1 % as maker and 0.1 % as taker, in the quote coin. Limit, market, stop-limit and post-only orders are offered.' },
  { topic: 'Contracts', question: 'How do leveraged contracts work?', answer: 'Contracts are USDT-margined with isolated margin. Opening and closing each pay 0.05 % of the notional. A position whose margin runs out is liquidated and loses its margin.' },
  { topic: 'Seconds contracts', question: 'What is a seconds contract?', answer: 'You predict whether the price will be higher or lower after a fixed time (30, 60, 120 or 300 seconds). Each duration has its own profit rate and minimum amount.' },
  { topic: 'Launchpad', question: 'What is the launchpad?', answer: 'The launchpad sells new coins. Token sales pay a 10 % fee: 2.5 % is burned and 7.5 % goes to stakers. Unstaking early burns 25 %; after 21 days there is no fee.' },
  { topic: 'Identity verification', question: 'Why and how do I verify my identity?', answer: 'Withdrawals need a verified identity. Enter your name, document type and number, and photos of the front and back of the document. Verification info cannot be changed once submitted; if it is rejected you see the reason and may submit again.' },
  { topic: 'Fees', question: 'Which fees are there?', answer: 'Spot: 0.1 % maker and taker. Contracts: 0.05 % to open and to close. Exchange between coins: 0.2 %. Withdrawals: the fee shown on the form. Deposits are free.' },
  { topic: 'Offline', question: 'Can I use the app offline?', answer: 'Yes. Install it to your home screen. Offline, every screen shows the last known data with its age; transfers are queued and sent later, while withdrawals, orders and submissions are refused until you are online.' },
]
