// One log line per request instead of Fastify's two ("incoming request" and "request
// completed"). At the default level (info) logging is a large share of a light request's cost; the one
// line keeps everything both said (method, url, client address, status, time).
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Said by requestCompleted, together with the outcome.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
