// How node runs the built server, in one place: `npm start` (package.json, which a test holds to this list),
// the browser, fault and soak suites and the page bench all start it with these arguments.

/**
 * --max-old-space-size=512: with node's default limit (a quarter of the machine's memory, up to 4 GB) V8 lets
 * the heap grow to three or four times what survives a full collection before collecting again, and keeps
 * what it grew to: under steady load a server of 60–80 MB of live objects reserved 230 MB of heap and its RSS
 * climbed by a third in half an hour. With a limit of 640 MB or less V8 grows the heap by far less each time
 * (docs/performance.md, "Memory under a long run"); 512 MB is still six times the live heap of a busy server.
 */
export const SERVER_NODE_ARGS: readonly string[] = ['--enable-source-maps', '--max-old-space-size=512'];
