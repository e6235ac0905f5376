import { useQuery } from "@tanstack/react-query";
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
