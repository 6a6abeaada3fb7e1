import type { ReactNode } from 'react';

type PageShellProps = {
  title: string;
  children?: ReactNode;
};

/** The frame of a content page: its width, spacing and the page's one h1. */
export function PageShell({ title, children }: PageShellProps) {
  return (
    <div className="page-container py-10">
      <h1 className="text-3xl font-bold tracking-tight text-white">{title}</h1>
      {children}
    </div>
  );
}
