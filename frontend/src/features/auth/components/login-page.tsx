import { zodResolver } from "@hookform/resolvers/zod";
import { loginFormSchema, PASSWORD_MIN_LENGTH } from "@pacer/core/validation";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { LoadingOverlay } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { ApiError } from "../../../lib/api-client";
import { useGoogleLogin, useLogin, useUser } from "../../../lib/auth";
import { showFormError } from "../../../lib/forms";
import { takeGoogleReturn } from "../../../lib/google-sign-in";
import { notify } from "../../../lib/notify";
import { takeRedirect } from "../../../lib/redirect";
import { useMountEffect } from "../../../lib/use-mount-effect";
import type { GoogleHandOver } from "../api/google-hand-over";
import { AuthCard } from "./auth-card";
import { GoogleButton } from "./google-button";

const LOGIN_FAILED = "Incorrect Password, please check and try again";

/** The login failure text (spec section 8): the server's first message, or the default. */
function loginError(error: unknown): string {
  return error instanceof ApiError && error.status < 500 && error.message ? error.message : LOGIN_FAILED;
}

/** `/login` (spec overview-access-account.md 2.2), also the return page of Google sign-in. */
export function LoginPage() {
  const user = useUser();
  const login = useLogin();
  const google = useGoogleLogin();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: "", password: "" },
    mode: "onTouched",
  });

  // Signed in (by this form, by Google, or already on arrival): go on once, to the path remembered
  // before sign-in (spec 2.1: followed once, then cleared) or home. One place navigates, so a
  // second redirect cannot overtake the remembered one while its page loads.
  const left = useRef(false);
  useEffect(() => {
    if (!user.data || left.current) return;
    left.current = true;
    navigate(takeRedirect() ?? paths.home, { replace: true });
  }, [user.data, navigate]);

  // Every Google sign-in comes back here; one that started on a registration page goes on there.
  useMountEffect(() => {
    const back = takeGoogleReturn();
    if (!back) return;
    if (new URL(back.startPath, window.location.origin).pathname !== paths.login) {
      const handOver: GoogleHandOver = { googleIdToken: back.idToken };
      navigate(back.startPath, { replace: true, state: handOver });
      return;
    }
    google.mutate(
      { token: back.idToken, nonce: back.nonce },
      { onError: (error) => notify.danger(loginError(error)) },
    );
  });

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(values, { onError: (error) => showFormError(form, error, { toast: loginError }) });
  });
  const { errors } = form.formState;

  return (
    <AuthCard labelledBy="login-title">
      {google.isPending && <LoadingOverlay message="Signing in with Google..." />}
      <h1 id="login-title">Log in to Pacer</h1>
      <p className="lead">Track your ad spend against your budgets.</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          minLength={PASSWORD_MIN_LENGTH}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <Button
          type="submit"
          variant="primary"
          block
          isLoading={login.isPending}
          loadingText="Logging in..."
          style={{ marginTop: "0.75rem" }}
        >
          Log in
        </Button>
      </form>
      <div className="auth-divider">or</div>
      <GoogleButton label="Sign in with Google" />
      <p className="auth-links">
        <Link to={paths.forgotPassword}>Forgot your password?</Link>
        <Link to={paths.register}>Create an account</Link>
      </p>
    </AuthCard>
  );
}
