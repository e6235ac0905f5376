import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { paths } from "../../../config/paths";
import { api } from "../../../lib/api-client";
import { type LoginAnswer, startSession } from "../../../lib/auth";
import { notify } from "../../../lib/notify";
import type { RegistrationAnswer } from "./auth";

/** The automatic login delay after a registration (spec overview-access-account.md 4 and 9). */
export const AUTO_LOGIN_DELAY_MS = 1000;

/**
 * Logs the new user in with the credentials the registration returned, about one second after the
 * success overlay appears, then goes home; without credentials, to the login page.
 */
export function useAutoLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (answer: RegistrationAnswer) => {
    setTimeout(async () => {
      try {
        let login: LoginAnswer | null = answer.token ? { token: answer.token } : null;
        if (!login && answer.email && answer.decryptedPassword) {
          login = await api.post<LoginAnswer>("/api/auth", {
            email: answer.email,
            password: answer.decryptedPassword,
          });
        }
        if (!login) {
          navigate(paths.login, { replace: true });
          return;
        }
        await startSession(queryClient, login);
        navigate(paths.home, { replace: true });
      } catch {
        notify.danger("Something went wrong, please try again");
        navigate(paths.login, { replace: true });
      }
    }, AUTO_LOGIN_DELAY_MS);
  };
}
