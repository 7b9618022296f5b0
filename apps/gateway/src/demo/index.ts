export {
  createDemoUpstream,
  DEFAULT_DEMO_TOKEN_DELAY_MS,
  DEMO_CONTEXT_WINDOW,
  type DemoUpstreamOptions,
} from "./create-demo-upstream";
