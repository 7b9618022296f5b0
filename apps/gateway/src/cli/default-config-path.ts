/** The config every command reads when `--config` is not given: sluice.yaml in the working directory. */
export const DEFAULT_CONFIG_PATH = "sluice.yaml";
