import type { SegmentSink, ToolParserContext } from "@sluice/core";
import { createParameterValue } from "./create-parameter-value";
import { isAllWhitespace } from "./is-all-whitespace";
import { parameterSchemasOf } from "./parameter-schemas-of";
import type { ParameterValue, ValueNewlines, ValueOutput } from "./parameter-value";

// The raw text a stray-text warning quotes.
const MAX_STRAY_RAW = 256;

/** What a dialect's own value writer gets (DSML's `string="false"` values are JSON, not tool-kit's). */
export interface ValueSlot {
  readonly name: string;
  /** The parameter's schema in the tool's input schema; undefined: not named there. */
  readonly schema: unknown;
  /** How many parameters the call already has: from the second on, `, ` goes first. */
  readonly index: number;
}

export type CreateValue = (output: ValueOutput, slot: ValueSlot) => ParameterValue;

/**
 * The call being written by a dialect whose markup names each parameter (`qwen_xml`, `glm45` / `glm47`,
 * `minimax_m2`, `deepseek_dsml`): one call at a time, its arguments object built key by key
 * (docs/dialects.md §2, Streaming). `start` sends `tool-call-start` first — the segmenter ends an open
 * reasoning span on it, flushing what it holds — then the call's source as markup and `{`; each value goes
 * through tool-kit's writers (strings live, others typed by the schema at the close); `end` writes `}` and
 * `tool-call-end` once the call's own closing markup came, `cut` ends a call the stream cut without closing
 * anything. It remembers which parameters the call has, so a repeated key is never written, and decides which
 * parameter tags are structural (docs/dialects.md §2: closing is structural).
 */
export class TaggedCallWriter {
  /** Where value writers send deltas, markup and warnings. */
  readonly output: ValueOutput;
  private callIndex = -1;
  private name = "";
  private schemas: ReadonlyMap<string, unknown> | undefined;
  private readonly given = new Set<string>();
  private count = 0;
  private current: ParameterValue | undefined;
  private strayText = "";
  private strayFound = false;
  private readonly schemaCache = new Map<string, ReadonlyMap<string, unknown> | undefined>();

  constructor(
    private readonly context: ToolParserContext,
    private readonly sink: SegmentSink,
    /** The dialect id warning codes start with. */
    readonly dialect: string,
    private readonly newlines: ValueNewlines,
  ) {
    this.output = {
      delta: (argumentsJson) =>
        this.sink({ type: "tool-call-delta", callIndex: this.callIndex, argumentsJson }),
      markup: (text) => this.markup(text),
      warning: (code, message, raw) => this.sink({ type: "warning", code, message, raw }),
    };
  }

  /** The open call's name (for warnings). */
  get callName(): string {
    return this.name;
  }

  /** How many members the call's arguments object has so far (from the first on, the next goes after `, `). */
  get argumentCount(): number {
    return this.count;
  }

  /** The open value, if any. */
  get value(): ParameterValue | undefined {
    return this.current;
  }

  /** Characters the open value holds and has not emitted. */
  get heldLength(): number {
    return this.current?.heldLength ?? 0;
  }

  start(name: string, source: string): void {
    this.callIndex = this.context.allocateCallIndex();
    this.name = name;
    this.sink({ type: "tool-call-start", callIndex: this.callIndex, name });
    this.markup(source);
    this.output.delta("{");
    this.schemas = this.schemasOf(name);
    this.given.clear();
    this.count = 0;
  }

  end(): void {
    this.flushStray();
    this.output.delta("}");
    this.sink({ type: "tool-call-end", callIndex: this.callIndex });
  }

  /**
   * The stream ended inside the call, before its closing markup (docs/dialects.md §2): the call is cut. Nothing
   * closes the open value or the object — a guessed `"}` would make half a Write look finished, and a client
   * runs a finished block whatever the turn says next — so its end says `cut`: its block stays open and the
   * turn ends there. What the open value held goes out as markup.
   */
  cut(reason?: { readonly code: string; readonly message: string; readonly raw: string }): void {
    this.current?.cut();
    this.current = undefined;
    this.flushStray();
    // `reason`: the call's arguments became unusable before its close (Kimi K3's json body that is no object).
    if (reason !== undefined) this.warn(reason.code, reason.message, reason.raw);
    else
      this.warn(
        "unterminated_call",
        `the stream ended inside call ${JSON.stringify(this.name)}; the call is cut and not run`,
        "",
      );
    this.sink({ type: "tool-call-end", callIndex: this.callIndex, cut: true });
  }

  /** Whether the call already has `name`: a repeated parameter is not a key again (no duplicate keys). */
  has(name: string): boolean {
    return this.given.has(name);
  }

  /**
   * Whether a tag naming `name` can start this call's next parameter with no close before it: not given yet,
   * and named by the tool's schema (no schema, or one without properties: any name).
   */
  readonly isStructural = (name: string): boolean =>
    !this.given.has(name) && (this.schemas === undefined || this.schemas.has(name));

  /** Whether `name` is not given yet: after a real close, any such parameter tag is a boundary. */
  readonly isNewParameter = (name: string): boolean => !this.given.has(name);

  /**
   * Whether `name` is not given yet and the tool's schema names other parameters but not this one: a
   * parameter the model made up, or markup quoted in a value (decideMadeUpKey tells them apart).
   */
  readonly isMadeUp = (name: string): boolean =>
    !this.given.has(name) && this.schemas !== undefined && !this.schemas.has(name);

  /** Opens the value of parameter `name`; `source` is its opening tag (markup). */
  openValue(name: string, source: string, create?: CreateValue): ParameterValue {
    this.flushStray();
    this.markup(source);
    this.given.add(name);
    const slot: ValueSlot = { name, schema: this.schemas?.get(name), index: this.count };
    this.current =
      create === undefined
        ? createParameterValue(this.output, { ...slot, dialect: this.dialect, newlines: this.newlines })
        : create(this.output, slot);
    this.count++;
    return this.current;
  }

  closeValue(): void {
    this.current?.close();
    this.current = undefined;
  }

  /** Keys the dialect wrote itself (a JSON object inside a DSML invoke): they count as given. */
  addWritten(keys: readonly string[]): void {
    for (const key of keys) this.given.add(key);
    this.count += keys.length;
  }

  /** Text inside the call outside any value: markup, and a warning (once per run) unless it is whitespace. */
  stray(text: string): void {
    this.markup(text);
    if (!this.strayFound && !isAllWhitespace(text)) this.strayFound = true;
    if (this.strayText.length < MAX_STRAY_RAW)
      this.strayText += text.slice(0, MAX_STRAY_RAW - this.strayText.length);
  }

  /** Ends a run of stray text: its warning goes out before whatever ended it. */
  flushStray(): void {
    if (this.strayFound) {
      this.warn(
        "stray_text_in_call",
        `text inside call ${JSON.stringify(this.name)} is not part of any value; kept as markup`,
        this.strayText.trim(),
      );
    }
    this.strayFound = false;
    this.strayText = "";
  }

  /** A warning with the dialect's code prefix (`qwen_xml.unclosed_parameter`). */
  warn(code: string, message: string, raw: string): void {
    this.sink({ type: "warning", code: `${this.dialect}.${code}`, message, raw });
  }

  markup(text: string): void {
    if (text.length > 0) this.sink({ type: "markup", text });
  }

  private schemasOf(name: string): ReadonlyMap<string, unknown> | undefined {
    if (this.schemaCache.has(name)) return this.schemaCache.get(name);
    const schemas = parameterSchemasOf(this.context.tools, name);
    this.schemaCache.set(name, schemas);
    return schemas;
  }
}
