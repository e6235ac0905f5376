export function SensorReadingsPage() {
  return <section className="page" />;
}
