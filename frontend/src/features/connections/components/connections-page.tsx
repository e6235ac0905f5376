export function ConnectionsPage() {
  return <section className="page" />;
}
