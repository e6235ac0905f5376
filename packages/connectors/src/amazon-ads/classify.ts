import { AuthError, BadRequestError, type ConnectorError, type ConnectorErrorInit } from "../errors.ts";
import type { ErrorClassifier } from "../http/classify.ts";

/**
 * Amazon answered 425 to a report request identical to one it is still holding: the answer names
 * the existing report, which the connector then polls instead of failing.
 */
export class AmazonDuplicateReportError extends BadRequestError {
  /** The report Amazon already has for this request. */
  readonly reportId: string;
  constructor(message: string, init: ConnectorErrorInit & { reportId: string }) {
    super(message, init);
    this.reportId = init.reportId;
  }
}

/** The `code` and `details` / `detail` of an Amazon Ads error body (`{"code": "UNAUTHORIZED", "details": "..."}`). */
function amazonError(body: unknown): { code?: string; detail?: string } {
  if (!body || typeof body !== "object") return {};
  const b = body as Record<string, unknown>;
  const code = typeof b.code === "string" || typeof b.code === "number" ? String(b.code) : undefined;
  const detail = [b.details, b.detail, b.message].find((v): v is string => typeof v === "string");
  return { ...(code ? { code } : {}), ...(detail ? { detail } : {}) };
}

const DUPLICATE = /duplicate of\s*:?\s*([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

/**
 * Amazon Ads errors (`{"code", "details"}` or `{"code", "detail"}`): 425 naming the report it
 * duplicates -> {@link AmazonDuplicateReportError}; 401 and 403 (`UNAUTHORIZED`, a profile the
 * token may not use) -> AuthError; everything else falls through to the defaults (429 with
 * `Retry-After` -> RateLimitedError, 5xx -> PlatformDownError, Login with Amazon's
 * `invalid_grant` -> AuthError). Messages never include the detail text.
 * https://advertising.amazon.com/API/docs/en-us/concepts/errors
 */
export const classifyAmazonError: ErrorClassifier = (f): ConnectorError | undefined => {
  if (f.status >= 200 && f.status < 300) return undefined;
  const { code, detail } = amazonError(f.body);
  const init = { platform: f.platform, status: f.status, reason: code ?? `http_${f.status}` };
  if (f.status === 425) {
    const reportId = detail ? DUPLICATE.exec(detail)?.[1] : undefined;
    if (reportId) {
      return new AmazonDuplicateReportError(`${f.where}: duplicate report request`, {
        ...init,
        reason: "duplicate_report",
        reportId,
      });
    }
    return new BadRequestError(`${f.where}: too early (425)`, init);
  }
  if ((f.status === 401 || f.status === 403) && code) return new AuthError(`${f.where}: ${code}`, init);
  return undefined;
};
