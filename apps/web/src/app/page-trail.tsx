import { useLocation } from 'react-router';
import { notePage } from '../lib/came-from';

/**
 * Notes each page as the router shows it. Rendered before the routes, during render rather than in
 * an effect, so that the page's own requests already name the page before it.
 */
export function PageTrail(): null {
  const { pathname, search } = useLocation();
  notePage(pathname + search);
  return null;
}
