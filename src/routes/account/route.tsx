import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'

// The Assets tab (spec §2, tab 4): every account screen needs a session.
export const Route = createFileRoute('/account')({
  beforeLoad: requireLogin,
  staticData: { tab: 'assets' },
})
