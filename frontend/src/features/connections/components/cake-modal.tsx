import { zodResolver } from "@hookform/resolvers/zod";
import { cakeConnectSchema } from "@pacer/core/validation";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { Modal } from "../../../components/ui/modal";
import { showFormError } from "../../../lib/forms";
import type { Integration } from "../../../lib/integrations";
import { useConnectCake } from "../api/connections";

/**
 * 'Connect with Cake' (spec 2.12 and 5): API Key and Domain, both non-empty (the server's schema,
 * checked before sending); CONNECT. A refused domain or key shows once, beside its field or as a
 * toast; success tells the Connections page, which says 'Successfully connected with Cake'.
 */
export function CakeModal({
  onClose,
  onConnected,
}: {
  onClose: () => void;
  onConnected: (integration: Integration | undefined) => void;
}) {
  const form = useForm({
    resolver: zodResolver(cakeConnectSchema),
    defaultValues: { apiKey: "", domain: "" },
    mode: "onChange",
  });
  const connect = useConnectCake();
  const { errors, isValid, touchedFields } = form.formState;
  const shown = (field: "apiKey" | "domain") =>
    touchedFields[field] || errors[field]?.type === "server" ? errors[field]?.message : undefined;
  return (
    <Modal open onClose={onClose} title="Connect with Cake" size="sm">
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          connect.mutate(values, {
            onSuccess: (data) => {
              onConnected(data.integrationObj ?? data.integration);
              onClose();
            },
            onError: (error) => showFormError(form, error),
          }),
        )}
      >
        <TextField label="API Key" autoComplete="off" error={shown("apiKey")} {...form.register("apiKey")} />
        <TextField
          label="Domain"
          autoComplete="off"
          placeholder="example.cakemarketing.com"
          error={shown("domain")}
          {...form.register("domain")}
        />
        <Button type="submit" variant="primary" block disabled={!isValid} isLoading={connect.isPending}>
          CONNECT
        </Button>
      </form>
    </Modal>
  );
}
