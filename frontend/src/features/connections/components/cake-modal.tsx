import { canConnectCake } from "@pacer/core/validation";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { Modal } from "../../../components/ui/modal";
import type { Integration } from "../../../lib/integrations";
import { notify } from "../../../lib/notify";
import { useConnectCake } from "../api/connections";

/** 'Connect with Cake' (spec 2.12): API Key and Domain, both non-empty; CONNECT. */
export function CakeModal({
  onClose,
  onConnected,
}: {
  onClose: () => void;
  onConnected: (integration: Integration | undefined) => void;
}) {
  const [apiKey, setApiKey] = useState("");
  const [domain, setDomain] = useState("");
  const connect = useConnectCake();
  return (
    <Modal open onClose={onClose} title="Connect with Cake" size="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!canConnectCake(apiKey, domain)) return;
          connect.mutate(
            { apiKey, domain },
            {
              onSuccess: (data) => {
                notify.success("Successfully connected with Cake");
                onConnected(data.integrationObj ?? data.integration);
                onClose();
              },
            },
          );
        }}
      >
        <TextField
          label="API Key"
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
        />
        <TextField
          label="Domain"
          autoComplete="off"
          placeholder="example.cakemarketing.com"
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
        />
        <Button
          type="submit"
          variant="primary"
          block
          disabled={!canConnectCake(apiKey, domain)}
          isLoading={connect.isPending}
        >
          CONNECT
        </Button>
      </form>
    </Modal>
  );
}
