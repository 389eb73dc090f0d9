// Placeholder until the page is built; replaced in this release.
export function PropertiesPage() {
  return <h1 className="page-title">Properties</h1>;
}
