import { format, parseISO } from "date-fns";
import { ApiClientError } from "@/lib/client/api-fetch";

/** Calendar dates and instants read 'MMM dd, yyyy' (spec §9); a calendar date is not shifted by zone. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "—";
  const date = parseISO(value);
  return Number.isNaN(date.getTime()) ? value : format(date, "MMM dd, yyyy");
}

export function formatDateTime(value: string): string {
  const date = parseISO(value);
  return Number.isNaN(date.getTime()) ? value : format(date, "MMM dd, yyyy HH:mm");
}

/** The server's detail when it sent one (string, or the 422 messages), else the error's message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiClientError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
