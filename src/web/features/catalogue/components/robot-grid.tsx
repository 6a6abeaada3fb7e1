import type { ReactNode } from 'react';

/** The catalogue's responsive grid, shared by the real cards and their skeletons. */
export function RobotGrid({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <ul aria-busy={busy || undefined} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {children}
    </ul>
  );
}
