/** A fingerprint of what the gateway's build reads and writes, under the repository `root`. */
export function gatewayBuildInputs(root: string): string;
