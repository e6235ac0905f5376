export function UsersPage() {
  return <section className="page" />;
}
