import { isOAuth, PLATFORM_CATALOGUE, type PlatformEntry, platformCalls } from "@pacer/core/platforms";

/**
 * Every channel of the product (spec pods-budgets-alerts-users-connections.md 3 and 7.6;
 * trackers.md section 1), as the web app shows it: built from `@pacer/core`'s `PLATFORM_CATALOGUE`
 * ({@link webPlatforms}), so a platform added there appears here with its name, the coloured
 * initials that stand for it in tables and tiles, its calls (`/api/{segment}/authenticate`,
 * `/response`, `/filter-possible-values`, the account listing), and how the Connections page
 * connects it.
 */
export interface Platform {
  slug: string;
  name: string;
  /** The initials of its mark. */
  mark: string;
  /** The mark's background (white initials on it read at 4.5:1 or more). */
  color: string;
  /** The `{apiSegment}` of `/api/{apiSegment}/...`; none for channels without platform calls of their own. */
  apiSegment?: string;
  /** How 'Connect now' connects it: the authorize popup, the API-key modal (Cake), or not at all yet. */
  connect?: "popup" | "apiKey" | "not live";
  /** The authorisation return page the platform sends the popup back to. */
  returnPage?: string;
  /** The response field carrying the integration (spec 7.6). */
  responseField?: string;
  note?: "beta" | "not live";
  category?: string;
  /** The return page's failure texts when they differ from the generic one (spec 2.13). */
  failureTexts?: readonly string[];
  /** What a failed authenticate call shows, when the platform has its own text (Reddit, spec 8). */
  authenticateFailureText?: string;
  /** The toast in the window that opened the popup when connecting failed (spec 8), if any. */
  failureToast?: string;
  /** The catalogue entry it is built from (listing calls, texts). */
  entry: PlatformEntry;
}

/** How 'Connect now' connects a catalogue entry (spec 2.12); undefined for the CSV source (upload). */
function connectOf(entry: PlatformEntry): Platform["connect"] {
  if (entry.status === "not live") return "not live";
  if (isOAuth(entry)) return "popup";
  return entry.auth === "apiKey" ? "apiKey" : undefined;
}

/**
 * The web app's platform list from a catalogue (the argument is for tests that add a platform).
 * A platform gets an `apiSegment` when it has calls of its own beyond the account listing.
 */
export function webPlatforms(catalogue: readonly PlatformEntry[] = PLATFORM_CATALOGUE): Platform[] {
  return catalogue.map((entry) => {
    const platform: Platform = {
      slug: entry.slug,
      name: entry.name,
      mark: entry.mark,
      color: entry.color,
      entry,
    };
    const connect = connectOf(entry);
    if (connect) platform.connect = connect;
    if (
      entry.segment &&
      platformCalls(entry).some((c) => c.kind === "filterValues" || c.kind === "response")
    ) {
      platform.apiSegment = entry.segment;
    }
    if (entry.returnPage) platform.returnPage = entry.returnPage;
    if (entry.responseField) platform.responseField = entry.responseField;
    if (entry.status) platform.note = entry.status;
    if (entry.category) platform.category = entry.category;
    if (entry.returnFailureTexts) platform.failureTexts = entry.returnFailureTexts;
    if (entry.authenticateFailureText) platform.authenticateFailureText = entry.authenticateFailureText;
    if (entry.failureToast) platform.failureToast = entry.failureToast;
    return platform;
  });
}

export const PLATFORMS: readonly Platform[] = webPlatforms();

/** The success toast of a new connection (spec pods-budgets... 8: 'Successfully connected with {platform}'). */
export function connectedText(platformName: string): string {
  return `Successfully connected with ${platformName}`;
}

/** A platform by its slug. */
export function platformBySlug(slug: string): Platform | undefined {
  return PLATFORMS.find((p) => p.slug === slug);
}

/** The display name of a channel slug (the slug itself when unknown). */
export function channelName(slug: string): string {
  return platformBySlug(slug)?.name ?? slug;
}

/**
 * The browser's default order of names (what `localeCompare` without arguments uses), made once, at
 * its first use: `localeCompare` builds a collator at every call, and the first collator of a page
 * loads the browser's collation data (tens of milliseconds, which the first screen does not wait for).
 */
let byName: Intl.Collator | undefined;

/** The platforms 'Add a Connection' offers, sorted by name (spec 2.12). */
export function connectablePlatforms(platforms: readonly Platform[] = PLATFORMS): Platform[] {
  byName ??= new Intl.Collator();
  const order = byName;
  return platforms.filter((p) => p.connect).sort((a, b) => order.compare(a.name, b.name));
}

/** The authorisation return pages (spec 2.13), each a route of the SPA. */
export const RETURN_PAGE_PATHS: readonly string[] = PLATFORMS.flatMap((p) =>
  p.returnPage ? [p.returnPage] : [],
);

/** The platform whose return page is `path`. */
export function platformByReturnPage(path: string): Platform | undefined {
  const clean = path.replace(/\/+$/, "");
  return PLATFORMS.find((p) => p.returnPage === clean);
}

/**
 * `/api/{segment}/{call}` of a platform (`authenticate`, `response`, `filter-possible-values`), or
 * undefined when it has no such call.
 */
export function platformPath(slug: string, call: string): string | undefined {
  const entry = platformBySlug(slug)?.entry;
  return entry ? platformCalls(entry).find((c) => c.path.endsWith(`/${call}`))?.path : undefined;
}
