// Placeholder until the page is built; replaced in this release.
export function PagesPage() {
  return <h1 className="page-title">Pages</h1>;
}
