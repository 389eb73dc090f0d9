// Placeholder until the page is built; replaced in this release.
export function FormsPage() {
  return <h1 className="page-title">Forms</h1>;
}
