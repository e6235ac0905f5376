// Before everything else: the move to https, then the session and dashboard list requests.
import "./app/early-requests";
import "./config/zod";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProvider } from "./app/provider";
import { AppRouter, firstScreenReady } from "./app/router";
import "./styles.css";

// The first render once the page's own code is in (or a short wait has passed): the page renders
// at once with its content (a plain render, not the router's later update, which React renders in
// slices between other tasks) instead of after a loading screen.
void firstScreenReady().then(() =>
  createRoot(document.getElementById("root") as HTMLElement).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  ),
);
