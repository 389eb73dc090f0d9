// Placeholder until the page is built; replaced in this release.
export function FunnelsPage() {
  return <h1 className="page-title">Funnels</h1>;
}
