import { useEffect, useRef } from "react";
import { ApiError, api, getToken } from "./api-client";

/**
 * The realtime client: one WebSocket to `wss://<host>/ws` (`ws://` on plain http) per signed-in tab.
 * It connects with a short-lived single-use ticket from an authenticated call (never the session
 * token in the URL), reconnects with a capped, jittered backoff, and hands each JSON message to the
 * subscribers of its `type`. When the ticket route does not exist (404) the client stays idle.
 */
export const TICKET_PATH = "/api/realtime/ticket";

/** A server message: `type` plus its payload, e.g. `{ type: "integration", integration }`. */
export interface RealtimeMessage {
  type: string;
  [key: string]: unknown;
}

type Listener = (message: RealtimeMessage) => void;
type Status = "idle" | "connecting" | "open" | "closed" | "unavailable";

const MAX_BACKOFF_MS = 30_000;

class RealtimeClient {
  private socket: WebSocket | null = null;
  private listeners = new Map<string, Set<Listener>>();
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  status: Status = "idle";

  /** Starts (or keeps) the connection for the signed-in user. */
  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  /** Closes the connection and stops reconnecting (logout). */
  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.attempts = 0;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, "logout");
    this.status = "idle";
  }

  /** Subscribes to messages of one type (`"*"` for all); returns the unsubscribe function. */
  subscribe(type: string, listener: Listener): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Sends a JSON message when connected; returns whether it was sent. */
  send(message: RealtimeMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Delivers a message to the subscribers (also used for local echoes). */
  dispatch(message: RealtimeMessage): void {
    for (const key of [message.type, "*"])
      for (const listener of this.listeners.get(key) ?? []) listener(message);
  }

  private async connect(): Promise<void> {
    if (!this.running || !getToken()) return;
    this.status = "connecting";
    let ticket: string;
    try {
      const answer = await api.post<{ ticket: string }>(TICKET_PATH);
      ticket = answer.ticket;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 405)) {
        this.status = "unavailable";
        this.running = false;
        return;
      }
      this.scheduleReconnect();
      return;
    }
    if (!this.running) return;
    const protocol = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${protocol}//${location.host}/ws?ticket=${encodeURIComponent(ticket)}`);
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      this.status = "open";
    };
    socket.onmessage = (event) => {
      try {
        const message = JSON.parse(String(event.data)) as RealtimeMessage;
        if (message && typeof message.type === "string") this.dispatch(message);
      } catch {
        // Not JSON: ignored.
      }
    };
    socket.onclose = () => {
      if (this.socket === socket) this.socket = null;
      this.status = "closed";
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    this.attempts += 1;
    const ceiling = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(this.attempts, 5));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), ceiling / 2 + Math.random() * (ceiling / 2));
  }
}

/** The app's one realtime client. */
export const realtime = new RealtimeClient();

/** Calls `listener` for each realtime message of `type` while the component is mounted. */
export function useRealtime(type: string, listener: Listener): void {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => realtime.subscribe(type, (message) => ref.current(message)), [type]);
}
