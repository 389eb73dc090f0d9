/**
 * Node flags the server runs with: `npm start` passes them (package.json) and the benchmarks start
 * the server with them too (node-flags.test.ts keeps the two the same). They must be on node's
 * command line: V8 sizes its young generation when the process starts, and
 * `v8.setFlagsFromString` afterwards changed nothing (measured).
 *
 * A 64 MB semi-space instead of V8's default 16: a collect request's objects (the body, zod's copy,
 * the stored row) live until the group commit's write a few milliseconds to a second later, so with
 * the default size most of them survived two scavenges and were copied into the old generation.
 * Measured with bench/collect-cpu.ts on this 2-core machine: 167 → 148 µs of server CPU per
 * single-event request at a fixed 3,000 requests/s, and 8.5–8.8k → 10.3–10.6k requests/s
 * saturated. It costs up to 128 MB more of reserved young generation.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'] as const;
