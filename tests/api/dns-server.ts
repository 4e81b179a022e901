import { createSocket, type RemoteInfo } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import * as packet from 'dns-packet';

/**
 * A DNS server for the tests, speaking the protocol over UDP on a loopback port: it answers CNAME and TXT questions
 * from the records it is given (and changed while it runs), NXDOMAIN for names it has none of, and SERVFAIL once
 * told it is `failing`.
 */
export const startDnsServer = async () => {
  const records = new Map<string, { CNAME?: string; TXT?: string[] }>();
  let failing = false;
  const socket = createSocket('udp4');
  const answer = (message: Buffer, from: RemoteInfo) => {
    const query = packet.decode(message);
    const question = query.questions?.[0];
    const found = question ? records.get(question.name.toLowerCase()) : undefined;
    const answers: packet.Answer[] = [];
    if (question?.type === 'CNAME' && found?.CNAME) {
      answers.push({ type: 'CNAME', name: question.name, ttl: 60, class: 'IN', data: found.CNAME });
    }
    // One TXT record for each value.
    for (const value of question?.type === 'TXT' ? (found?.TXT ?? []) : []) {
      answers.push({ type: 'TXT', name: question?.name ?? '', ttl: 60, class: 'IN', data: value });
    }
    // The response code, the flags' low four bits: SERVFAIL 2, NXDOMAIN 3, NOERROR 0.
    const rcode = failing ? 2 : found ? 0 : 3;
    const reply = packet.encode({
      id: query.id,
      type: 'response',
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | rcode,
      questions: query.questions ?? [],
      answers: failing ? [] : answers,
    });
    socket.send(reply, from.port, from.address);
  };
  socket.on('message', answer);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    /** The `host:port` to give the server as its resolver. */
    address: `127.0.0.1:${port}`,
    setCname: (name: string, target: string) => records.set(name, { ...records.get(name), CNAME: target }),
    setTxt: (name: string, ...values: string[]) => records.set(name, { ...records.get(name), TXT: values }),
    clear: () => records.clear(),
    setFailing: (value: boolean) => {
      failing = value;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
};
