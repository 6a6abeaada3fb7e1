import { useTranslation } from '../../../lib/use-translation';
import type { PageSlug } from '../../../../shared/schemas/catalogue.js';
import { PageShell } from '../../../components/ui/page-shell';
import { RichText } from '../../../components/ui/rich-text';
import { useContentPage } from '../api/get-content-page';
import { LoadError } from '../../../components/ui/load-error';
import { useLocalized } from '../../../lib/use-localized';

type ContentPageViewProps = {
  slug: PageSlug;
  /** The spec's title ('Copy Trade', 'Update') when the administrator left it empty. */
  defaultTitle: string;
};

function LoadingContent() {
  const { t } = useTranslation();
  return (
    <div className="page-container py-10" aria-busy="true">
      <p role="status" className="sr-only">
        {t('contentPage.loading')}
      </p>
      <div aria-hidden="true" className="flex h-9 items-center">
        <div className="h-7 w-56 animate-pulse rounded bg-slate-800" />
      </div>
      <div aria-hidden="true" className="mt-8 flex max-w-3xl flex-col gap-3">
        <div className="h-4 w-full animate-pulse rounded bg-slate-800" />
        <div className="h-4 w-11/12 animate-pulse rounded bg-slate-800" />
        <div className="h-4 w-4/5 animate-pulse rounded bg-slate-800" />
      </div>
    </div>
  );
}

/** A public rich-text page (SPEC §2, Copy Trade and Update): a title and the administrator's HTML. */
export function ContentPageView(props: ContentPageViewProps) {
  // A screen high in every state, so a short page or its empty message does not pull the footer
  // into view after loading (a layout shift).
  return (
    <div className="min-h-dvh">
      <ContentPageBody {...props} />
    </div>
  );
}

function ContentPageBody({ slug, defaultTitle }: ContentPageViewProps) {
  const { t } = useTranslation();
  const show = useLocalized();
  const { data: page, isPending, isError, refetch } = useContentPage(slug);

  if (isPending) return <LoadingContent />;
  if (isError) {
    return (
      <PageShell title={defaultTitle}>
        <LoadError className="mt-8 max-w-3xl" message={t('contentPage.loadError')} onRetry={() => void refetch()} />
      </PageShell>
    );
  }

  // Title and body in the reader's language, else in the shop's default one (issue 19 §2), so a
  // page not translated yet reads as one whole; the page's name when it has no title at all.
  const title = (page && show(page.title).trim()) || defaultTitle;
  return (
    <PageShell title={title}>
      <RichText
        html={page ? show(page.content) : ''}
        className="mt-8 max-w-3xl"
        fallback={
          <p className="mt-8 max-w-3xl rounded-xl border border-dashed border-slate-700 p-10 text-center text-slate-300">
            {t('contentPage.empty')}
          </p>
        }
      />
    </PageShell>
  );
}
