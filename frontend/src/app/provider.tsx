import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import toast, { ToastBar, Toaster } from "react-hot-toast";
import { errorMessage, onAuthError, setToken } from "../lib/api-client";
import { userQueryKey } from "../lib/auth";
import { notify, TOAST_DURATION_MS } from "../lib/notify";
import { realtime } from "../lib/realtime";
import { rememberRedirect } from "../lib/redirect";

/** Paths where a lost session shows no message (spec overview-access-account.md section 8). */
function isQuietPath(path: string): boolean {
  return (
    path === "/" ||
    path === "/login" ||
    path.startsWith("/reset-password") ||
    path.startsWith("/forgot-password") ||
    path.startsWith("/register") ||
    path.startsWith("/unsubscribe-all-emails")
  );
}

let toasts: HTMLElement | undefined;

/**
 * The toasts' container, beside the app root. It is marked as a live region (the toasts are polite
 * live regions themselves) because a modal dialog hides the rest of the page from assistive
 * technology with aria-hidden, which leaves live regions out; an outside click on it does not close
 * a dialog either (components/ui/dialog-shell.tsx).
 */
function toastRoot(): HTMLElement {
  if (!toasts) {
    toasts = document.createElement("div");
    toasts.setAttribute("aria-live", "off");
    document.body.append(toasts);
  }
  return toasts;
}

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /** Toast on failure: a fixed text, or "server" for the server's message. Most failures are only logged. */
      errorToast?: string;
    };
  }
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
    queryCache: new QueryCache({
      onError: (error, query) => console.warn("Query failed", query.queryKey, error),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const wanted = mutation.options.meta?.errorToast;
        if (wanted) notify.danger(wanted === "server" ? errorMessage(error) : wanted);
        else console.warn("Request failed", error);
      },
    }),
  });
}

/** App-wide providers: server state (TanStack Query), toasts (bottom-right, 5000 ms), session loss. */
/** True when the user asks for reduced motion: toasts then appear and go without fading. */
function reducedMotion(): boolean {
  return (
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  useEffect(
    () =>
      onAuthError(() => {
        const path = window.location.pathname;
        rememberRedirect(path + window.location.search);
        setToken(null);
        realtime.stop();
        queryClient.setQueryData(userQueryKey, null);
        if (!isQuietPath(path)) notify.danger("Please login to access this space");
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* In a portal beside the app root, so toasts stay announced while a dialog is open. */}
      {createPortal(
        <Toaster position="bottom-right" toastOptions={{ duration: TOAST_DURATION_MS }}>
          {(t) => (
            // Alert popups are dismissed on click (spec 2.8).
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: toasts also close by themselves; the click is a shortcut
            <div onClick={() => toast.dismiss(t.id)} style={{ cursor: "pointer" }}>
              <ToastBar
                toast={t}
                style={reducedMotion() ? { animation: "none", opacity: t.visible ? 1 : 0 } : {}}
              />
            </div>
          )}
        </Toaster>,
        toastRoot(),
      )}
    </QueryClientProvider>
  );
}
