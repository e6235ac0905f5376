import { listedTrackers } from "@pacer/core/tracker-list";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { GuidePrompt } from "../../components/layout/guide-prompt";
import { paths } from "../../config/paths";
import { trackersQueryKey } from "../../features/trackers/api/trackers";
import { api, seg } from "../../lib/api-client";
import { type CurrentUser, isAdmin, userQueryKey } from "../../lib/auth";
import "./product-guide.css";

/** The product-guide delay (spec 2.8 and 9). */
export const GUIDE_DELAY_MS = 1500;

/**
 * The product-guide prompts (spec overview-access-account.md 2.8): 1.5 s after load, the product
 * guide when the account has no connections, or the create-tracker guide when it has connections
 * but no trackers. Each shows once per user (the fired flags on the user record). Only an Admin sees
 * every tracker of the account, so only an Admin is told to create a first one (a Manager may see
 * none of an account's trackers). The prompt sits at the top of the page, in its flow, so it never
 * covers the page's own buttons (such as SAVE CHANGES).
 */
export function ProductGuide({
  user,
  connectionCount,
}: {
  user: CurrentUser;
  connectionCount: number | undefined;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setReady(true), GUIDE_DELAY_MS);
    return () => clearTimeout(id);
  }, []);

  const wantsTrackerGuide =
    isAdmin(user) &&
    connectionCount !== undefined &&
    connectionCount > 0 &&
    !user.CreateTrackerGuideAlreadyFired;
  const trackers = useQuery({
    queryKey: ["guide", "tracker-count", user.account._id],
    queryFn: async () => {
      // The dashboard's list when it is loaded: a second read of every tracker only to count them
      // would double the heaviest call of a large account.
      const loaded = queryClient.getQueryData<readonly unknown[]>(trackersQueryKey(user.account._id));
      if (loaded) return loaded.length;
      const data = await api.get<unknown>(
        `/api/trackers/get-trackers-without-load-by-account/${seg(user.account._id)}`,
      );
      return listedTrackers(data).length;
    },
    enabled: ready && wantsTrackerGuide,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const fire = useMutation({
    mutationFn: (kind: "product" | "tracker") =>
      api.post(kind === "product" ? "/api/auth/fire-product-tour" : "/api/auth/fire-create-tracker-guide", {
        user: user._id,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });

  if (!ready || dismissed || connectionCount === undefined) return null;
  let kind: "product" | "tracker" | null = null;
  // Not on the Connections page itself: the guide's action leads there.
  if (connectionCount === 0 && !user.productTourAlreadyFired && pathname !== paths.connections)
    kind = "product";
  else if (wantsTrackerGuide && trackers.data === 0) kind = "tracker";
  if (!kind) return null;

  const close = () => {
    setDismissed(true);
    fire.mutate(kind);
  };
  return (
    <div className="guide-slot">
      {kind === "product" ? (
        <GuidePrompt
          title="Welcome to Pacer"
          actionLabel="Add a Connection"
          onAction={() => {
            close();
            navigate(paths.connections);
          }}
          onDismiss={close}
        >
          Connect your first advertising platform to start tracking spend against your budgets.
        </GuidePrompt>
      ) : (
        <GuidePrompt
          title="Create your first tracker"
          actionLabel="Go to the Dashboard"
          onAction={() => {
            close();
            navigate(paths.dashboard);
          }}
          onDismiss={close}
        >
          Your connection is ready. Add a tracker from the dashboard to follow an ad account against its
          budget.
        </GuidePrompt>
      )}
    </div>
  );
}
