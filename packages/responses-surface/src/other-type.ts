import { WireString } from "@sluice/wire-schema";
import { Schema } from "effect";

/** A `type` string that is none of `known`: the catch-all member of a union must not swallow a broken known one. */
export function otherType(known: readonly string[]) {
  const names = new Set(known);
  return WireString.pipe(
    Schema.filter((type) => !names.has(type), { message: () => `Expected a valid ${known.join(" | ")}` }),
  );
}
