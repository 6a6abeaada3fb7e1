import { Unlock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { ClientActivation, ClientLicence } from '../../../../shared/schemas/client-licences.js';
import type { LicenceAccountMode } from '../../../../shared/schemas/licences.js';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { formatDateTime } from '../../../lib/format-date';
import { FreeSlotDialog } from './free-slot-dialog';

const modes: LicenceAccountMode[] = ['real', 'demo'];

type ActivationItemProps = {
  activation: ClientActivation;
  /** False while the licence is not active or the client has no free left. */
  canFree: boolean;
  onFree: () => void;
};

function ActivationItem({ activation, canFree, onFree }: ActivationItemProps) {
  const { t, i18n } = useTranslation();
  const label = t('licencePage.activation.label', {
    login: activation.account_login,
    server: activation.account_server,
  });
  const field = (term: string, value: string | null) => (
    <div className="min-w-0">
      <dt className="text-xs text-slate-400">{term}</dt>
      <dd className="break-words text-slate-100">{value ?? t('common.noValue')}</dd>
    </div>
  );
  return (
    <li aria-label={label} className="rounded-lg border border-slate-800 bg-slate-950 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <dl className="grid min-w-0 flex-1 grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          {field(t('licencePage.activation.account'), activation.account_login)}
          {field(t('licencePage.activation.server'), activation.account_server)}
          {field(
            t('licencePage.activation.platform'),
            activation.ea_version ? `${activation.platform} · v${activation.ea_version}` : activation.platform,
          )}
          {field(t('licencePage.activation.firstSeen'), formatDateTime(activation.first_seen_at, i18n.language))}
          {field(t('licencePage.activation.lastSeen'), formatDateTime(activation.last_seen_at, i18n.language))}
        </dl>
        {canFree && (
          <button
            type="button"
            onClick={onFree}
            className={buttonClass('secondary', 'h-9 shrink-0 self-start text-xs')}
          >
            <Unlock aria-hidden="true" className="size-4" />
            {t('licencePage.activation.free')}
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * The trading accounts of the licence, real then demo: slots used of each kind, each account with
 * when the robot was first and last seen there (the reader's time zone), and "Free this slot".
 */
export function LicenceAccounts({ licence }: { licence: ClientLicence }) {
  const { t, i18n } = useTranslation();
  const [freeing, setFreeing] = useState<ClientActivation | null>(null);
  const [freed, setFreed] = useState<ClientActivation | null>(null);
  const freesLeft = Math.max(0, licence.frees.limit - licence.frees.used);
  const canFree = licence.status === 'active' && freesLeft > 0;
  return (
    <section aria-labelledby="licence-accounts-heading" className="flex flex-col gap-4">
      <h2 id="licence-accounts-heading" className="text-xl font-semibold text-white">
        {t('licencePage.slots.heading')}
      </h2>
      {freed && <Alert tone="success">{t('licencePage.freeDialog.done', { login: freed.account_login })}</Alert>}
      {modes.map((mode) => {
        const slots = licence.slots[mode];
        const accounts = licence.activations.filter((activation) => activation.account_mode === mode);
        return (
          <section key={mode} aria-labelledby={`licence-${mode}-heading`} className="flex flex-col gap-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <h3 id={`licence-${mode}-heading`} className="font-semibold text-slate-100">
                {t(`licencePage.slots.${mode}`)}
              </h3>
              <p className="text-sm text-slate-400">{t('licencePage.slots.used', slots)}</p>
            </div>
            {accounts.length > 0 ? (
              <ul className="flex flex-col gap-2">
                {accounts.map((activation) => (
                  <ActivationItem
                    key={activation.id}
                    activation={activation}
                    canFree={canFree}
                    onFree={() => {
                      setFreed(null);
                      setFreeing(activation);
                    }}
                  />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-400">
                {slots.total === 0
                  ? t('licencePage.slots.notIncluded')
                  : t(mode === 'real' ? 'licencePage.slots.noneReal' : 'licencePage.slots.noneDemo')}
              </p>
            )}
          </section>
        );
      })}
      <div className="rounded-lg border border-slate-800 p-4 text-sm">
        <p className={freesLeft > 0 ? 'font-medium text-slate-100' : 'font-medium text-amber-200'}>
          {freesLeft > 0 || licence.frees.next_free_at === null
            ? t('licencePage.frees.left', {
                count: freesLeft,
                limit: licence.frees.limit,
                days: licence.frees.window_days,
              })
            : t('licencePage.frees.none', { date: formatDateTime(licence.frees.next_free_at, i18n.language) })}
        </p>
        <p className="mt-1 text-slate-400">
          {t('licencePage.frees.explain', { limit: licence.frees.limit, days: licence.frees.window_days })}
        </p>
      </div>
      <FreeSlotDialog
        licence={licence}
        activation={freeing}
        onClose={() => setFreeing(null)}
        onFreed={(activation) => {
          setFreeing(null);
          setFreed(activation);
        }}
      />
    </section>
  );
}
