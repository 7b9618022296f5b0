import type { Follow, Follower } from "@sluice/tool-kit";
import type { DsmlLimits } from "./dsml-limits";
import { CLOSE_PREFIX, END_OF_SENTENCE, OPEN_PREFIX } from "./dsml-markers";
import { type DsmlTag, readDsmlTag } from "./read-dsml-tag";

/** What, right after a closing candidate (and whitespace), makes the candidate structural. */
export interface FollowRule {
  /** Whether this tag does. */
  readonly accepts: (tag: DsmlTag) => boolean;
  /** For a tag it accepts, reads on after it when that alone does not decide (a made-up parameter's value). */
  readonly confirm?: (tag: DsmlTag, buffer: string, final: boolean) => Follow;
  /** Whether an end-of-sentence marker does (the model stopped right after the candidate). */
  readonly endOfSentence: boolean;
}

/** An end-of-sentence marker is dropped only when nothing but whitespace follows it (research §1.1). */
export const TRAILING: FollowRule = { accepts: () => false, endOfSentence: false };

const END_OF_SENTENCE_CLOSES: Follower = { marker: END_OF_SENTENCE };
const END_OF_SENTENCE_LITERAL: Follower = { marker: END_OF_SENTENCE, decide: () => "literal" };

/**
 * A rule as tool-kit's matchFollow followers (docs/dialects.md §2, "Closing is structural", as in qwen_xml):
 * a DSML tag after the candidate is read whole and the rule decides it; an end-of-sentence marker closes where
 * the rule allows it. Built once per rule and limits: matchFollow runs on every closing candidate.
 */
export function dsmlFollowers(rule: FollowRule, limits: DsmlLimits): readonly Follower[] {
  const decide = (buffer: string, at: number, final: boolean): Follow => {
    const match = readDsmlTag(buffer, at, final, limits);
    if (match.kind === "hold") return "hold";
    if (match.kind !== "tag" || !rule.accepts(match.tag)) return "literal";
    return rule.confirm?.(match.tag, buffer, final) ?? "close";
  };
  return [
    { marker: OPEN_PREFIX, decide },
    { marker: CLOSE_PREFIX, decide },
    rule.endOfSentence ? END_OF_SENTENCE_CLOSES : END_OF_SENTENCE_LITERAL,
  ];
}
