import { isContentPageSlug, type ContentPageSlug } from '../../../shared/content-pages.js';
import { AdminPage } from '../../components/admin/admin-page';
import { RequireAdmin } from '../../features/auth/components/require-admin';
import { ContentPageManagement, usePageName } from '../../features/pages/components/admin/content-page-management';
import { Navigate, useSearchParams } from '../../lib/router';

function Page({ slug }: { slug: ContentPageSlug }) {
  return (
    <RequireAdmin>
      <AdminPage title={usePageName(slug)}>
        <ContentPageManagement slug={slug} />
      </AdminPage>
    </RequireAdmin>
  );
}

/** Any content page of the slug list that has no management page of its own: `?slug=terms`. */
export default function PageManagementPage() {
  const [searchParams] = useSearchParams();
  const slug = searchParams.get('slug');
  if (!isContentPageSlug(slug)) return <Navigate to="/" replace />;
  return <Page slug={slug} />;
}
