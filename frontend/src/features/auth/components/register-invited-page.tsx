import { zodResolver } from "@hookform/resolvers/zod";
import { invitedRegistrationFormSchema, PASSWORD_MIN_LENGTH } from "@pacer/core/validation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useParams, useSearchParams } from "react-router-dom";
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
  useRegisterInvited,
  useRegisterInvitedWithGoogle,
} from "../api/auth";
import { useAutoLogin } from "../api/auto-login";
import { useGoogleHandOver } from "../api/google-hand-over";
import { AuthCard } from "./auth-card";
import { GoogleButton } from "./google-button";

/**
 * `/register-invited-user/{accountId}/{userType}/{email}` (spec overview-access-account.md 2.7): the
 * e-mail value `false` means empty.
 */
export function RegisterInvitedPage() {
  const { accountId = "", userType = "", email: emailParam = "false" } = useParams();
  const [search] = useSearchParams();
  const invite = search.get("invite") ?? "";
  const user = useUser();
  const register = useRegisterInvited();
  const google = useRegisterInvitedWithGoogle();
  const autoLogin = useAutoLogin();
  const form = useForm({
    resolver: zodResolver(invitedRegistrationFormSchema),
    defaultValues: { name: "", email: emailParam === "false" ? "" : emailParam, password: "" },
    mode: "onChange",
  });
  const [done, setDone] = useState(false);

  const onSuccess = (method: "email" | "google_auth") => (answer: RegistrationAnswer) => {
    pushRegistrationEvent(method);
    setDone(true);
    autoLogin(answer);
  };
  useGoogleHandOver((token) =>
    google.mutate(
      { accountId, userType, token, invite },
      {
        onSuccess: onSuccess("google_auth"),
        onError: (error) => notify.danger(registrationErrorText(error)),
      },
    ),
  );

  if (user.data && !done) return <Navigate to={paths.home} replace />;

  const busy = register.isPending || google.isPending;
  const { errors, touchedFields, isValid } = form.formState;
  // Each rule's text shows once its field was left (spec 4: touched fields drive error display);
  // 'Invalid Email' once the address is non-empty (spec 5).
  const shown = (field: "name" | "email" | "password") => {
    if (errors[field]?.type === "server") return errors[field]?.message;
    if (!touchedFields[field] || (field === "email" && form.getValues("email") === "")) return undefined;
    return errors[field]?.message;
  };

  return (
    <AuthCard labelledBy="invited-title">
      {busy && (
        <LoadingOverlay fullScreen message="Please bear with us, we're just setting up your new account" />
      )}
      {done && (
        <div className="loading-overlay loading-overlay-full" role="status">
          <span className="spinner spinner-lg" aria-hidden="true" />
          <p>You've successfully registered, please wait while we redirect you...</p>
          <Link to={paths.login}>Back to log in</Link>
        </div>
      )}
      <h1 id="invited-title">Create Account</h1>
      <p className="lead">You have been invited to join a Pacer account.</p>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          register.mutate(
            { accountId, userType, invite, ...values },
            {
              onSuccess: onSuccess("email"),
              onError: (error) => showFormError(form, error, { toast: registrationErrorText }),
            },
          ),
        )}
      >
        <TextField label="Name" autoComplete="name" error={shown("name")} {...form.register("name")} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={shown("email")}
          {...form.register("email")}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          error={shown("password")}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          {...form.register("password")}
        />
        <Button type="submit" variant="primary" block disabled={!isValid || busy}>
          {register.isPending ? "Registering..." : "Register"}
        </Button>
      </form>
      <div className="auth-divider">or</div>
      <GoogleButton label="Register with Google" disabled={busy} />
      <p className="auth-links">
        <span>
          Already got an account? <Link to={paths.login}>Log in</Link>
        </span>
      </p>
    </AuthCard>
  );
}
