import { zodResolver } from "@hookform/resolvers/zod";
import { changePasswordFormSchema } from "@pacer/core/validation";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { Modal } from "../../../components/ui/modal";
import { ApiError } from "../../../lib/api-client";
import { showFormError } from "../../../lib/forms";
import { notify } from "../../../lib/notify";
import { useChangePassword } from "../api/account";
import { PasswordChecklist } from "./password-checklist";

const INVALID_CREDENTIALS = "Invalid Credentials";
/** The dialog's text for a wrong old password (spec 2.11 and 8). */
export const WRONG_PASSWORD = "Wrong password, please try again.";

/** A refused old password: 'Invalid Credentials' (as a msg or a 400), or a refused session. */
function isWrongPassword(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.message === INVALID_CREDENTIALS || error.status === 401 || error.status === 403)
  );
}

/**
 * Change Password (spec overview-access-account.md 2.11 and 5): old, new and confirmation, checked
 * with core's schema (the server's rules); submit disabled until every rule holds; a wrong old
 * password shows 'Wrong password, please try again.' beside the old password, once.
 */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { oldPassword: "", newPassword: "", confirmPassword: "" },
    mode: "onChange",
  });
  const values = useWatch({ control: form.control });
  const change = useChangePassword();
  const { errors, isValid } = form.formState;
  const wrong = () =>
    form.setError("oldPassword", { type: "server", message: WRONG_PASSWORD }, { shouldFocus: true });

  const onSubmit = form.handleSubmit((input) =>
    change.mutate(
      { oldPassword: input.oldPassword, newPassword: input.newPassword },
      {
        onSuccess: (data) => {
          if (data?.msg === INVALID_CREDENTIALS) return wrong();
          notify.success(data?.msg ?? data?.message ?? "Password changed");
          onClose();
        },
        onError: (error) => (isWrongPassword(error) ? wrong() : showFormError(form, error)),
      },
    ),
  );
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
            disabled={!isValid}
            isLoading={change.isPending}
          >
            Change Password
          </Button>
        </>
      }
    >
      <form id="change-password-form" noValidate onSubmit={onSubmit}>
        <TextField
          label="Old password"
          type="password"
          autoComplete="current-password"
          error={errors.oldPassword?.type === "server" ? errors.oldPassword.message : undefined}
          {...form.register("oldPassword")}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.type === "server" ? errors.newPassword.message : undefined}
          {...form.register("newPassword")}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.register("confirmPassword")}
        />
        {/* The rules' live state: the one place their texts show while typing. */}
        <PasswordChecklist
          input={{
            oldPassword: values.oldPassword ?? "",
            newPassword: values.newPassword ?? "",
            confirmPassword: values.confirmPassword ?? "",
          }}
        />
      </form>
    </Modal>
  );
}
