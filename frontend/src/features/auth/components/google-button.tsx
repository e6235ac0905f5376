import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-client";
import { startGoogleSignIn } from "../../../lib/google-sign-in";
import { notify } from "../../../lib/notify";

/**
 * The Google sign-in button: opens the provider's authorize page, which returns to /login and from
 * there to this page (with its coupon, referral or invitation) when sign-in started elsewhere.
 */
export function GoogleButton({ label, disabled }: { label: string; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      className="google-button"
      block
      disabled={disabled}
      isLoading={busy}
      icon={
        <span className="google-mark" aria-hidden="true">
          G
        </span>
      }
      onClick={async () => {
        setBusy(true);
        try {
          await startGoogleSignIn(window.location.pathname + window.location.search);
        } catch (error) {
          setBusy(false);
          notify.danger(errorMessage(error, "Google sign-in is not available, please try again"));
        }
      }}
    >
      {label}
    </Button>
  );
}
