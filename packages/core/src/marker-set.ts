/**
 * A precompiled set of markers (`<think>`, `</tool_call>` …) to find in streamed text.
 * Searching goes by each marker's first character with `indexOf`, so text without those
 * characters is skipped at native speed.
 */
export interface MarkerSet {
  readonly markers: readonly string[];
  /** Distinct first characters of the markers. */
  readonly firstChars: readonly string[];
  readonly maxLength: number;
}

export interface MarkerHit {
  readonly index: number;
  readonly marker: string;
}

export function createMarkerSet(markers: readonly string[]): MarkerSet {
  // Longest first, so that a marker that is a prefix of another never shadows it.
  const sorted = [...new Set(markers)]
    .filter((marker) => marker.length > 0)
    .sort((a, b) => b.length - a.length);
  return {
    markers: sorted,
    firstChars: [...new Set(sorted.map((marker) => marker[0] as string))],
    maxLength: sorted.reduce((max, marker) => Math.max(max, marker.length), 0),
  };
}

/** The earliest occurrence of a live marker in `text` at or after `from`, or undefined. */
export function findMarker(set: MarkerSet, text: string, from: number): MarkerHit | undefined {
  let best: MarkerHit | undefined;
  for (const first of set.firstChars) {
    let index = text.indexOf(first, from);
    while (index !== -1 && (best === undefined || index < best.index)) {
      const marker = markerAt(set, text, index);
      if (marker !== undefined) {
        best = { index, marker };
        break;
      }
      index = text.indexOf(first, index + 1);
    }
  }
  return best;
}

/** The marker that starts exactly at `index`, or undefined. */
export function markerAt(set: MarkerSet, text: string, index: number): string | undefined {
  for (const marker of set.markers) {
    if (text.startsWith(marker, index)) return marker;
  }
  return undefined;
}

/**
 * Where the longest suffix of `text[from..]` that is a proper prefix of a live marker starts,
 * or `text.length` when there is none. Only the last `maxLength - 1` characters are examined.
 */
export function heldSuffixStart(set: MarkerSet, text: string, from: number): number {
  const start = Math.max(from, text.length - set.maxLength + 1);
  for (let index = start; index < text.length; index++) {
    if (isMarkerPrefix(set, text, index)) return index;
  }
  return text.length;
}

/** Whether `text[index..]` is a proper prefix of some marker (so more text could complete it). */
export function isMarkerPrefix(set: MarkerSet, text: string, index: number): boolean {
  const length = text.length - index;
  for (const marker of set.markers) {
    if (length < marker.length && marker.charCodeAt(0) === text.charCodeAt(index)) {
      if (marker.startsWith(text.slice(index))) return true;
    }
  }
  return false;
}
