import { useEffect, useRef } from "react";
import { Link, useParams } from "react-router-dom";
import { PageLoader } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { errorMessage } from "../../../lib/api-client";
import { useUnsubscribe } from "../api/auth";
import { AuthCard } from "./auth-card";

/** Where a user turns e-mails back on: Email Notifications in Account & User Settings. */
const RESUBSCRIBE_HINT =
  "Changed your mind? You can subscribe again under Email Notifications in your Account & User Settings.";

/**
 * `/unsubscribe-all-emails/{userId}` (spec 2.5): sends the link's signed value once, then says
 * 'Unsubscribed from Emails' only when the server did it; a refused link shows the server's reason
 * (e.g. 'This unsubscribe link is not valid'). Both point to the settings, where e-mails are turned
 * on again.
 */
export function UnsubscribePage() {
  const { userId = "" } = useParams();
  const unsubscribe = useUnsubscribe();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    unsubscribe.mutate(userId);
  }, [userId, unsubscribe.mutate]);

  if (unsubscribe.isError) {
    return (
      <AuthCard labelledBy="unsubscribe-title">
        <h1 id="unsubscribe-title">We could not unsubscribe you</h1>
        <p className="lead" role="alert">
          {errorMessage(unsubscribe.error)}
        </p>
        <p>
          Please use the link from your latest Pacer email, or log in and turn off Email Notifications in your
          Account & User Settings.
        </p>
        <p className="auth-links">
          <Link to={paths.login}>Go to Pacer</Link>
        </p>
      </AuthCard>
    );
  }
  if (!unsubscribe.isSuccess) {
    return (
      <AuthCard>
        <PageLoader message="Unsubscribing..." />
      </AuthCard>
    );
  }
  return (
    <AuthCard labelledBy="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribed from Emails</h1>
      <p className="lead">You have successfully unsubscribed from all Pacer emails.</p>
      <p>{RESUBSCRIBE_HINT}</p>
      <p className="auth-links">
        <Link to={paths.login}>Go to Pacer</Link>
      </p>
    </AuthCard>
  );
}
