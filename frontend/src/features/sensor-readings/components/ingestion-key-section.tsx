import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TextField } from "../../../components/ui/field";
import { CopyIcon } from "../../../components/ui/icons";
import { PageLoader } from "../../../components/ui/spinner";
import { copyLink } from "../../../lib/clipboard";
import {
  INGEST_PATH,
  INGESTION_KEY_HEADER,
  type IssuedIngestionKey,
  useCreateIngestionKey,
  useIngestionKeyStatus,
} from "../api/readings";
import { formatReadingTime } from "./reading-time";

/**
 * The device ingestion key (Admins; functions/README.md, device readings): devices' backends post
 * readings with it. Shows whether a key exists (its first characters and date, never the key),
 * issues one, or replaces it after a confirmation (the old one stops working at once). A new key is
 * shown once, with a copy button and how to send readings.
 */
export function IngestionKeySection({ timeZone }: { timeZone?: string }) {
  const status = useIngestionKeyStatus(true);
  const create = useCreateIngestionKey();
  const [issued, setIssued] = useState<IssuedIngestionKey | null>(null);
  const [confirming, setConfirming] = useState(false);
  const issue = () =>
    create.mutate(undefined, {
      onSuccess: (key) => {
        setIssued(key);
        setConfirming(false);
      },
    });
  const current = status.data;
  const endpoint = `${window.location.origin}${INGEST_PATH}`;

  return (
    <section className="card stack" aria-labelledby="ingestion-key-title">
      <h2 id="ingestion-key-title" className="section-title">
        Ingestion key
      </h2>
      <p className="muted">
        Devices send their readings to <code>{endpoint}</code> with the account's key in the{" "}
        <code>{INGESTION_KEY_HEADER}</code> header.
      </p>
      {status.isPending ? (
        <PageLoader message="Loading the ingestion key..." />
      ) : current ? (
        <p>
          Current key: <code>{current.keyPrefix}…</code>, created{" "}
          {formatReadingTime(current.createdAt, timeZone)}.
        </p>
      ) : (
        <p>This account has no ingestion key yet.</p>
      )}
      {issued && (
        <div className="stack" role="status">
          <div className="copy-row">
            <TextField
              label="New ingestion key"
              readOnly
              value={issued.key}
              onClick={() => void copyLink(issued.key)}
            />
            <Button icon={<CopyIcon />} onClick={() => void copyLink(issued.key)}>
              Copy Key
            </Button>
          </div>
          <p className="muted">Copy it now: it is shown only once. Give it to your devices' backend.</p>
        </div>
      )}
      <div>
        <Button
          variant={current ? "secondary" : "primary"}
          isLoading={create.isPending && !confirming}
          disabled={status.isPending}
          onClick={() => (current ? setConfirming(true) : issue())}
        >
          {current ? "Replace ingestion key" : "Create ingestion key"}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Replace the ingestion key?"
        message="The current key stops working at once: devices sending with it are refused until they get the new one."
        confirmLabel="Replace"
        danger
        isLoading={create.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={issue}
      />
    </section>
  );
}
