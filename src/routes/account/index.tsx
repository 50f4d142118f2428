import { createFileRoute, redirect } from '@tanstack/react-router'

// Spec §2: /account redirects to the spot account's list.
export const Route = createFileRoute('/account/')({
  beforeLoad: () => {
    throw redirect({ to: '/account/assert/$id', params: { id: '1' }, replace: true })
  },
})
