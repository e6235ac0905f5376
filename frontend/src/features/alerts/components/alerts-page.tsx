export function AlertsPage() {
  return <section className="page" />;
}
