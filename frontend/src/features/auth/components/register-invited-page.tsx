import { emailFieldError, isValidEmail, PASSWORD_MIN_LENGTH } from "@pacer/core/validation";
import { useState } from "react";
import { Link, Navigate, useParams, useSearchParams } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { LoadingOverlay } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { useUser } from "../../../lib/auth";
import { pushRegistrationEvent } from "../../../lib/data-layer";
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
  const [name, setName] = useState("");
  const [email, setEmail] = useState(emailParam === "false" ? "" : emailParam);
  const [password, setPassword] = useState("");
  const [touched, setTouched] = useState({ name: false, email: false, password: false });
  const [done, setDone] = useState(false);

  const onSuccess = (method: "email" | "google_auth") => (answer: RegistrationAnswer) => {
    pushRegistrationEvent(method);
    setDone(true);
    autoLogin(answer);
  };
  const onError = (error: unknown) => notify.danger(registrationErrorText(error));

  useGoogleHandOver((token) =>
    google.mutate({ accountId, userType, token, invite }, { onSuccess: onSuccess("google_auth"), onError }),
  );

  if (user.data && !done) return <Navigate to={paths.home} replace />;

  const busy = register.isPending || google.isPending;
  const canRegister = name.trim() !== "" && email !== "" && isValidEmail(email) && password !== "";
  const touch = (field: keyof typeof touched) => () => setTouched((t) => ({ ...t, [field]: true }));
  const failure = register.error ?? google.error;

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
        onSubmit={(event) => {
          event.preventDefault();
          if (!canRegister) return;
          register.mutate(
            { accountId, userType, name, email, password, invite },
            { onSuccess: onSuccess("email"), onError },
          );
        }}
      >
        <TextField
          label="Name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={touch("name")}
          invalid={touched.name && name.trim() === ""}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={touch("email")}
          error={emailFieldError(email, touched.email)}
          invalid={touched.email && email === ""}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={touch("password")}
          invalid={touched.password && password.length < PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        />
        {failure && (
          <p className="form-error" role="alert">
            {registrationErrorText(failure)}
          </p>
        )}
        <Button type="submit" variant="primary" block disabled={!canRegister || busy}>
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
