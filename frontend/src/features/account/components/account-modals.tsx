import { Modal } from "../../../components/ui/modal";
import { useCurrentUser } from "../../../lib/auth";
import { AccountSettingsForm } from "./account-settings-form";
import { ChangeAvatarModal } from "./change-avatar-modal";
import { ChangePasswordModal } from "./change-password-modal";
import { ReferralModal } from "./referral-modal";

/** The modals opened from the user menu and the user card. */
export type AccountModal = "settings" | "avatar" | "password" | "referral";

/** Renders the open account modal; loaded lazily by the shell the first time one opens. */
export default function AccountModals({
  modal,
  onChange,
  onLogout,
}: {
  modal: AccountModal;
  onChange: (modal: AccountModal | null) => void;
  onLogout: () => void;
}) {
  const user = useCurrentUser();
  const close = () => onChange(null);
  switch (modal) {
    case "settings":
      return (
        <Modal open onClose={close} title="Account & User Settings" size="lg">
          <AccountSettingsForm
            user={user}
            onChangeAvatar={() => onChange("avatar")}
            onChangePassword={() => onChange("password")}
            onLogout={onLogout}
            onSaved={close}
          />
        </Modal>
      );
    case "avatar":
      return <ChangeAvatarModal accountId={user.account._id} onClose={close} />;
    case "password":
      return <ChangePasswordModal onClose={close} />;
    case "referral":
      return <ReferralModal accountId={user.account._id} userId={user._id} onClose={close} />;
  }
}
