import type { Platform } from "../../../lib/platforms";

/** A platform's coloured initials. */
export function PlatformMark({ platform }: { platform: Platform | undefined }) {
  return (
    <span className="platform-mark" style={{ background: platform?.color ?? "#4f5963" }} aria-hidden="true">
      {platform?.mark ?? "?"}
    </span>
  );
}
