import { createFileRoute, redirect, type LinkProps } from '@tanstack/react-router'

// Spec §2: /action (the Trade tab) redirects to spot trading. /action/trade arrives with a later
// issue, so the typed router does not know it yet and the target is cast.
export const Route = createFileRoute('/action/')({
  beforeLoad: () => {
    throw redirect({ to: '/action/trade' as LinkProps['to'], replace: true })
  },
})
