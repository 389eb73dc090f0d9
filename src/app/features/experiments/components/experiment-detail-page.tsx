// Placeholder until the page is built; replaced in this release.
export function ExperimentDetailPage() {
  return <h1 className="page-title">Experiment</h1>;
}
