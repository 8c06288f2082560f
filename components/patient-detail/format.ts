import { ApiClientError } from "@/lib/client/api-fetch";

/** The server's detail when it sent one (string, or the 422 messages), else the error's message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiClientError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
