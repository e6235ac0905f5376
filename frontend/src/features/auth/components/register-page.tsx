import { zodResolver } from "@hookform/resolvers/zod";
import { emailFormSchema, isValidEmail } from "@pacer/core/validation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, Navigate, useParams } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { LoadingOverlay } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { useUser } from "../../../lib/auth";
import { pushRegistrationEvent } from "../../../lib/data-layer";
import { showFormError } from "../../../lib/forms";
import { notify } from "../../../lib/notify";
import {
  type RegistrationAnswer,
  registrationErrorText,
  useRegister,
  useRegisterWithGoogle,
} from "../api/auth";
import { useAutoLogin } from "../api/auto-login";
import { useGoogleHandOver } from "../api/google-hand-over";
import { AuthCard } from "./auth-card";
import { GoogleButton } from "./google-button";

/**
 * Self-registration (spec overview-access-account.md 2.6): `/register`, `/register/{coupon}` and
 * `/register-referral/{referralName}`. E-mail only; the account starts a 14-day free trial.
 */
export function RegisterPage() {
  const { coupon, referralName } = useParams();
  const user = useUser();
  const register = useRegister();
  const google = useRegisterWithGoogle();
  const autoLogin = useAutoLogin();
  const form = useForm({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: "" },
    mode: "onTouched",
  });
  const email = useWatch({ control: form.control, name: "email" });
  const [done, setDone] = useState(false);
  const extras = { ...(coupon ? { coupon } : {}), ...(referralName ? { referralName } : {}) };

  const onSuccess = (method: "email" | "google_auth") => (answer: RegistrationAnswer) => {
    pushRegistrationEvent(method);
    setDone(true);
    autoLogin(answer);
  };
  useGoogleHandOver((token) =>
    google.mutate(
      { token, ...extras },
      {
        onSuccess: onSuccess("google_auth"),
        onError: (error) => notify.danger(registrationErrorText(error)),
      },
    ),
  );

  if (user.data && !done) return <Navigate to={paths.home} replace />;

  const { errors, touchedFields } = form.formState;
  // Red border when touched and empty, or non-empty and invalid (spec 5); 'Invalid Email' once non-empty.
  const redBorder = Boolean(touchedFields.email) && (email === "" || !isValidEmail(email));
  const busy = register.isPending || google.isPending;

  return (
    <AuthCard labelledBy="register-title">
      {busy && (
        <LoadingOverlay fullScreen message="Please bear with us, we're just setting up your new account" />
      )}
      {done && (
        <LoadingOverlay
          fullScreen
          message="You've successfully set up your new account, please wait while we redirect you..."
        />
      )}
      <h1 id="register-title">Get started now!!!</h1>
      <p className="lead">Create your 14 day free trial, no card needed, just enter your email.</p>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          register.mutate(
            { email: values.email, ...extras },
            {
              onSuccess: onSuccess("email"),
              onError: (error) => showFormError(form, error, { toast: registrationErrorText }),
            },
          ),
        )}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={email === "" ? undefined : errors.email?.message}
          invalid={redBorder}
          {...form.register("email")}
        />
        <Button type="submit" variant="primary" block disabled={!isValidEmail(email) || busy}>
          Sign Up
        </Button>
      </form>
      <div className="auth-divider">or</div>
      <GoogleButton label="Sign Up with Google" disabled={busy} />
      <p className="auth-links">
        <span>
          Already got an account? <Link to={paths.login}>Log in</Link>
        </span>
      </p>
    </AuthCard>
  );
}
