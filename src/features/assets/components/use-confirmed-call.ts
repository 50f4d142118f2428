// Lifted into lib/ui (the seconds screen confirms orders and transfers the same way).
export { useConfirmedCall } from '../../../lib/ui/use-confirmed-call'
