import type { Answer } from "@pacer/functions/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** A device reading (spec pods-budgets-alerts-users-connections.md 2.14 and 3). */
export interface Reading {
  _id?: string;
  device: string;
  recDate: string;
  data: string;
  seqNum: number;
  /** Decoded by the server when given. */
  entries?: number;
  exits?: number;
}

/**
 * Entry and exit counts of a payload when the server did not send them: two big-endian 16-bit
 * counters (entries, exits) at the start of the hexadecimal data. Null when the data is not hex.
 */
export function decodeCounts(hex: string): { entries: number; exits: number } | null {
  const clean = hex.trim();
  if (!/^[0-9a-fA-F]{8,}$/.test(clean) || clean.length % 2 !== 0) return null;
  return { entries: Number.parseInt(clean.slice(0, 4), 16), exits: Number.parseInt(clean.slice(4, 8), 16) };
}

export function useReadings() {
  return useQuery({
    queryKey: ["sensor-readings"],
    queryFn: async () => {
      const data = await api.get<{ readings?: Reading[] } | Reading[]>("/api/sensor-readings/get-readings");
      return Array.isArray(data) ? data : (data?.readings ?? []);
    },
    refetchInterval: 60_000,
  });
}

/** The account's ingestion key as the server describes it, never the key itself (the API contract). */
export type IngestionKeyStatus = NonNullable<
  Answer<"GET /api/sensor-readings/ingestion-key">["ingestionKey"]
>;

/** A newly issued key: `key` is shown once (the server keeps only its hash; the API contract). */
export type IssuedIngestionKey = Answer<"POST /api/sensor-readings/create-ingestion-key">;

const keyStatusKey = ["sensor-readings", "ingestion-key"] as const;

/** `GET /api/sensor-readings/ingestion-key` (Admin): the current key's prefix and date, or null. */
export function useIngestionKeyStatus(enabled: boolean) {
  return useQuery({
    queryKey: keyStatusKey,
    queryFn: async () =>
      (await api.get<{ ingestionKey: IngestionKeyStatus | null }>("/api/sensor-readings/ingestion-key"))
        .ingestionKey,
    enabled,
  });
}

/** `POST /api/sensor-readings/create-ingestion-key` (Admin): a new key; the old one stops working. */
export function useCreateIngestionKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<IssuedIngestionKey>("/api/sensor-readings/create-ingestion-key"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyStatusKey }),
    meta: { errorToast: "server" },
  });
}

/** Where a device backend posts readings, with the key in this header (functions/README.md). */
export const INGEST_PATH = "/api/sensor-readings/ingest";
export const INGESTION_KEY_HEADER = "x-ingestion-key";
