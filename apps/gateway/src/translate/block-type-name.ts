/** A block's wire type for a warning: the decoder files blocks it does not model under `unknown`, keeping the wire type in `unknown_type`. */
export function blockTypeName(block: { readonly type: string }): string {
  return "unknown_type" in block && typeof block.unknown_type === "string" ? block.unknown_type : block.type;
}
