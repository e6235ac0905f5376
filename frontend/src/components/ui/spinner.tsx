/** A spinning ring; with `label` it is announced as a status. */
export function Spinner({ size = "md", label }: { size?: "sm" | "md" | "lg"; label?: string }) {
  if (!label) return <span className={`spinner spinner-${size}`} aria-hidden="true" />;
  return (
    <span className="spinner-with-label" role="status">
      <span className={`spinner spinner-${size}`} aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}

/**
 * A loading overlay with a message (spec: 'Uploading avatar...', 'Please bear with us, ...'). With
 * `fullScreen` it covers the viewport; otherwise the nearest positioned parent.
 */
export function LoadingOverlay({ message, fullScreen = false }: { message: string; fullScreen?: boolean }) {
  return (
    <div
      className={`loading-overlay ${fullScreen ? "loading-overlay-full" : ""}`}
      role="status"
      aria-live="polite"
    >
      <span className="spinner spinner-lg" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}

/** A page-level loading line (e.g. 'Loading Alerts...'). */
export function PageLoader({ message }: { message: string }) {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="spinner spinner-md" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}

/** The floating progress prompter of the shell (spec 2.8): a message at the bottom of the page. */
export function ProgressPrompter({ message }: { message: string }) {
  return (
    <div className="progress-prompter" role="status" aria-live="polite">
      <span className="spinner spinner-sm" aria-hidden="true" />
      {message}
    </div>
  );
}
