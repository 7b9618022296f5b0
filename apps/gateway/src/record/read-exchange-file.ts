import { readFileSync } from "node:fs";
import { Either, ParseResult, Schema } from "effect";
import { formatPath } from "../config/format-path";
import { type RecordedExchange, RecordedExchangeSchema } from "./recorded-exchange";

export type ExchangeFile =
  | { readonly ok: true; readonly exchange: RecordedExchange }
  | { readonly ok: false; readonly message: string };

const decodeExchange = Schema.decodeUnknownEither(RecordedExchangeSchema);

/**
 * Reads and validates one recording. A bad file is one line naming the first field that is wrong
 * (`upstream.reads.3.text: Expected string, actual 5`), since a user will have edited or cut it.
 */
export function readExchangeFile(path: string): ExchangeFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    return {
      ok: false,
      message: `cannot read the file: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const decoded = decodeExchange(json);
  if (Either.isRight(decoded)) return { ok: true, exchange: decoded.right };
  const [issue] = ParseResult.ArrayFormatter.formatErrorSync(decoded.left);
  if (issue === undefined) return { ok: false, message: "not a Sluice recording" };
  const message = issue._tag === "Missing" ? "Required" : issue.message.replace(/\s+/g, " ");
  return { ok: false, message: `${formatPath(issue.path)}: ${message}` };
}
