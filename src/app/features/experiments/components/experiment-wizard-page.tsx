// Placeholder until the page is built; replaced in this release.
export function ExperimentWizardPage() {
  return <h1 className="page-title">New experiment</h1>;
}
