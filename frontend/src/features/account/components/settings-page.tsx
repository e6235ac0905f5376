import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { PageHeader } from "../../../components/ui/page-header";
import { paths } from "../../../config/paths";
import { useCurrentUser, useLogout } from "../../../lib/auth";
import { AccountSettingsForm } from "./account-settings-form";
import { ChangeAvatarModal } from "./change-avatar-modal";
import { ChangePasswordModal } from "./change-password-modal";

/** `/settings` (spec 2.1 names it; the mobile menu's Settings): the account settings on a page. */
export function SettingsPage() {
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [open, setOpen] = useState<"avatar" | "password" | null>(null);
  return (
    <section className="page">
      <PageHeader title="Settings" />
      <div className="card">
        <AccountSettingsForm
          user={user}
          onChangeAvatar={() => setOpen("avatar")}
          onChangePassword={() => setOpen("password")}
          onLogout={async () => {
            await logout();
            navigate(paths.home, { replace: true });
          }}
        />
      </div>
      {open === "avatar" && <ChangeAvatarModal accountId={user.account._id} onClose={() => setOpen(null)} />}
      {open === "password" && <ChangePasswordModal onClose={() => setOpen(null)} />}
    </section>
  );
}
