const MAX_ECHOED = 256;

/** A client-supplied value as an error message may quote it: a 30 MiB model name is not echoed whole. */
export function boundedForMessage(value: string): string {
  if (value.length <= MAX_ECHOED) return value;
  return `${value.slice(0, MAX_ECHOED)}… (${value.length} characters)`;
}
