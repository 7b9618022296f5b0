import type { UpstreamError } from "./upstream-delta";

/**
 * Reads an upstream error object: OpenAI/vLLM `{"error":{"message","type","param","code"}}`, the flat
 * older vLLM body `{"object":"error","message",…}`, llama.cpp `{"code":500,"message","type"}`, or a bare
 * string (`{"error":"model not found"}`). A numeric `code` that is an HTTP status becomes `status`.
 */
export function upstreamErrorFrom(value: unknown): UpstreamError {
  if (typeof value === "string") return { message: value };
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { message: JSON.stringify(value) };
  const record = value as Record<string, unknown>;
  const { message, type, code } = record;
  const error: { message: string; type?: string; code?: string | number; status?: number } = {
    message: typeof message === "string" && message.length > 0 ? message : JSON.stringify(value),
  };
  if (typeof type === "string") error.type = type;
  if (typeof code === "string" || typeof code === "number") error.code = code;
  if (typeof code === "number" && Number.isInteger(code) && code >= 100 && code <= 599) error.status = code;
  return error;
}
