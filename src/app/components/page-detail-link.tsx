import { Link } from '@tanstack/react-router';
import { useConnection } from '../lib/connection-context.js';

/** A page path that opens that page's detail view, keeping the property, range and zone of the view. */
export function PageDetailLink({ path }: { path: string }) {
  // A share link shows its report pages only: the detail view is not one of them.
  if (useConnection().connection.mode === 'share') return <span className="page-link">{path}</span>;
  return (
    <Link to="/pages/detail" search={(s) => ({ ...s, path })} className="page-link">
      {path}
    </Link>
  );
}
