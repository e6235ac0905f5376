/**
 * A channel's mark (spec trackers.md section 1: the integration slugs of trackers), used by the
 * dashboard tables and the tracker pickers: coloured initials with the channel's name as its
 * accessible name and tooltip.
 */
export interface ChannelInfo {
  name: string;
  mark: string;
  color: string;
}

export const CHANNELS: Readonly<Record<string, ChannelInfo>> = {
  amazonads: { name: "Amazon Ads", mark: "AZ", color: "#232f3e" },
  bingads: { name: "Microsoft Ads", mark: "MS", color: "#00809d" },
  googledv360: { name: "Google DV360", mark: "DV", color: "#137333" },
  cake: { name: "Cake", mark: "CK", color: "#b7295a" },
  facebookads: { name: "Facebook Ads", mark: "FB", color: "#1877f2" },
  googleads: { name: "Google Ads", mark: "GA", color: "#1a73e8" },
  linkedinads: { name: "LinkedIn Ads", mark: "LI", color: "#0a66c2" },
  tiktokads: { name: "TikTok Ads", mark: "TT", color: "#111111" },
  twitterads: { name: "Twitter Ads", mark: "X", color: "#0f1419" },
  pinterestads: { name: "Pinterest Ads", mark: "PI", color: "#bd081c" },
  redditads: { name: "Reddit Ads", mark: "RD", color: "#c13b00" },
  snapchatads: { name: "Snapchat Ads", mark: "SC", color: "#6b5d00" },
  csv: { name: "Manual / CSV", mark: "CSV", color: "#4f5963" },
};

/** The display name of a channel slug (the slug itself when unknown). */
export function channelName(slug: string): string {
  return CHANNELS[slug]?.name ?? slug;
}

/** A channel's coloured initials, named by the channel's name. */
export function ChannelIcon({ slug, size = 26 }: { slug: string; size?: number }) {
  const info = CHANNELS[slug];
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
