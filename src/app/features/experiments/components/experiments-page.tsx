// Placeholder until the page is built; replaced in this release.
export function ExperimentsPage() {
  return <h1 className="page-title">Experiments</h1>;
}
