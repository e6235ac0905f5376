import { changePasswordFailures } from "@pacer/core/validation";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { Modal } from "../../../components/ui/modal";
import { errorMessage } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useChangePassword } from "../api/account";
import { PasswordChecklist } from "./password-checklist";

const INVALID_CREDENTIALS = "Invalid Credentials";

/**
 * Change Password (spec overview-access-account.md 2.11 and 5): old, new and confirmation; submit
 * disabled until every rule holds; a wrong old password shows 'Wrong password, please try again.'.
 */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState({ oldPassword: "", newPassword: "", confirmPassword: "" });
  const [wrongPassword, setWrongPassword] = useState(false);
  const change = useChangePassword();
  const canSubmit = changePasswordFailures(values).length === 0;
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (field === "oldPassword") setWrongPassword(false);
  };
  const onWrong = () => {
    setWrongPassword(true);
    notify.danger("Incorrect Password, please check and try again");
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="Change Password"
      size="sm"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            form="change-password-form"
            variant="primary"
            disabled={!canSubmit}
            isLoading={change.isPending}
          >
            Change Password
          </Button>
        </>
      }
    >
      <form
        id="change-password-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!canSubmit) return;
          change.mutate(
            { oldPassword: values.oldPassword, newPassword: values.newPassword },
            {
              onSuccess: (data) => {
                if (data?.msg === INVALID_CREDENTIALS) return onWrong();
                notify.success(data?.msg ?? data?.message ?? "Password changed");
                onClose();
              },
              onError: (error) => {
                const status = (error as { status?: number }).status;
                if (errorMessage(error) === INVALID_CREDENTIALS || status === 401 || status === 403)
                  onWrong();
                else notify.danger(errorMessage(error));
              },
            },
          );
        }}
      >
        <TextField
          label="Old password"
          type="password"
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={set("oldPassword")}
          error={wrongPassword ? "Wrong password, please try again." : undefined}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set("newPassword")}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set("confirmPassword")}
        />
        <PasswordChecklist input={values} />
      </form>
    </Modal>
  );
}
