import { createRootRoute, Outlet } from '@tanstack/react-router'
import { KeptAliveScreens } from '../app/keep-alive'
import { TabBar } from '../app/tab-bar'
import { ToastHost } from '../app/toast-host'
import { SessionSync } from '../features/me/components/session-sync'

export const Route = createRootRoute({
  component: () => (
    <div className="app">
      <Outlet />
      <KeptAliveScreens />
      <TabBar />
      <ToastHost />
      <SessionSync />
    </div>
  ),
})
