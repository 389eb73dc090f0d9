import type { ReactNode } from 'react';
import { useCan, type DashboardAction } from '../lib/session-role.js';

/**
 * The controls of `action` when the session's role allows them; otherwise one line saying why (or
 * nothing with `silent`, where a line elsewhere on the page already says it, or while the role loads).
 */
export function RoleGate({
  action,
  children,
  silent = false,
}: {
  action: DashboardAction;
  children: ReactNode;
  silent?: boolean;
}) {
  const { allowed, reason } = useCan(action);
  if (allowed) return children;
  return reason && !silent ? (
    <p className="muted small role-note" data-testid="role-note">
      {reason}
    </p>
  ) : null;
}
