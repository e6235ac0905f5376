import { countLabel } from "@pacer/core/format";
import { useCallback, useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { PlusIcon } from "../../../components/ui/icons";
import { PageHeader } from "../../../components/ui/page-header";
import { PageLoader } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useCurrentUser } from "../../../lib/auth";
import { healthOf, type Integration, useIntegrations } from "../../../lib/integrations";
import { notify } from "../../../lib/notify";
import { connectedText, type Platform, platformBySlug } from "../../../lib/platforms";
import { useRealtime } from "../../../lib/realtime";
import { openAuthorizePopup, readOutcome, useApplyConnection } from "../api/connections";
import { CONNECTED_MESSAGE } from "../api/platforms";
import { AddConnectionModal } from "./add-connection-modal";
import { CakeModal } from "./cake-modal";
import { ManageConnectionModal } from "./manage-connection-modal";
import { PlatformMark } from "./platform-mark";

const STATUS_LABEL = { ok: "Connected", warning: "Needs attention", danger: "Action required" } as const;

/**
 * `/accounts`, the Connections page (spec pods-budgets-alerts-users-connections.md 2.12): one tile
 * per connection with its status colour, the add, Cake and manage modals, polling every 15 s, and
 * live updates from the popup's return page and the realtime channel.
 */
export function ConnectionsPage() {
  const user = useCurrentUser();
  const integrations = useIntegrations({ poll: true });
  const apply = useApplyConnection();
  const [adding, setAdding] = useState(false);
  const [cake, setCake] = useState(false);
  const [managed, setManaged] = useState<Integration | null>(null);

  useRealtime("integration", (message) => apply(message.integration as Integration | undefined));

  // A popup's return page tells this window how connecting ended (by postMessage and, for the
  // product's other tabs, a broadcast): the connection appears with 'Successfully connected with
  // {platform}', or the platform's failure toast shows (spec 8). Told twice, it shows once.
  const onConnected = useCallback(
    (integration: Integration | undefined, slug: string | undefined) => {
      apply(integration);
      const name = platformBySlug(slug ?? integration?.slug ?? "")?.name;
      if (name) notify.success(connectedText(name), `connected:${slug}:${integration?.email ?? ""}`);
    },
    [apply],
  );
  useEffect(() => {
    const onOutcome = (data: unknown) => {
      const outcome = readOutcome(data);
      if (outcome?.outcome === "connected") onConnected(outcome.integration, outcome.slug);
      else if (outcome?.outcome === "failed") {
        const text = platformBySlug(outcome.slug)?.failureToast;
        if (text) notify.danger(text, `failed:${outcome.slug}`);
      }
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) onOutcome(event.data);
    };
    window.addEventListener("message", onMessage);
    const channel = "BroadcastChannel" in window ? new BroadcastChannel(CONNECTED_MESSAGE) : null;
    if (channel) channel.onmessage = (event) => onOutcome(event.data);
    return () => {
      window.removeEventListener("message", onMessage);
      channel?.close();
    };
  }, [onConnected]);

  const connect = (platform: Platform) => {
    if (platform.connect === "not live") {
      window.alert(`${platform.name} connection is not live yet`);
      return;
    }
    setAdding(false);
    if (platform.connect === "apiKey") {
      setCake(true);
      return;
    }
    openAuthorizePopup(platform).catch((error) => {
      notify.danger(
        platform.authenticateFailureText ?? errorMessage(error, "Something went wrong, please try again"),
      );
    });
  };

  const list = integrations.data ?? [];
  return (
    <section className="page">
      <PageHeader
        title="Connections"
        subtitle={integrations.isLoading ? undefined : `You have ${countLabel(list.length, "connection")}.`}
        action={
          <Button variant="primary" icon={<PlusIcon />} onClick={() => setAdding(true)}>
            Add a Connection
          </Button>
        }
      />
      {integrations.isLoading ? (
        <PageLoader message="Loading connections..." />
      ) : (
        <ul className="tiles" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {list.map((integration) => {
            const platform = platformBySlug(integration.slug);
            const health = healthOf(integration);
            const name = integration.name ?? platform?.name ?? integration.slug;
            return (
              <li key={`${integration.slug}:${integration.email ?? ""}`}>
                <button
                  type="button"
                  className={`tile ${health.status === "ok" ? "" : `tile-${health.status}`}`}
                  onClick={() => setManaged(integration)}
                  aria-label={`${name}, ${integration.email ?? ""}: ${STATUS_LABEL[health.status]}`}
                  data-status={health.status}
                  style={{ width: "100%" }}
                >
                  <span className="tile-name">
                    <PlatformMark platform={platform} />
                    {name}
                  </span>
                  <span className="tile-email">{integration.email}</span>
                  <span className={health.status === "ok" ? "muted" : `status-text-${health.status}`}>
                    {health.message ?? STATUS_LABEL[health.status]}
                  </span>
                </button>
              </li>
            );
          })}
          <li>
            <button
              type="button"
              className="tile tile-add"
              onClick={() => setAdding(true)}
              style={{ width: "100%" }}
            >
              <PlusIcon size={28} />
              Add a Connection
            </button>
          </li>
        </ul>
      )}
      {adding && <AddConnectionModal onClose={() => setAdding(false)} onConnect={connect} />}
      {cake && (
        <CakeModal
          onClose={() => setCake(false)}
          onConnected={(integration) => onConnected(integration, "cake")}
        />
      )}
      {managed && (
        <ManageConnectionModal
          integration={managed}
          accountId={user.account._id}
          onClose={() => setManaged(null)}
          onRefresh={() => {
            const platform = platformBySlug(managed.slug);
            if (platform) connect(platform);
          }}
        />
      )}
    </section>
  );
}
