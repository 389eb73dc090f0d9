// Placeholder until the page is built; replaced in this release.
export function AggregatePage() {
  return <h1 className="page-title">All properties</h1>;
}
