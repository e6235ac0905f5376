import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Modal } from "../../../components/ui/modal";
import { healthOf, type Integration } from "../../../lib/integrations";
import { notify } from "../../../lib/notify";
import { platformBySlug } from "../../../lib/platforms";
import { useRemoveIntegration } from "../api/connections";
import { PlatformMark } from "./platform-mark";

/** Manage a connection (spec 2.12): name, e-mail, any error, refresh, remove with confirmation. */
export function ManageConnectionModal({
  integration,
  accountId,
  onClose,
  onRefresh,
}: {
  integration: Integration;
  accountId: string;
  onClose: () => void;
  onRefresh: () => void;
}) {
  const platform = platformBySlug(integration.slug);
  const health = healthOf(integration);
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveIntegration(accountId);
  const name = integration.name ?? platform?.name ?? integration.slug;
  const error = integration.error ?? health.message;
  return (
    <>
      <Modal open={!confirming} onClose={onClose} title={name} size="sm">
        <div className="stack">
          <div className="row">
            <PlatformMark platform={platform} />
            <span className="tile-email">{integration.email ?? "No email"}</span>
          </div>
          {error && (
            <p
              className={health.status === "warning" ? "status-text-warning" : "status-text-danger"}
              role="alert"
            >
              {error}
            </p>
          )}
          <Button
            variant="primary"
            onClick={() => {
              onClose();
              onRefresh();
            }}
          >
            Refresh this Connection
          </Button>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Remove this Connection
          </Button>
        </div>
      </Modal>
      <ConfirmDialog
        open={confirming}
        message="Are you sure you want to remove this integration?"
        confirmLabel="Remove"
        danger
        isLoading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(integration, {
            onSuccess: () => {
              notify.success("Integration removed");
              onClose();
            },
          })
        }
      />
    </>
  );
}
