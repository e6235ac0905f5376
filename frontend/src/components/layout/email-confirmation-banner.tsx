import { useMutation } from "@tanstack/react-query";
import { api, errorMessage } from "../../lib/api-client";
import { isAdmin, useUser } from "../../lib/auth";
import { notify } from "../../lib/notify";
import { Button } from "../ui/button";

/**
 * The shell's e-mail confirmation banner (README "Security"): an account made by e-mail sign-up
 * sends no alert or invitation e-mail until an Admin of it confirms their address (the link of the
 * welcome e-mail). The banner says so; an Admin whose own address is unconfirmed can have the
 * confirmation e-mail sent again.
 */
export function EmailConfirmationBanner({
  email,
  canResend,
  onResend,
  busy,
}: {
  /** The signed-in user's address (named when they can confirm it). */
  email: string;
  /** The signed-in user is an Admin whose address is not confirmed yet. */
  canResend: boolean;
  onResend: () => void;
  busy?: boolean;
}) {
  return (
    <section className="card row" aria-label="Confirm your e-mail address" role="status">
      <div className="stack">
        <strong>Confirm your e-mail address</strong>
        <span>
          {canResend
            ? `Pacer sends no alert or invitation e-mails for this account until you confirm ${email}: use the link in your welcome e-mail.`
            : "Pacer sends no alert or invitation e-mails for this account until an Admin confirms their e-mail address."}
        </span>
      </div>
      {canResend && (
        <Button variant="primary" size="sm" onClick={onResend} isLoading={busy} loadingText="Sending...">
          Resend confirmation
        </Button>
      )}
    </section>
  );
}

/** The banner for the signed-in user, shown only while their account's confirmation is pending. */
export function EmailConfirmationNotice() {
  const user = useUser().data;
  const resend = useMutation({
    mutationFn: () => api.post<{ msg: string }>("/api/auth/resend-email-confirmation"),
    onSuccess: (answer) => notify.success(answer.msg),
    onError: (error) => notify.danger(errorMessage(error)),
  });
  if (!user?.account.emailConfirmationPending) return null;
  return (
    <EmailConfirmationBanner
      email={user.email}
      canResend={isAdmin(user) && !user.emailConfirmed}
      onResend={() => resend.mutate()}
      busy={resend.isPending}
    />
  );
}
