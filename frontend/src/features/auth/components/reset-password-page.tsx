import { zodResolver } from "@hookform/resolvers/zod";
import { checkResetPassword, PASSWORD_MIN_LENGTH, resetPasswordFormSchema } from "@pacer/core/validation";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate, useParams } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { PageLoader } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { errorMessage } from "../../../lib/api-client";
import { showFormError } from "../../../lib/forms";
import { notify } from "../../../lib/notify";
import { checkResetLink, useChangePasswordFromReset } from "../api/auth";
import { AuthCard } from "./auth-card";
import { ResetRequestForm, ResetSubmitted } from "./forgot-password-page";

/** The answer that means the reset was refused (spec section 8). */
const INVALID_CREDENTIALS = "Invalid Credentials";

/**
 * `/reset-password/{token}` (spec overview-access-account.md 2.4): a loader, then the invalid,
 * expired or valid state; the first two offer the resend form.
 */
export function ResetPasswordPage() {
  const { token = "" } = useParams();
  const link = useQuery({
    queryKey: ["reset-link", token],
    queryFn: () => checkResetLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [resent, setResent] = useState(false);

  if (link.isLoading) {
    return (
      <AuthCard>
        <PageLoader message="Checking your reset link..." />
      </AuthCard>
    );
  }
  if (resent) {
    return (
      <AuthCard labelledBy="reset-submitted">
        <ResetSubmitted />
      </AuthCard>
    );
  }
  const state = link.data ?? { kind: "invalid" as const };
  if (state.kind === "valid") return <NewPasswordForm userId={state.userId} token={token} />;
  return (
    <AuthCard labelledBy="reset-title">
      <h1 id="reset-title">
        {state.kind === "expired"
          ? "Your reset link has expired"
          : "Something went wrong with your reset link"}
      </h1>
      <p className="lead">Please enter your email again for a new reset link.</p>
      <ResetRequestForm buttonLabel="Resend Link" onSubmitted={() => setResent(true)} />
    </AuthCard>
  );
}

function NewPasswordForm({ userId, token }: { userId: string; token: string }) {
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
    mode: "onChange",
  });
  const [newPassword, confirmPassword] = useWatch({
    control: form.control,
    name: ["newPassword", "confirmPassword"],
  });
  const change = useChangePasswordFromReset();
  const navigate = useNavigate();
  // 'New passwords do not match' as soon as both are typed and differ (spec 2.4).
  const check = checkResetPassword(newPassword, confirmPassword);
  const { errors } = form.formState;
  const refused = () => window.alert("Old password is not correct");
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(
      { userId, newPassword: values.newPassword, token },
      {
        onSuccess: (data) => {
          if (
            data === INVALID_CREDENTIALS ||
            (data as { data?: string } | undefined)?.data === INVALID_CREDENTIALS
          ) {
            refused();
            return;
          }
          notify.success("Password changed");
          navigate(paths.login, { replace: true });
        },
        onError: (error) => {
          if (errorMessage(error) === INVALID_CREDENTIALS) refused();
          else showFormError(form, error);
        },
      },
    ),
  );
  return (
    <AuthCard labelledBy="new-password-title">
      <h1 id="new-password-title">Create your new password</h1>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          error={form.formState.touchedFields.newPassword ? errors.newPassword?.message : undefined}
          {...form.register("newPassword")}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          error={
            check.message ??
            (errors.confirmPassword?.type === "server" ? errors.confirmPassword.message : undefined)
          }
          {...form.register("confirmPassword")}
        />
        <Button
          type="submit"
          variant="primary"
          block
          disabled={newPassword === "" || !check.canSubmit}
          isLoading={change.isPending}
        >
          Change Password
        </Button>
      </form>
    </AuthCard>
  );
}
