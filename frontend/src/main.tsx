import "./config/zod";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProvider } from "./app/provider";
import { AppRouter } from "./app/router";
import "./styles.css";

if (
  import.meta.env.PROD &&
  location.protocol === "http:" &&
  !["localhost", "127.0.0.1"].includes(location.hostname)
) {
  location.replace(`https://${location.host}${location.pathname}${location.search}${location.hash}`);
}

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
