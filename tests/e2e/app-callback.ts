/**
 * The application a sign-in returns to: a real page on a port of its own, so every way the sign-in pages end
 * (a form the user submits, or one their script submits) lands on something the browser can load.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AppCallback {
  /** `http://localhost:{port}/callback`, to register as the application's redirect URI. */
  url: string;
  close: () => Promise<void>;
}

export const startAppCallback = async (name: string): Promise<AppCallback> => {
  const server = createServer((_request, response) => {
    const title = name.replace(/[<&>]/g, '');
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!DOCTYPE html><title>${title}</title><h1>${title}</h1>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/callback`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
