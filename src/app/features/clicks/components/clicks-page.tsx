// Placeholder until the page is built; replaced in this release.
export function ClicksPage() {
  return <h1 className="page-title">Clicks</h1>;
}
