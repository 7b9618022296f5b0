import { positiveInteger } from "./positive-integer";

/**
 * The window llama.cpp's `GET /props` reports: `default_generation_settings.n_ctx`, the context of one
 * slot (what a request gets: `--ctx-size` divided among `--parallel` slots), else the top-level `n_ctx`
 * older builds had. A router's bare `/props` answers a placeholder with `n_ctx: 0`, which is no window.
 * (`meta.n_ctx_train` in llama.cpp's /v1/models is the trained length, not what the server serves.)
 */
export function windowInProps(props: unknown): number | undefined {
  if (typeof props !== "object" || props === null) return undefined;
  const { default_generation_settings: settings, n_ctx: total } = props as {
    default_generation_settings?: unknown;
    n_ctx?: unknown;
  };
  const slot =
    typeof settings === "object" && settings !== null
      ? positiveInteger((settings as { n_ctx?: unknown }).n_ctx)
      : undefined;
  return slot ?? positiveInteger(total);
}
