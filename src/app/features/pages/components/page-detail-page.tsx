// Placeholder until the page is built; replaced in this release.
export function PageDetailPage() {
  return <h1 className="page-title">Page detail</h1>;
}
