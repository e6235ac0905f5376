import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Toaster } from "react-hot-toast";
import { userQueryKey } from "../features/auth/api/auth";
import { onAuthError, setToken } from "../lib/api-client";

/** App-wide providers: server state (TanStack Query), toasts (bottom-right, 5000 ms), session loss. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }),
  );
  useEffect(
    () =>
      onAuthError(() => {
        setToken(null);
        queryClient.setQueryData(userQueryKey, null);
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="bottom-right" toastOptions={{ duration: 5000 }} />
    </QueryClientProvider>
  );
}
