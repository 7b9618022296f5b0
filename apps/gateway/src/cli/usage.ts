export const USAGE = `Usage: sluice serve [--config FILE] [--host H] [--port N]
       sluice check [--config FILE] [--strict]
       sluice replay FILE [--format sse|json] [--check]
       sluice code [--config FILE] [--model NAME] [--] [CLAUDE ARGS...]
       sluice codex [--config FILE] [--model NAME] [--] [CODEX ARGS...]
       sluice --version | --help

Sluice serves the Anthropic Messages API (POST /v1/messages, /v1/messages/count_tokens, GET /v1/models)
and OpenAI's (POST /v1/chat/completions, /v1/responses) in front of OpenAI-compatible model servers (vLLM,
SGLang, llama.cpp, Ollama), as configured in FILE (see sluice.yaml), with GET /health (up), GET /ready (503
while draining) and GET /metrics (Prometheus) for probes and scrapers.

Commands:
  serve  Start the gateway. When ready, prints one line containing "listening on http://HOST:PORT" on
         stdout, then a summary: each model with its upstream and parsers, its aliases, auth, the
         config warnings, and the command line that points Claude Code at the gateway.
  check  Validate FILE as serve does and print its warnings, then ask every model's upstream (each
         replica of a base_url list) for GET {base_url}/models (with its api_key and headers, 5 s at
         most, all at once) and print one line per upstream: reachable and what it serves, or why
         not. Exits 0 when FILE is valid, whatever the upstreams answer; with --strict, 1 unless
         every upstream is ready (reachable and serving its upstream.model).
  replay Run a recorded exchange (a file of server.record_dir) through today's pipeline: its upstream
         reads, one push each, with the recorded parser settings and ids. Prints the Anthropic events
         on stdout and, on stderr, whether they equal the recorded events. Exits 0 when it ran, even
         when they differ (--check: 1 then); 1 for a file it cannot read or validate.
  code   Start Claude Code (claude) pointed at the gateway of FILE (default: sluice.yaml here): the
         one listening at server.host:server.port when it is a Sluice gateway, else one started in
         this process on a free port for the run (its log goes to a file in the temporary
         directory; it stops when claude exits). Sets ANTHROPIC_BASE_URL, ANTHROPIC_AUTH_TOKEN (see
         SLUICE_API_KEY below; never printed), ANTHROPIC_MODEL (--model, else the model Claude
         Code's claude-* names reach, else the first), ANTHROPIC_DEFAULT_HAIKU_MODEL and
         ANTHROPIC_SMALL_FAST_MODEL (the model its haiku names reach, else the same),
         ANTHROPIC_DEFAULT_OPUS_MODEL / _SONNET_MODEL, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1,
         and CLAUDE_CODE_AUTO_COMPACT_WINDOW when the gateway knows the model's context window;
         removes ANTHROPIC_API_KEY. Exits with claude's exit code.
  codex  The same for Codex CLI (codex): a "sluice" model provider as -c overrides (your
         ~/.codex/config.toml is not changed), its key in SLUICE_API_KEY, the model, and
         model_context_window when known.
         code and codex read their own options (--config, --model; long forms only) first; the
         first other argument and all after it, or all after --, go to the client as they are:
         sluice code -p "hi", sluice codex exec "...", sluice code -- --model x.

Options:
  -c, --config FILE  the YAML config (default: sluice.yaml here; code and codex: --config only)
      --model NAME   the model the client uses (a name or alias of FILE)   [code, codex]
      --host H       listen address; overrides server.host (default 127.0.0.1)   [serve]
      --port N       listen port; overrides server.port (default 8080); 0 picks a free port   [serve]
      --format F     sse (default: Anthropic SSE) or json (one event per line)   [replay]
      --check        exit 1 when the replayed events differ from the recorded ones   [replay]
      --strict       exit 1 when an upstream is not ready   [check]
  -h, --help         print this help
  -v, --version      print the version

Environment:
  SLUICE_LOG_LEVEL   fatal, error, warn, info (default), debug, trace or silent
  SLUICE_LOG_FORMAT  json (one object per line) or pretty; default pretty when stderr is a terminal,
                     else json
  SLUICE_API_KEYS    comma-separated keys added to server.api_keys; \${VAR} in FILE expands too
  SLUICE_API_KEY     the key code and codex give a running gateway (default: the first of
                     server.api_keys / SLUICE_API_KEYS, or "sluice" without keys)

Logs go to stderr, never a key. A log write that fails (a closed pipe, a full disk) loses that line;
the gateway goes on serving.

Signals (serve):
  SIGHUP           Re-read FILE: requests from then on get the new config, open streams keep theirs.
                   An invalid file is logged with its problems and the running config stays. A new
                   server.host or server.port needs a restart (a warning says so).
  SIGTERM, SIGINT  Stop accepting connections, let open streams finish (GET /ready answers 503
                   meanwhile), exit 0; a second signal cuts the open streams and exits 1.

Signals (code, codex): SIGTERM and SIGHUP are passed on to the client; SIGINT only when stdin is not
a terminal (at a terminal Ctrl-C reaches the client itself). sluice exits once the client has.

Exit codes: 0 ok; 1 invalid config, cannot listen, an upstream not ready (check --strict), or a
recording replay cannot use (--check: or a difference); code and codex: the client's own, 127 when it
is not installed (one line says how to install it), 1 when the running gateway refuses the key or
serves another config; 2 bad arguments, or a bad SLUICE_LOG_LEVEL or
SLUICE_LOG_FORMAT (one line on stderr).`;
