import { resolveParameterType, typeParameterValue } from "@sluice/tool-kit";

/** One element of a value: its text and its child elements, in order. */
export interface Element {
  readonly name: string;
  text: string;
  readonly children: Element[];
}

const TEXT_KEY = "$text";

/**
 * An element as JSON text, typed by its schema (docs/dialects.md §3, `minimax_m3`): an element with no children
 * is a scalar typed as tool-kit types every tag format's value (`"018956"` as an integer is 18956; a string stays
 * the raw text); one with children is an array when its schema says so (each child an item, typed by `items` or
 * `prefixItems`), else an object whose keys are the children's names (typed by `properties`, then
 * `additionalProperties`), a name repeated becoming an array, non-whitespace text beside children going to
 * `$text`. Written as text, so a long number keeps every digit.
 */
export function elementJson(element: Element, schema: unknown): string {
  const { type } = resolveParameterType(schema);
  if (element.children.length === 0) {
    // An empty element whose schema wants a container is the empty one (`<tags></tags>` → []).
    if (element.text.trim() === "" && (type === "object" || type === "array"))
      return type === "object" ? "{}" : "[]";
    return typeParameterValue(element.text, schema).json;
  }
  if (type === "array") {
    return `[${element.children.map((child, index) => elementJson(child, itemSchema(schema, index))).join(", ")}]`;
  }
  const groups = new Map<string, Element[]>();
  for (const child of element.children) {
    const group = groups.get(child.name);
    if (group === undefined) groups.set(child.name, [child]);
    else group.push(child);
  }
  const members: string[] = [];
  if (element.text.trim() !== "")
    members.push(`${JSON.stringify(TEXT_KEY)}: ${JSON.stringify(element.text)}`);
  for (const [name, group] of groups) {
    const childSchema = propertySchema(schema, name);
    const value =
      group.length === 1
        ? elementJson(group[0] as Element, childSchema)
        : `[${group.map((child) => elementJson(child, repeatedSchema(childSchema))).join(", ")}]`;
    members.push(`${JSON.stringify(name)}: ${value}`);
  }
  return `{${members.join(", ")}}`;
}

function propertySchema(schema: unknown, name: string): unknown {
  if (!isObject(schema)) return undefined;
  const { properties, additionalProperties } = schema;
  if (isObject(properties) && Object.hasOwn(properties, name)) return properties[name];
  return isObject(additionalProperties) ? additionalProperties : undefined;
}

function itemSchema(schema: unknown, index: number): unknown {
  if (!isObject(schema)) return undefined;
  const { prefixItems, items } = schema;
  if (Array.isArray(prefixItems) && index < prefixItems.length) return prefixItems[index];
  return isObject(items) ? items : undefined;
}

// A key written once per item: its schema is the array's items when it declares an array, else its own.
function repeatedSchema(schema: unknown): unknown {
  return resolveParameterType(schema).type === "array"
    ? itemSchema(schema, Number.POSITIVE_INFINITY)
    : schema;
}

function isObject(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
