import { clsx } from 'clsx';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import type { Robot } from '../../../../shared/schemas/catalogue.js';

const tones: Record<Robot['risk_level'], string> = {
  low: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30',
  medium: 'bg-amber-500/15 text-amber-300 ring-amber-500/30',
  high: 'bg-red-500/15 text-red-300 ring-red-500/30',
};

export function RiskBadge({ level }: { level: Robot['risk_level'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset',
        tones[level],
      )}
    >
      <ShieldAlert aria-hidden="true" className="size-4" />
      {t(`risk.${level}`)}
    </span>
  );
}
