export function ReturnPage() {
  return <section className="page" />;
}
