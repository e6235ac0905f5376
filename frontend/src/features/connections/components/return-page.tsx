import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { PageLoader } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { platformByReturnPage } from "../../../lib/platforms";
import { postReturnQuery, tellOpener, useApplyConnection } from "../api/connections";
import { CONNECTED_MESSAGE, GENERIC_FAILURE } from "../api/platforms";

/**
 * An authorisation return page (spec pods-budgets-alerts-users-connections.md 2.13), opened in the
 * popup: posts the platform's query string to the product, then shows the success message with a
 * link back that closes the popup, or the platform's failure text. The opener is told either way at
 * once, so the new connection appears there without a reload, with the spec's toast.
 */
export function ReturnPage() {
  const location = useLocation();
  const platform = platformByReturnPage(location.pathname);
  const apply = useApplyConnection();
  const result = useQuery({
    queryKey: ["return-page", location.pathname, location.search],
    queryFn: async () => {
      if (!platform) throw new Error("Unknown platform");
      const query = Object.fromEntries(new URLSearchParams(location.search));
      try {
        const integration = await postReturnQuery(platform, query);
        if (!integration && platform.slug === "bingads") throw new Error("Integration failed");
        tellOpener({ type: CONNECTED_MESSAGE, outcome: "connected", slug: platform.slug, integration });
        apply(integration);
        return integration ?? null;
      } catch (error) {
        tellOpener({ type: CONNECTED_MESSAGE, outcome: "failed", slug: platform.slug });
        throw error;
      }
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  const close = () => {
    if (window.opener) window.close();
    else window.location.assign(paths.connections);
  };

  return (
    <main className="return-page">
      <section className="card stack" style={{ maxWidth: 520 }} aria-live="polite">
        {result.isLoading && <PageLoader message="Connecting..." />}
        {result.isSuccess && (
          <>
            <h1>Connected</h1>
            <p>You can now access data from {platform?.name} within the product</p>
            <Button variant="primary" onClick={close}>
              Back to Pacer
            </Button>
          </>
        )}
        {result.isError && (
          <>
            <h1>Connection failed</h1>
            {(platform?.failureTexts ?? [GENERIC_FAILURE]).map((text) => (
              <p key={text}>{text}</p>
            ))}
            <Button onClick={close}>Back to Pacer</Button>
          </>
        )}
      </section>
    </main>
  );
}
