import "./config/zod";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProvider } from "./app/provider";
import { AppRouter } from "./app/router";
import { paths } from "./config/paths";
import { startTrackerListEarly } from "./features/trackers/api/trackers";
import "./styles.css";

if (
  import.meta.env.PROD &&
  location.protocol === "http:" &&
  !["localhost", "127.0.0.1"].includes(location.hostname)
) {
  location.replace(`https://${location.host}${location.pathname}${location.search}${location.hash}`);
}

// The dashboard's list request starts now, beside the session request (see startTrackerListEarly).
if (location.pathname === paths.dashboard) startTrackerListEarly();

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
