const statSlots = ['balance', 'growth', 'weekly', 'monthly', 'floating'] as const;

/**
 * Stand-in for a RobotCard while robots load. Each bar is centred in a box as tall as the line it
 * stands for (margins around the bars would collapse), so the grid does not move when the real
 * cards replace it.
 */
export function RobotCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex animate-pulse flex-col overflow-hidden rounded-xl border border-slate-800 bg-slate-900"
    >
      <div className="aspect-video w-full bg-slate-800" />
      <div className="flex flex-1 flex-col gap-4 p-4">
        <div className="flex min-h-14 items-start justify-between gap-3">
          <div className="flex h-7 flex-1 items-center">
            <div className="h-4 w-2/3 rounded bg-slate-800" />
          </div>
          <div className="h-6 w-8 rounded-md bg-slate-800" />
        </div>
        <div className="grid grid-cols-2 gap-x-4 gap-y-3">
          {statSlots.map((slot) => (
            <div key={slot}>
              <div className="flex h-5 items-center">
                <div className="h-3 w-14 rounded bg-slate-800" />
              </div>
              <div className="flex h-6 items-center">
                <div className="h-4 w-20 rounded bg-slate-800" />
              </div>
            </div>
          ))}
        </div>
        <div className="mt-auto pt-2">
          <div className="h-11 w-full rounded-lg bg-slate-800" />
        </div>
      </div>
    </div>
  );
}
