import { Link } from '@tanstack/react-router';

/** A page path that opens that page's detail view, keeping the property, range and zone of the view. */
export function PageDetailLink({ path }: { path: string }) {
  return (
    <Link to="/pages/detail" search={(s) => ({ ...s, path })} className="page-link">
      {path}
    </Link>
  );
}
