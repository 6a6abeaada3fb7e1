import { useId, type ReactNode } from 'react';

/** One titled block of the Account page. */
export function AccountSection({
  title,
  tone = 'normal',
  children,
}: {
  title: string;
  tone?: 'normal' | 'danger';
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={
        tone === 'danger'
          ? 'rounded-xl border border-red-900/70 bg-slate-900 p-5 sm:p-6'
          : 'rounded-xl border border-slate-800 bg-slate-900 p-5 sm:p-6'
      }
    >
      <h2 id={headingId} className="text-xl font-semibold text-white">
        {title}
      </h2>
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </section>
  );
}
