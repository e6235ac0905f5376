import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { z } from "zod";
import { paths } from "../../../config/paths";
import { ApiError } from "../../../lib/api-client";
import { takeRedirect } from "../../../lib/redirect";
import { useLogin, useUser } from "../api/auth";

const LoginForm = z.object({
  email: z.string().email("Invalid Email"),
  password: z.string().min(6, "Password must be at least 6 characters"),
});
type LoginForm = z.infer<typeof LoginForm>;

/** `/login` (spec overview-access-account.md section 2.2). */
export function LoginPage() {
  const user = useUser();
  const login = useLogin();
  const navigate = useNavigate();
  const form = useForm<LoginForm>({ resolver: zodResolver(LoginForm), mode: "onTouched" });

  if (user.data) return <Navigate to={paths.home} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      navigate(takeRedirect() ?? paths.dashboard, { replace: true });
    } catch {
      // The error is shown from the mutation state below.
    }
  });
  const error =
    login.error instanceof ApiError
      ? login.error.message
      : login.error
        ? "Incorrect Password, please check and try again"
        : undefined;

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <h1 id="login-title">Log in to Pacer</h1>
        <label htmlFor="login-email">Email</label>
        <input id="login-email" type="email" autoComplete="email" {...form.register("email")} />
        {form.formState.errors.email && <p className="field-error">{form.formState.errors.email.message}</p>}
        <label htmlFor="login-password">Password</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          minLength={6}
          {...form.register("password")}
        />
        {form.formState.errors.password && (
          <p className="field-error">{form.formState.errors.password.message}</p>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary" disabled={login.isPending}>
          {login.isPending ? "Logging in..." : "Log in"}
        </button>
        <p className="auth-links">
          <Link to={paths.forgotPassword}>Forgot your password?</Link> ·{" "}
          <Link to={paths.register}>Create an account</Link>
        </p>
      </form>
    </main>
  );
}
