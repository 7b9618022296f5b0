import { jsonDepthExceeds, MAX_JSON_DEPTH } from "@sluice/core";
import { editAcross, type TextEdit } from "./edit-across";
import { scrubAcross } from "./scrub-across";
import { scrubJsonValues } from "./scrub-strings";

/** A JSON document in the reads joined: an SSE `data:` payload, or the whole body of a JSON answer. */
interface JsonDocument {
  readonly start: number;
  readonly end: number;
  readonly value: unknown;
}

/**
 * A recording's upstream reads with the secrets removed. A key the upstream echoed may be split between
 * two reads, and one the model wrote may be split between the `content` of two chunks or hide behind JSON
 * escapes (`\u0073k-…`), where scrubbing each read, or the raw text, alone would leave it in the file. So
 * the JSON in the reads is decoded and scrubbed as the events are (the same field across chunks as one
 * text, `scrubJsonValues`); a chunk that changed is written again as JSON, then the raw text is scrubbed
 * across reads (what no JSON holds: an error page, a comment line). The read boundaries stay where they
 * were; one that fell inside a rewritten chunk or a secret moves to the end of its replacement.
 */
export function scrubReads(texts: readonly string[], secrets: readonly string[]): string[] {
  const documents = jsonDocuments(texts.join(""));
  const scrubbed = scrubJsonValues(
    documents.map((document) => document.value),
    secrets,
  );
  const edits: TextEdit[] = [...scrubbed.changed]
    .sort((a, b) => a - b)
    .map((index) => {
      const document = documents[index] as JsonDocument;
      return {
        start: document.start,
        end: document.end,
        replacement: JSON.stringify(scrubbed.values[index]),
      };
    });
  return scrubAcross(editAcross(texts, edits), secrets);
}

// A `data:` line's payload (one optional space after the colon, as SSE has it), up to the line's end.
const DATA_LINE = /^data: ?([^\r\n]*)/gm;

function jsonDocuments(text: string): JsonDocument[] {
  const body = text.trimStart();
  // A server that ignored `stream: true`, or an error body: one JSON answer.
  if (body.startsWith("{")) {
    const value = parsed(body);
    return value === undefined ? [] : [{ start: text.length - body.length, end: text.length, value }];
  }
  const documents: JsonDocument[] = [];
  for (const match of text.matchAll(DATA_LINE)) {
    const payload = match[1] as string;
    if (!payload.startsWith("{") && !payload.startsWith("[")) continue;
    const value = parsed(payload);
    if (value === undefined) continue;
    const start = match.index + match[0].length - payload.length;
    documents.push({ start, end: start + payload.length, value });
  }
  return documents;
}

/** The JSON value, or undefined for text that is not JSON, or nests too deep to write again. */
function parsed(text: string): unknown {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
