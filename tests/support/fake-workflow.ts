import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The body as received. */
  rawBody: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  body: unknown;
}

export interface WorkflowAnswer {
  status: number;
  /** Sent as JSON, except a string, which is sent as it is (to answer with something that is not JSON). */
  body: unknown;
  /** Wait this long before answering; longer than the caller's timeout to play a workflow that hangs. */
  delayMs?: number;
  /** Hold the answer until this settles: a test decides when the workflow answers, whatever the clock. */
  until?: Promise<unknown>;
}

export interface FakeWorkflow {
  /** The address to put in a webhook setting. */
  url: string;
  requests: RecordedRequest[];
  /** What the next requests get; a function answers each request from what it asked. */
  answer: WorkflowAnswer | ((request: RecordedRequest) => WorkflowAnswer);
  close(): Promise<void>;
}

/**
 * A real HTTP server standing in for an automation workflow (n8n or similar), on a free port of
 * the loopback interface: it records every request and answers with `answer`.
 */
export async function startFakeWorkflow(path = '/webhook'): Promise<FakeWorkflow> {
  const fake: { requests: RecordedRequest[]; answer: FakeWorkflow['answer'] } = {
    requests: [],
    answer: { status: 200, body: [] },
  };
  const pending = new Set<NodeJS.Timeout>();
  const server: Server = createServer(async (request, response) => {
    let rawBody = '';
    for await (const chunk of request) rawBody += chunk;
    let body: unknown;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const recorded = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, rawBody, body };
    fake.requests.push(recorded);
    const {
      status,
      body: answer,
      delayMs,
      until,
    } = typeof fake.answer === 'function' ? fake.answer(recorded) : fake.answer;
    if (until) await until;
    if (delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(timer);
          resolve();
        }, delayMs);
        pending.add(timer);
      });
    }
    if (response.destroyed) return;
    const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
    response.writeHead(status, { 'content-type': 'application/json' }).end(text);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}${path}`,
    close: () => {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
