import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running receiver: its address, the bodies received so far, and how to stop it. */
export interface Receiver<T = Record<string, unknown>> {
  url: string;
  bodies: T[];
  close: () => Promise<unknown>;
}

/** A local endpoint that records the JSON bodies of the webhook deliveries it receives, at `url`. */
export const startReceiver = async <T = Record<string, unknown>>(): Promise<Receiver<T>> => {
  const bodies: T[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      bodies.push(JSON.parse(body) as T);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, bodies, close: () => new Promise((resolve) => server.close(resolve)) };
};

/**
 * Bodies in the order their events happened (by `createdAt`, then as they arrived): deliveries go out side by side
 * and may arrive in another order.
 */
export const inEventOrder = <T>(bodies: T[]): T[] =>
  bodies
    .map((body, arrival) => ({ body, arrival, at: Date.parse(String((body as { createdAt?: unknown }).createdAt)) }))
    .sort((a, b) => a.at - b.at || a.arrival - b.arrival)
    .map(({ body }) => body);
