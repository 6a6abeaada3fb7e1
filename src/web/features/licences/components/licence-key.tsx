import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { buttonClass } from '../../../components/ui/button-classes';

/** How long the button says "Copied" before it offers to copy again. */
const COPIED_FOR_MS = 3000;

/** Selects the key's text, so that the reader can copy it themselves. */
function selectText(element: HTMLElement | null) {
  const selection = window.getSelection();
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * The licence key in full with a copy button. The clipboard API needs a secure context and the
 * reader's permission; when it is refused, the key is selected instead and the reader told to copy it.
 */
export function LicenceKey({ value }: { value: string }) {
  const { t } = useTranslation();
  const keyRef = useRef<HTMLElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      selectText(keyRef.current);
      setCopy('failed');
    }
  };

  return (
    <section
      aria-labelledby="licence-key-heading"
      className="rounded-xl border border-slate-800 bg-slate-900 p-4 sm:p-5"
    >
      <h2 id="licence-key-heading" className="text-sm font-semibold text-slate-300">
        {t('licencePage.key.heading')}
      </h2>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
        <code
          ref={keyRef}
          className="min-w-0 flex-1 rounded-lg bg-slate-950 px-3 py-2.5 font-mono text-sm break-all text-emerald-300 select-all min-[400px]:text-base sm:text-lg"
        >
          {value}
        </code>
        <button
          type="button"
          onClick={() => void copyKey()}
          className={buttonClass(copy === 'copied' ? 'secondary' : 'primary', 'shrink-0')}
        >
          {copy === 'copied' ? (
            <Check aria-hidden="true" className="size-4 text-emerald-400" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copy === 'copied' ? t('licencePage.key.copied') : t('licencePage.key.copy')}
        </button>
      </div>
      <p role="status" className={copy === 'failed' ? 'mt-2 text-sm text-amber-200' : 'sr-only'}>
        {copy === 'copied' && t('licencePage.key.copiedStatus')}
        {copy === 'failed' && t('licencePage.key.copyFailed')}
      </p>
    </section>
  );
}
