import { lazy, Suspense, useMemo, useState } from "react";
import { Outlet, useNavigate } from "react-router-dom";
import { AppShell } from "../../components/layout/app-shell";
import { TrialBanner } from "../../components/layout/trial-banner";
import { AlertDialog } from "../../components/ui/confirm-dialog";
import type { MenuItem } from "../../components/ui/dropdown-menu";
import { PageLoader } from "../../components/ui/spinner";
import { env } from "../../config/env";
import { paths } from "../../config/paths";
import type { AccountModal } from "../../features/account/components/account-modals";
import { TrialExpiredScreen } from "../../features/account/components/trial-expired-screen";
import { isAdmin, isViewer, useCurrentUser, useLogout } from "../../lib/auth";
import { useBillingPortal } from "../../lib/billing";
import { useIntegrations, warningCount } from "../../lib/integrations";
import { notify } from "../../lib/notify";
import { isTrialExpired } from "../../lib/trial";
import { ProductGuide } from "./product-guide";

const ASK_YOUR_ADMIN = "Please ask your Admin to upgrade your account";

const AccountModals = lazy(() => import("../../features/account/components/account-modals"));

/**
 * The signed-in application: the shell (sidebar, top bar, user menu gated by role as in spec 2.8),
 * the account modals, the free-trial banner and blocking screen, and the product guide.
 */
export function AppLayout() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const billing = useBillingPortal(user.account._id);
  const [modal, setModal] = useState<AccountModal | null>(null);
  const [contactOpen, setContactOpen] = useState(false);
  const viewer = isViewer(user);
  const admin = isAdmin(user);
  const expired = isTrialExpired(user.account);
  const integrations = useIntegrations({ enabled: !viewer && !expired });
  const warnings = useMemo(() => warningCount(integrations.data ?? []), [integrations.data]);

  const onLogout = async () => {
    await logout();
    navigate(paths.home, { replace: true });
  };

  const items: MenuItem[] = [];
  if (admin && !expired)
    items.push({ label: "Account & User Settings", onSelect: () => setModal("settings") });
  if (admin) items.push({ label: "Billing", onSelect: () => billing.mutate() });
  items.push({ label: "Referral Scheme", onSelect: () => setModal("referral") });
  items.push({ label: "Change Avatar", onSelect: () => setModal("avatar") });
  items.push({ label: "Change Password", onSelect: () => setModal("password") });
  items.push({ label: "Support Center", href: env.VITE_SUPPORT_CENTER_URL, onSelect: () => undefined });
  items.push({ label: "Contact Support", onSelect: () => setContactOpen(true) });
  items.push({ label: "Log Out", onSelect: () => void onLogout() });

  const userName = user.name || user.email;
  return (
    <AppShell
      userName={userName}
      accountName={user.account.name}
      avatar={user.avatar}
      isViewer={viewer}
      warningCount={warnings}
      menuItems={items}
      onOpenSettings={() => setModal("settings")}
      onLogout={() => void onLogout()}
      banner={
        user.account.freeTrial && user.account.freeTrialEndDate ? (
          <TrialBanner
            endDate={user.account.freeTrialEndDate}
            // Billing is the Admins' (spec 6): others are told whom to ask.
            onUpgrade={() => (admin ? billing.mutate() : notify.info(ASK_YOUR_ADMIN))}
            busy={billing.isPending}
          />
        ) : null
      }
    >
      {!expired && !viewer && <ProductGuide user={user} connectionCount={integrations.data?.length} />}
      {expired ? (
        <TrialExpiredScreen
          accountId={user.account._id}
          isAdmin={admin}
          onUpgrade={() => billing.mutate()}
          busy={billing.isPending}
        />
      ) : (
        <Suspense fallback={<PageLoader message="Loading..." />}>
          <Outlet />
        </Suspense>
      )}
      {modal && (
        <Suspense fallback={null}>
          <AccountModals modal={modal} onChange={setModal} onLogout={() => void onLogout()} />
        </Suspense>
      )}
      <AlertDialog
        open={contactOpen}
        onClose={() => setContactOpen(false)}
        title="Contact Support"
        message={
          <>
            Please email your account manager{" "}
            <a href={`mailto:${env.VITE_SUPPORT_EMAIL}`}>{env.VITE_SUPPORT_EMAIL}</a>
          </>
        }
      />
    </AppShell>
  );
}
