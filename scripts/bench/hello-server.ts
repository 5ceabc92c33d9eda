// The bare baseline of the serving benchmark: Bun.serve answering "hello", nothing else.
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("hello") });
console.log(`hello listening on http://localhost:${server.port}`);
