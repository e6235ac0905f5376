import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Modal } from "../../../components/ui/modal";
import { connectablePlatforms, type Platform } from "../../../lib/platforms";
import { PlatformMark } from "./platform-mark";

/** Add a Connection (spec 2.12): the integrations sorted by name, each with 'Connect now'. */
export function AddConnectionModal({
  onClose,
  onConnect,
}: {
  onClose: () => void;
  onConnect: (platform: Platform) => void;
}) {
  return (
    <Modal open onClose={onClose} title="Add a Connection" size="md">
      <ul className="platform-list">
        {connectablePlatforms().map((platform) => (
          <li key={platform.slug}>
            <PlatformMark platform={platform} />
            <span>
              {platform.name} {platform.note === "beta" && <Badge tone="info">beta</Badge>}
            </span>
            <Button
              size="sm"
              variant="primary"
              onClick={() => onConnect(platform)}
              aria-label={`Connect now: ${platform.name}`}
            >
              Connect now
            </Button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
