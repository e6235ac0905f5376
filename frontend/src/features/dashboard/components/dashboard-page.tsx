import { useUser } from "../../../lib/auth";

/** `/dashboard` (spec trackers.md section 2): the greeting; the tracker views come with the dashboard work. */
export function DashboardPage() {
  const user = useUser();
  if (!user.data) return <p className="page-loading">Loading your account...</p>;
  return (
    <section className="page">
      <h1>Hello {user.data.name || user.data.email}</h1>
      <p>{user.data.account.name}</p>
    </section>
  );
}
