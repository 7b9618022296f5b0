import fc from "fast-check";
import { validOddRequest } from "./messages-request-arbitrary";

/** What arrives instead of a Messages request: random bytes and text, cut JSON, JSON oddities, nothing. */
const body = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  validOddRequest
    .map((request) => JSON.stringify(request))
    .chain((json) => fc.integer({ min: 0, max: json.length - 1 }).map((length) => json.slice(0, length))),
  fc.constantFrom(
    "",
    "null",
    "[]",
    "{}",
    '"text"',
    "1e999",
    "-0",
    "NaN",
    '{"model":',
    "\ufeff{}",
    '{"a":1}garbage',
    '{"model":"ok","max_tokens":1,"messages":[{"role":"user","content":"hi"}],"model":5}',
  ),
  fc.json({ maxDepth: 6 }),
);

/** Content types a careless or hostile client sends; undefined sends none. */
const contentType = fc.constantFrom(
  undefined,
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=latin1",
  "application/octet-stream",
);

/** A body that is not a well-formed Messages request, with some content type or none. */
export const rawBody = fc.record({ body, contentType });
