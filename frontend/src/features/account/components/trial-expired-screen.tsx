import { Button } from "../../../components/ui/button";

/** The blocking screen of an expired free trial (spec overview-access-account.md 2.13). */
export function TrialExpiredScreen({ onUpgrade, busy }: { onUpgrade: () => void; busy?: boolean }) {
  return (
    <section className="blocking-screen" aria-labelledby="trial-expired-title">
      <div className="card">
        <h1 id="trial-expired-title">Your free trial has expired</h1>
        <p>Please upgrade your account to get access to your dashboard</p>
        <Button variant="primary" size="lg" onClick={onUpgrade} isLoading={busy}>
          UPGRADE ACCOUNT
        </Button>
      </div>
    </section>
  );
}
