import { clsx } from 'clsx';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { humanizeSlug, type ContentPageSlug } from '../../../../../shared/content-pages.js';
import { contentPageInputSchema } from '../../../../../shared/schemas/catalogue.js';
import { QueryStatus } from '../../../../components/admin/query-status';
import { notifyFailure, notifySuccess } from '../../../../components/admin/toasts';
import { buttonClass } from '../../../../components/ui/button-classes';
import { RichText } from '../../../../components/ui/rich-text';
import { usePage, useSavePage } from '../../api/admin/content-pages';

const RichTextEditor = lazy(() => import('../../../../components/admin/rich-text-editor'));

/** A page's name in the reader's language; pages the catalogues do not name yet use their slug. */
export function usePageName(slug: ContentPageSlug): string {
  const { t } = useTranslation();
  // The catalogues name the spec's pages here and the legal pages under legal.titles.
  return t(
    [`backOffice.pages.names.${slug}`, `legal.titles.${slug}`] as unknown as 'backOffice.pages.names.copy_trade',
    { defaultValue: humanizeSlug(slug) },
  );
}

/**
 * Copy Trade, Update, and any other page of the slug list (SPEC §2): title, visual editor or raw
 * HTML, preview, 'Save Changes', and SPEC §8's messages.
 */
export function ContentPageManagement({ slug }: { slug: ContentPageSlug }) {
  const name = usePageName(slug);
  const page = usePage(slug);
  if (page.isPending || page.isError) return <QueryStatus query={page} className="mt-6" />;
  // The form starts from the stored page, or from the spec's default title when never written.
  return <PageForm key={slug} slug={slug} name={name} initial={page.data ?? { title: name, content: '' }} />;
}

function PageForm({
  slug,
  name,
  initial,
}: {
  slug: ContentPageSlug;
  name: string;
  initial: { title: string; content: string };
}) {
  const { t } = useTranslation();
  const save = useSavePage(slug);
  const titleId = useId();
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const [mode, setMode] = useState<'visual' | 'html'>('visual');
  const [preview, setPreview] = useState(false);
  const [titleError, setTitleError] = useState(false);

  async function submit() {
    const input = contentPageInputSchema.safeParse({ title, content });
    setTitleError(!input.success);
    if (!input.success) return;
    try {
      await save.mutateAsync(input.data);
      notifySuccess(t('backOffice.pages.saved', { name }));
    } catch (error) {
      notifyFailure(t('backOffice.pages.saveFailed', { name }), error);
    }
  }

  const toggleClass = (on: boolean) =>
    clsx(
      'h-9 rounded-md px-3 text-sm font-semibold',
      on ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:text-white',
    );
  return (
    <form
      noValidate
      className="mt-6 flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={titleId} className="text-sm font-medium text-slate-200">
          {t('backOffice.pages.title')}
        </label>
        <input
          id={titleId}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={titleError || undefined}
          aria-describedby={titleError ? `${titleId}-error` : undefined}
          className={clsx(
            'h-11 rounded-lg border bg-slate-950 px-3 text-slate-100',
            titleError ? 'border-red-500' : 'border-slate-700',
          )}
        />
        {titleError && (
          <p id={`${titleId}-error`} className="text-sm text-red-300">
            {t('backOffice.form.required')}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label={t('backOffice.pages.mode')}
          className="flex gap-1 rounded-lg border border-slate-700 bg-slate-950 p-1"
        >
          <button
            type="button"
            aria-pressed={mode === 'visual'}
            onClick={() => setMode('visual')}
            className={toggleClass(mode === 'visual')}
          >
            {t('backOffice.pages.visual')}
          </button>
          <button
            type="button"
            aria-pressed={mode === 'html'}
            onClick={() => setMode('html')}
            className={toggleClass(mode === 'html')}
          >
            {t('backOffice.pages.html')}
          </button>
        </div>
        <button
          type="button"
          aria-pressed={preview}
          onClick={() => setPreview(!preview)}
          className={buttonClass('secondary')}
        >
          {preview ? t('backOffice.pages.hidePreview') : t('backOffice.pages.showPreview')}
        </button>
      </div>
      {mode === 'visual' ? (
        <Suspense
          fallback={
            <p className="min-h-48 rounded-lg border border-slate-700 p-3 text-slate-400">
              {t('backOffice.editor.loading')}
            </p>
          }
        >
          <RichTextEditor label={t('backOffice.pages.content')} value={content} onChange={setContent} />
        </Suspense>
      ) : (
        <textarea
          aria-label={t('backOffice.pages.htmlSource')}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          rows={16}
          spellCheck={false}
          className="rounded-lg border border-slate-700 bg-slate-950 p-3 font-mono text-sm text-slate-100"
        />
      )}
      {preview && (
        <section
          aria-label={t('backOffice.pages.preview')}
          className="rounded-xl border border-dashed border-slate-700 p-6"
        >
          <h2 className="mb-4 text-2xl font-bold text-white">{title}</h2>
          <RichText html={content} fallback={<p className="text-slate-400">{t('contentPage.empty')}</p>} />
        </section>
      )}
      <div className="flex justify-end">
        <button type="submit" disabled={save.isPending} aria-busy={save.isPending} className={buttonClass('primary')}>
          {save.isPending ? t('backOffice.dialog.saving') : t('backOffice.pages.save')}
        </button>
      </div>
    </form>
  );
}
