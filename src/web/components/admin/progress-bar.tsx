/** An upload's progress, 0 to 1, as a bar that assistive technology reads as a percentage. */
export function ProgressBar({ label, fraction }: { label: string; fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-800"
    >
      <div className="h-full bg-emerald-500 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
