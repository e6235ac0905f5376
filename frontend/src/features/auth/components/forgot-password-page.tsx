import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { paths } from "../../../config/paths";
import { errorMessage } from "../../../lib/api-client";
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

/** The e-mail form shared by the forgot-password page and the reset page's resend form. */
export function ResetRequestForm({
  buttonLabel,
  onSubmitted,
}: {
  buttonLabel: string;
  onSubmitted: () => void;
}) {
  const [email, setEmail] = useState("");
  const forgot = useForgotPassword();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        forgot.mutate(email, {
          onSuccess: () => {
            notify.success("Password reset sent");
            onSubmitted();
          },
          onError: (error) => notify.danger(errorMessage(error)),
        });
      }}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      {forgot.error && (
        <p className="form-error" role="alert">
          {errorMessage(forgot.error)}
        </p>
      )}
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
