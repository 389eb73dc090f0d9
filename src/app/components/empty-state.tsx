import type { ReactNode } from 'react';

/** Says why there is nothing to show and what would change that. */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="empty">
      <p className="empty-title">{title}</p>
      <p>{children}</p>
    </div>
  );
}
