import { useLocation, useNavigate } from "react-router-dom";
import { useMountEffect } from "../../../lib/use-mount-effect";

/**
 * Google always returns to /login (lib/google-sign-in.ts). When sign-in started on a registration
 * page, the login page hands the ID token back to that page in the navigation state; the page takes
 * it once on arrival (and drops it from the history entry, so a reload does not register twice).
 */
export interface GoogleHandOver {
  googleIdToken: string;
}

export function useGoogleHandOver(onToken: (idToken: string) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  useMountEffect(() => {
    const token = (location.state as Partial<GoogleHandOver> | null)?.googleIdToken;
    if (typeof token !== "string" || !token) return;
    navigate(location.pathname + location.search, { replace: true, state: null });
    onToken(token);
  });
}
