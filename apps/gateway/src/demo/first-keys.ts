import { DEMO_BOUNDS } from "./demo-bounds";

/** `for…in` lists every key of an object before yielding the first, so each object is listed once. */
const listedKeys = new WeakMap<object, string[]>();

/** The first `maxScannedEntries` own keys of a client's object (a schema's `properties`). */
export function firstKeys(object: Record<string, unknown>): string[] {
  const known = listedKeys.get(object);
  if (known !== undefined) return known;
  const keys: string[] = [];
  for (const key in object) {
    if (keys.length === DEMO_BOUNDS.maxScannedEntries) break;
    if (Object.hasOwn(object, key)) keys.push(key);
  }
  listedKeys.set(object, keys);
  return keys;
}
