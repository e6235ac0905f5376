import {
  type ChangePasswordFailure,
  type ChangePasswordInput,
  changePasswordFailures,
} from "@pacer/core/validation";
import { CheckIcon, CloseIcon } from "../../../components/ui/icons";

/** The live rules of the Change Password modal (spec overview-access-account.md 5), in order. */
export const PASSWORD_RULES: readonly { label: string; failures: readonly ChangePasswordFailure[] }[] = [
  { label: "At least 8 characters", failures: ["minLength"] },
  { label: "One uppercase letter", failures: ["uppercase"] },
  { label: "One number", failures: ["digit"] },
  { label: "Passwords match", failures: ["confirmationRequired", "confirmationMismatch"] },
];

/** A checklist that ticks each new-password rule as the user types. */
export function PasswordChecklist({ input }: { input: ChangePasswordInput }) {
  const failures = new Set(changePasswordFailures(input));
  return (
    <ul className="password-checklist" aria-label="Password rules">
      {PASSWORD_RULES.map((rule) => {
        const ok = !rule.failures.some((f) => failures.has(f));
        return (
          <li key={rule.label} className={ok ? "ok" : undefined}>
            {ok ? <CheckIcon size={16} /> : <CloseIcon size={16} />}
            <span>
              {rule.label}
              <span className="sr-only">{ok ? " (done)" : " (not yet)"}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
