import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { lazy, Suspense, useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext, useWatch, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from '../../../../lib/use-translation';
import type { Language } from '../../../../../shared/constants.js';
import { humanizeSlug, type ContentPageSlug } from '../../../../../shared/content-pages.js';
import { emptyLocalizedText } from '../../../../../shared/localized-text.js';
import {
  contentPageInputSchema,
  type ContentPage,
  type ContentPageInput,
} from '../../../../../shared/schemas/catalogue.js';
import { TextInputField } from '../../../../components/admin/form-fields';
import { LanguageTabs } from '../../../../components/admin/language-tabs';
import { QueryStatus } from '../../../../components/admin/query-status';
import { notifyFailure, notifySuccess } from '../../../../components/admin/toasts';
import { buttonClass } from '../../../../components/ui/button-classes';
import { RichText } from '../../../../components/ui/rich-text';
import { ApiError } from '../../../../lib/api-client';
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
 * HTML, preview, 'Save Changes', and SPEC §8's messages. Title and body are written in English
 * and French, one tab each (issue 19 §2); a language left empty shows the other to its readers.
 */
export function ContentPageManagement({ slug }: { slug: ContentPageSlug }) {
  const name = usePageName(slug);
  const page = usePage(slug);
  if (page.isPending || page.isError) return <QueryStatus query={page} className="mt-6" />;
  // The form starts from the stored page, or, when never written, from the page's name in the
  // administrator's language.
  return <PageForm key={slug} slug={slug} name={name} initial={page.data ?? null} />;
}

type PageFormValues = z.input<typeof contentPageInputSchema>;
type EditingMode = 'visual' | 'html';

function PageForm({ slug, name, initial }: { slug: ContentPageSlug; name: string; initial: ContentPage | null }) {
  const { t, i18n } = useTranslation();
  const save = useSavePage(slug);
  const form = useForm<PageFormValues, unknown, ContentPageInput>({
    resolver: zodResolver(contentPageInputSchema),
    defaultValues: initial
      ? { title: { ...initial.title }, content: { ...initial.content } }
      : {
          title: { ...emptyLocalizedText(), [i18n.language === 'fr' ? 'fr' : 'en']: name },
          content: emptyLocalizedText(),
        },
  });
  const [mode, setMode] = useState<EditingMode>('visual');
  const [preview, setPreview] = useState(false);

  const submit = form.handleSubmit(async (page) => {
    try {
      await save.mutateAsync(page);
      notifySuccess(t('backOffice.pages.saved', { name }));
    } catch (error) {
      if (error instanceof ApiError && error.fields)
        for (const [field, message] of Object.entries(error.fields))
          if (field.startsWith('body.'))
            form.setError(field.slice(5) as Path<PageFormValues>, { type: 'server', message });
      notifyFailure(t('backOffice.pages.saveFailed', { name }), error);
    }
  });

  const toggleClass = (on: boolean) =>
    clsx(
      'h-9 rounded-md px-3 text-sm font-semibold',
      on ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:text-white',
    );
  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="mt-6 flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
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
        <LanguageTabs<PageFormValues>
          fields={['title', 'content']}
          labels={{ title: t('backOffice.pages.title'), content: t('backOffice.pages.content') }}
        >
          {(language) => <PageLanguageFields language={language} mode={mode} preview={preview} />}
        </LanguageTabs>
        <div className="flex justify-end">
          <button type="submit" disabled={save.isPending} aria-busy={save.isPending} className={buttonClass('primary')}>
            {save.isPending ? t('backOffice.dialog.saving') : t('backOffice.pages.save')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

/** One language's title, body (visual editor or HTML source) and preview. */
function PageLanguageFields({ language, mode, preview }: { language: Language; mode: EditingMode; preview: boolean }) {
  const { t } = useTranslation();
  const { control, register } = useFormContext<PageFormValues>();
  const title = useWatch({ control, name: `title.${language}` });
  const content = useWatch({ control, name: `content.${language}` });
  return (
    <>
      <TextInputField<PageFormValues>
        name={`title.${language}`}
        label={t('backOffice.pages.title')}
        invalidMessage={t('backOffice.pages.titleTooLong')}
      />
      {mode === 'visual' ? (
        <Suspense
          fallback={
            <p className="min-h-48 rounded-lg border border-slate-700 p-3 text-slate-400">
              {t('backOffice.editor.loading')}
            </p>
          }
        >
          <Controller
            control={control}
            name={`content.${language}`}
            render={({ field }) => (
              <RichTextEditor
                label={t('backOffice.pages.content')}
                value={field.value ?? ''}
                onChange={field.onChange}
              />
            )}
          />
        </Suspense>
      ) : (
        <textarea
          aria-label={t('backOffice.pages.htmlSource')}
          rows={16}
          spellCheck={false}
          className="rounded-lg border border-slate-700 bg-slate-950 p-3 font-mono text-sm text-slate-100"
          {...register(`content.${language}`)}
        />
      )}
      {preview && (
        <section
          aria-label={t('backOffice.pages.preview')}
          className="rounded-xl border border-dashed border-slate-700 p-6"
        >
          <h2 className="mb-4 text-2xl font-bold text-white">{title}</h2>
          <RichText html={content ?? ''} fallback={<p className="text-slate-400">{t('contentPage.empty')}</p>} />
        </section>
      )}
    </>
  );
}
