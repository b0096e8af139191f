// The baseline of bench/api.ts: a bare Fastify route returning a constant JSON, in its own process
// like the app, so every endpoint's figure can be read as a ratio to "Fastify doing nothing".
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/baseline', async () => ({ status: 1, message: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);
