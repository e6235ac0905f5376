/** Avatar file names containing this mark are the default avatar: shown as initials (spec section 3). */
export const DEFAULT_AVATAR_MARK = "avatar_male_mb";

export function initialsOf(name: string): string {
  const parts = name
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts[1]?.[0] ?? "")).toUpperCase();
}

/** A round picture, or the initials of `name` when there is none (or the default one). */
export function Avatar({ src, name, size = 36 }: { src?: string | null; name: string; size?: number }) {
  const hasPicture = Boolean(src) && !src?.includes(DEFAULT_AVATAR_MARK);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (hasPicture)
    return <img className="avatar" src={src ?? undefined} alt="" width={size} height={size} style={style} />;
  return (
    <span className="avatar avatar-initials" style={style} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
