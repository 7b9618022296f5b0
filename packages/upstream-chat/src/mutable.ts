/** A read-only wire type while it is being built. */
export type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };
