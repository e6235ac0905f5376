import { useEffect, useRef } from "react";
import { Link, useParams } from "react-router-dom";
import { paths } from "../../../config/paths";
import { useUnsubscribe } from "../api/auth";
import { AuthCard } from "./auth-card";

/** `/unsubscribe-all-emails/{userId}` (spec 2.5). */
export function UnsubscribePage() {
  const { userId = "" } = useParams();
  const unsubscribe = useUnsubscribe();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    unsubscribe.mutate(userId);
  }, [userId, unsubscribe.mutate]);
  return (
    <AuthCard labelledBy="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribed from Emails</h1>
      <p className="lead">You have successfully unsubscribed from all Pacer emails.</p>
      <p className="auth-links">
        <Link to={paths.login}>Go to Pacer</Link>
      </p>
    </AuthCard>
  );
}
