import { scrubAcross } from "./scrub-across";

type Holder = Record<string | number, unknown>;

/** A string in one of the trees: where it is, and which of the values it belongs to. */
interface Slot {
  readonly holder: Holder;
  readonly key: string | number;
  readonly top: number;
}

export interface ScrubbedValues {
  readonly values: unknown[];
  /** The indexes of the values that changed. */
  readonly changed: ReadonlySet<number>;
}

/**
 * JSON values with their secrets removed, as new values (the handler's objects are not touched). Strings
 * at the same place in the trees (the same keys, whatever the list indexes: every event's `delta.text`,
 * every chunk's `choices[].delta.content`, every text block of a prompt) are scrubbed as one text, in
 * order, so a key the model wrote across two deltas is removed from both (`scrubAcross`). Keys are left
 * alone: a configured header value such as `team-7` may be any word, and redacting it in keys would break
 * the file's own structure.
 */
export function scrubJsonValues(values: readonly unknown[], secrets: readonly string[]): ScrubbedValues {
  const copies: unknown[] = values.map((value) =>
    value === undefined ? null : JSON.parse(JSON.stringify(value)),
  );
  const groups = new Map<number, Slot[]>();
  // A place in the trees is a number: its parent's and its own key, never the whole path as text.
  const places = new Map<string, number>();
  const placeOf = (parent: number, key: string): number => {
    const name = `${parent}\u0000${key}`;
    let place = places.get(name);
    if (place === undefined) {
      place = places.size + 1;
      places.set(name, place);
    }
    return place;
  };
  // Breadth first, with a queue: the strings of one place all sit at one depth, so each group comes in
  // document order. (The values nest at most MAX_JSON_DEPTH levels: request bodies are refused deeper,
  // and scrubReads leaves deeper chunks to the raw pass.)
  const queue: { holder: Holder; key: string | number; place: number; top: number }[] = copies.map(
    (_, top) => ({ holder: copies as unknown as Holder, key: top, place: 0, top }),
  );
  for (let index = 0; index < queue.length; index++) {
    const { holder, key, place, top } = queue[index] as (typeof queue)[number];
    const value = holder[key];
    if (typeof value === "string") {
      const slots = groups.get(place);
      if (slots === undefined) groups.set(place, [{ holder, key, top }]);
      else slots.push({ holder, key, top });
    } else if (Array.isArray(value)) {
      const item = placeOf(place, "[]");
      for (let at = 0; at < value.length; at++)
        queue.push({ holder: value as unknown as Holder, key: at, place: item, top });
    } else if (typeof value === "object" && value !== null) {
      for (const name of Object.keys(value))
        queue.push({ holder: value as Holder, key: name, place: placeOf(place, name), top });
    }
  }

  const changed = new Set<number>();
  for (const slots of groups.values()) {
    const texts = slots.map((slot) => slot.holder[slot.key] as string);
    const scrubbed = scrubAcross(texts, secrets);
    slots.forEach((slot, index) => {
      if (scrubbed[index] === texts[index]) return;
      slot.holder[slot.key] = scrubbed[index];
      changed.add(slot.top);
    });
  }
  return { values: copies, changed };
}

/** One JSON value through `scrubJsonValues`. */
export function scrubStrings(value: unknown, secrets: readonly string[]): unknown {
  return scrubJsonValues([value], secrets).values[0];
}
