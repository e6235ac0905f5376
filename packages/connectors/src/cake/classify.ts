import { AuthError, BadRequestError, type ConnectorError } from "../errors.ts";
import type { ErrorClassifier } from "../http/classify.ts";

/**
 * Cake errors arrive as HTTP 200 with `{"d": {"success": false, "message": "..."}}`: a message
 * about the API key (`Invalid API Key`, expired or revoked key) -> AuthError reason
 * `invalid_api_key`; any other refusal -> BadRequestError reason `cake_error`. The message text is
 * not copied into the error. Non-2xx answers (ASP.NET faults) fall through to the defaults.
 */
export const classifyCakeError: ErrorClassifier = (f): ConnectorError | undefined => {
  if (f.status < 200 || f.status >= 300) return undefined;
  const d = f.body && typeof f.body === "object" ? (f.body as { d?: unknown }).d : undefined;
  if (!d || typeof d !== "object" || (d as { success?: unknown }).success !== false) return undefined;
  const message = String((d as { message?: unknown }).message ?? "");
  const init = { platform: f.platform, status: f.status };
  if (/api[\s_]*key/i.test(message)) {
    return new AuthError(`${f.where}: API key refused`, { ...init, reason: "invalid_api_key" });
  }
  return new BadRequestError(`${f.where}: request refused`, { ...init, reason: "cake_error" });
};
