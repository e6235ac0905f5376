import { platformBySlug } from "../../lib/platforms";

/**
 * A channel's mark (spec trackers.md section 1: the integration slugs of trackers), used by the
 * dashboard tables and the tracker pickers: coloured initials with the channel's name as its
 * accessible name and tooltip. The channels are lib/platforms.ts.
 */
export function ChannelIcon({ slug, size = 26 }: { slug: string; size?: number }) {
  const info = platformBySlug(slug);
  const name = info?.name ?? slug;
  return (
    <span
      className="channel-icon"
      role="img"
      aria-label={name}
      title={name}
      style={{
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        flex: "none",
        borderRadius: "50%",
        color: "#fff",
        fontWeight: 700,
        background: info?.color ?? "#4f5963",
        width: size,
        height: size,
        fontSize: Math.round(size * 0.4),
      }}
    >
      {info?.mark ?? slug.slice(0, 2).toUpperCase()}
    </span>
  );
}
