import { runReasoningChunkingProperty } from "@sluice/core/testkit";
import { kimiK3ReasoningDialect } from "../src";

// Kimi K3's four control tokens, the channel tags they make (spaced too) and pieces of both.
runReasoningChunkingProperty(kimiK3ReasoningDialect, [
  "<|open|>",
  "<|close|>",
  "<|sep|>",
  "<|end_of_msg|>",
  "think",
  "response",
  " response ",
  "tools",
  "message",
  "<|open|>think<|sep|>",
  "<|close|>think<|sep|>",
  "<|open|>response<|sep|>",
  "<|close|>response<|sep|>",
  "<|close|>message<|sep|>",
  "<|open|>tools<|sep|>",
  ' role="a"',
  "<|op",
  "en|>",
  "<|se",
  "p|>",
]);
