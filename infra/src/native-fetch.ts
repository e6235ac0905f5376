/**
 * What a deployed bundle gets for `import("node-fetch")`: the runtime's own `fetch` (Node.js 18+;
 * Lambda runs Node.js 24). gaxios, under Google's official client, loads node-fetch only when it is
 * given no `fetchImplementation` (the connectors always give one); bundled, node-fetch and its
 * polyfills (web-streams-polyfill, fetch-blob, formdata-polyfill) weigh about 90 KB minified.
 */
export default globalThis.fetch;
