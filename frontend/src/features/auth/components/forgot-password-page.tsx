import { zodResolver } from "@hookform/resolvers/zod";
import { emailFormSchema } from "@pacer/core/validation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { paths } from "../../../config/paths";
import { showFormError } from "../../../lib/forms";
import { notify } from "../../../lib/notify";
import { useForgotPassword } from "../api/auth";
import { AuthCard } from "./auth-card";

/** 'Reset Submitted' with the explanation (spec 2.4). */
export function ResetSubmitted() {
  return (
    <div role="status">
      <h1 id="reset-submitted">Reset Submitted</h1>
      <p className="lead">We have sent you an email which includes a link to reset your password.</p>
      <p className="auth-links">
        <Link to={paths.login}>Back to log in</Link>
      </p>
    </div>
  );
}

/**
 * The e-mail form shared by the forgot-password page and the reset page's resend form: the address
 * is checked in the browser with the server's schema; submit is disabled while it is empty.
 */
export function ResetRequestForm({
  buttonLabel,
  onSubmitted,
}: {
  buttonLabel: string;
  onSubmitted: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: "" },
    mode: "onTouched",
  });
  const email = useWatch({ control: form.control, name: "email" });
  const forgot = useForgotPassword();
  const onSubmit = form.handleSubmit((values) =>
    forgot.mutate(values.email, {
      onSuccess: () => {
        notify.success("Password reset sent");
        onSubmitted();
      },
      onError: (error) => showFormError(form, error),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register("email")}
      />
      <Button
        type="submit"
        variant="primary"
        block
        disabled={email.trim() === ""}
        isLoading={forgot.isPending}
      >
        {buttonLabel}
      </Button>
    </form>
  );
}

/** `/forgot-password` (spec 2.3): one e-mail field; submit disabled while empty; then 'Reset Submitted'. */
export function ForgotPasswordPage() {
  const [submitted, setSubmitted] = useState(false);
  return (
    <AuthCard labelledBy={submitted ? "reset-submitted" : "forgot-title"}>
      {submitted ? (
        <ResetSubmitted />
      ) : (
        <>
          <h1 id="forgot-title">Forgot your password?</h1>
          <p className="lead">Enter your email and we will send you a link to reset your password.</p>
          <ResetRequestForm buttonLabel="Reset Password" onSubmitted={() => setSubmitted(true)} />
          <p className="auth-links">
            <Link to={paths.login}>Back to log in</Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
