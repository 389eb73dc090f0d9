// Placeholder until the page is built; replaced in this release.
export function ApiAccessPage() {
  return <h1 className="page-title">API access</h1>;
}
