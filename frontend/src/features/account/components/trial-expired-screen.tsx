import { useQuery } from "@tanstack/react-query";
import { Button } from "../../../components/ui/button";
import { PageLoader } from "../../../components/ui/spinner";
import { api, seg } from "../../../lib/api-client";

/** The names of the account's Admins (`GET /api/account/get-account-admins/{accountId}`, trial exempt). */
function useAdminNames(accountId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["account", accountId, "admins"],
    queryFn: async () =>
      (
        await api.get<{ admins: { name: string }[] }>(`/api/account/get-account-admins/${seg(accountId)}`)
      ).admins
        .map((a) => a.name.trim())
        .filter(Boolean)
        .sort((a, b) => a.localeCompare(b)),
    enabled,
    staleTime: 60_000,
  });
}

/** 'Alex', 'Alex and Sam', 'Alex, Sam and Kim'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * The blocking screen of an expired free trial (spec overview-access-account.md 2.13): 'Your free
 * trial has expired'. Admins get 'Please upgrade your account to get access to your dashboard' and
 * UPGRADE ACCOUNT (billing is theirs only, spec 6); Managers and Viewers are told to ask their
 * Admin, named.
 */
export function TrialExpiredScreen({
  accountId,
  isAdmin,
  onUpgrade,
  busy,
}: {
  accountId: string;
  isAdmin: boolean;
  onUpgrade: () => void;
  busy?: boolean;
}) {
  const admins = useAdminNames(accountId, !isAdmin);
  const names = admins.data ?? [];
  return (
    <section className="blocking-screen" aria-labelledby="trial-expired-title">
      <div className="card">
        <h1 id="trial-expired-title">Your free trial has expired</h1>
        {isAdmin ? (
          <>
            <p>Please upgrade your account to get access to your dashboard</p>
            <Button variant="primary" size="lg" onClick={onUpgrade} isLoading={busy}>
              UPGRADE ACCOUNT
            </Button>
          </>
        ) : (
          <>
            <p>Please ask your Admin to upgrade your account to get access to your dashboard.</p>
            {admins.isPending ? (
              <PageLoader message="Loading your Admins..." />
            ) : names.length > 0 ? (
              <p>
                {names.length === 1 ? "Your Admin is " : "Your Admins are "}
                <strong>{joinNames(names)}</strong>.
              </p>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
