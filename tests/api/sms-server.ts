import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message a Twilio-speaking server accepted: the account, the sender service, the recipient and the text. */
export interface ReceivedSms {
  accountSid: string;
  from: string;
  to: string;
  body: string;
}

export interface SmsTestServer {
  /** The base URL to give a Twilio connector (`baseUrl`). */
  url: string;
  messages: ReceivedSms[];
  /** The next message to `to` (E.164) not yet taken by an earlier call, as soon as it has arrived (no sleeps). */
  nextMessageTo: (to: string) => Promise<ReceivedSms>;
  close: () => Promise<unknown>;
}

/**
 * A local server speaking Twilio's Messages API as the product uses it: `POST /2010-04-01/Accounts/{sid}/Messages.json`
 * with basic auth (the account SID and its auth token) and a form body. It records what it accepts and answers as
 * Twilio does: 201 with the message's resource, 401 with Twilio's error JSON for a wrong token, 400 for a recipient
 * that is no E.164 number.
 */
export const startSmsServer = async (credentials: {
  accountSid: string;
  authToken: string;
}): Promise<SmsTestServer> => {
  const messages: ReceivedSms[] = [];
  const taken = new Set<ReceivedSms>();
  const waiting: { to: string; resolve: (message: ReceivedSms) => void }[] = [];
  const deliver = (message: ReceivedSms) => {
    messages.push(message);
    const index = waiting.findIndex((waiter) => waiter.to === message.to);
    if (index === -1) return;
    const [waiter] = waiting.splice(index, 1);
    taken.add(message);
    waiter?.resolve(message);
  };
  const nextMessageTo = (to: string) => {
    const arrived = messages.find((message) => !taken.has(message) && message.to === to);
    if (arrived) {
      taken.add(arrived);
      return Promise.resolve(arrived);
    }
    return new Promise<ReceivedSms>((resolve) => waiting.push({ to, resolve }));
  };
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const answer = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) return answer(404, { code: 20404, message: 'Not found', status: 404 });
      const expected = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`;
      if (match[1] !== credentials.accountSid || request.headers.authorization !== expected) {
        return answer(401, { code: 20003, message: 'Authenticate', status: 401 });
      }
      const form = new URLSearchParams(raw);
      const to = form.get('To') ?? '';
      if (!/^\+[1-9]\d{6,14}$/.test(to)) {
        return answer(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
      }
      deliver({
        accountSid: match[1],
        from: form.get('MessagingServiceSid') ?? '',
        to,
        body: form.get('Body') ?? '',
      });
      return answer(201, { sid: `SM${messages.length}`, status: 'accepted', to, body: form.get('Body') });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, messages, nextMessageTo, close: () => new Promise((resolve) => server.close(resolve)) };
};
