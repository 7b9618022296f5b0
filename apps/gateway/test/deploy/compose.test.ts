import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/parse-config";
import { readRepoFile, readYamlDocuments } from "./deploy-files";

// biome-ignore lint/suspicious/noExplicitAny: compose.yaml is read as free-form YAML; each test checks its keys.
const compose = readYamlDocuments("compose.yaml")[0] as any;
const { sluice, vllm } = compose.services;

describe("compose.yaml", () => {
  it("starts the gateway once vLLM is healthy, with vLLM's /health as the check", () => {
    expect(sluice.depends_on.vllm.condition).toBe("service_healthy");
    expect(vllm.healthcheck.test.join(" ")).toContain("/health");
  });

  it("reserves one NVIDIA GPU for vLLM and keeps its weights in a volume", () => {
    expect(vllm.image).toMatch(/^vllm\/vllm-openai(:|$)/);
    expect(vllm.deploy.resources.reservations.devices).toEqual([
      { driver: "nvidia", count: 1, capabilities: ["gpu"] },
    ]);
    expect(vllm.environment).toHaveProperty("HF_TOKEN");
    const [volume] = vllm.volumes[0].split(":");
    expect(Object.keys(compose.volumes)).toContain(volume);
  });

  it("builds the gateway here and mounts a config that parses, pointed at the vllm service", () => {
    expect(sluice.build).toBe(".");
    expect(sluice.ports).toContain("8080:8080");
    const [source, target] = sluice.volumes[0].split(":");
    expect(target).toBe("/etc/sluice/sluice.yaml"); // the path the image's CMD serves
    const config = parseConfig(readRepoFile(source.replace(/^\.\//, "")), { VLLM_MODEL: "Qwen/Test" });
    expect(config.warnings).toEqual([]);
    expect(config.server.port).toBe(8080);
    expect(config.models[0]?.upstream).toMatchObject({
      baseUrls: ["http://vllm:8000/v1"],
      model: "Qwen/Test",
    });
  });

  it("gives the gateway longer than its drain to stop", () => {
    const config = parseConfig(readRepoFile("deploy/compose/sluice.yaml"), { VLLM_MODEL: "m" });
    const graceSeconds = Number(/^(\d+)s$/.exec(sluice.stop_grace_period)?.[1]);
    expect(graceSeconds * 1000).toBeGreaterThan(config.server.drainTimeoutMs);
  });
});
