import { useLocation } from '../lib/router';
import { pageComponents } from './pages';
import { resolvePage } from '../../shared/pages.js';

/** Renders the page named by the URL's last path segment (SPEC §2 routing rule). */
export function CurrentPage() {
  const { pathname } = useLocation();
  const Page = pageComponents[resolvePage(pathname)];
  return <Page />;
}
