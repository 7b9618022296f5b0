export {
  createDemoUpstream,
  DEFAULT_DEMO_TOKEN_DELAY_MS,
  type DemoUpstreamOptions,
} from "./create-demo-upstream";
