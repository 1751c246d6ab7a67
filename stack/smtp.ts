import { createServer, type Server, type Socket } from 'node:net';

/**
 * The inbox's SMTP side (Mailpit listens for SMTP on 54325 beside its API on 54324): enough of RFC
 * 5321 for a mail library on a trusted loopback connection (EHLO/HELO, AUTH PLAIN/LOGIN accepted
 * with any credentials, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS), and enough MIME to read what it
 * receives (headers, RFC 2047 words, multipart, quoted-printable and base64). The edge functions send
 * the after-class summaries here locally, as they would to a real SMTP server on hosted.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string[]>;
}

export interface SmtpServer {
  server: Server;
  /** Answers the next `count` messages' DATA with a temporary failure (451), as a mail server may. */
  refuseNext(count: number): void;
}

const decodeQuotedPrintable = (value: string): Buffer => {
  const soft = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
};

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as in a Subject. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function splitHeaders(raw: string): { headers: Record<string, string[]>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string[]> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line
      .slice(0, colon)
      .trim()
      .toLowerCase()
      .replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
    (headers[name] ??= []).push(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

/** The text and HTML parts of a message (the first of each), whatever nesting of multiparts holds them. */
function parts(headers: Record<string, string[]>, body: string): { text: string; html: string } {
  const type = headers['Content-Type']?.[0] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const found = { text: '', html: '' };
    const chunks = body.split(`--${boundary}`).slice(1);
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break;
      const inner = splitHeaders(chunk.replace(/^\r?\n/, ''));
      const got = parts(inner.headers, inner.body.replace(/\r?\n$/, ''));
      found.text ||= got.text;
      found.html ||= got.html;
    }
    return found;
  }
  const decoded = decodeBody(body, headers['Content-Transfer-Encoding']?.[0]);
  return /^text\/html/i.test(type) ? { text: '', html: decoded } : { text: decoded, html: '' };
}

export function parseMessage(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const { text, html } = parts(headers, body);
  return {
    from: decodeWords(headers.From?.[0] ?? envelope.from),
    to: envelope.to,
    subject: decodeWords(headers.Subject?.[0] ?? ''),
    text,
    html,
    headers,
  };
}

export function createSmtpServer(receive: (mail: ReceivedMail) => Promise<void>, log: (line: string) => void = () => {}): SmtpServer {
  let refusals = 0;
  const server = createServer((socket: Socket) => {
    socket.setEncoding('latin1');
    socket.on('error', () => {});
    let buffer = '';
    let from = '';
    let to: string[] = [];
    let data: string[] | null = null;
    let authStep: 'user' | 'pass' | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 classpulse.local ESMTP local inbox');

    const command = async (line: string) => {
      if (data) {
        if (line === '.') {
          const raw = Buffer.from(data.join('\r\n'), 'latin1').toString('utf8');
          data = null;
          if (refusals > 0) {
            refusals--;
            log(`SMTP refused a message to ${to.join(', ')} (as a test asked)`);
            reply('451 4.3.0 Temporary failure, try again later');
          } else {
            await receive(parseMessage(raw, { from, to }));
            reply('250 2.0.0 OK: queued');
          }
          from = '';
          to = [];
        } else {
          data.push(line.startsWith('..') ? line.slice(1) : line);
        }
        return;
      }
      if (authStep) {
        authStep = authStep === 'user' ? 'pass' : null;
        reply(authStep ? '334 UGFzc3dvcmQ6' : '235 2.7.0 Authentication successful');
        return;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') {
        socket.write('250-classpulse.local\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250-AUTH PLAIN LOGIN\r\n250 SIZE 10485760\r\n');
      } else if (verb === 'HELO') reply('250 classpulse.local');
      else if (verb === 'AUTH') {
        const [, mechanism, initial] = line.split(/\s+/);
        if (mechanism?.toUpperCase() === 'LOGIN') {
          authStep = initial ? 'pass' : 'user';
          reply(initial ? '334 UGFzc3dvcmQ6' : '334 VXNlcm5hbWU6');
        } else reply('235 2.7.0 Authentication successful');
      } else if (verb === 'MAIL') {
        from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        to = [];
        reply('250 2.1.0 OK');
      } else if (verb === 'RCPT') {
        to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        reply('250 2.1.5 OK');
      } else if (verb === 'DATA') {
        if (!to.length) reply('503 5.5.1 No recipients');
        else {
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        }
      } else if (verb === 'RSET') {
        from = '';
        to = [];
        reply('250 2.0.0 OK');
      } else if (verb === 'NOOP') reply('250 2.0.0 OK');
      else if (verb === 'QUIT') {
        reply('221 2.0.0 Bye');
        socket.end();
      } else reply('502 5.5.2 Command not implemented');
    };

    let queue = Promise.resolve();
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        queue = queue
          .then(() => command(line))
          .catch(() => {
            reply('451 4.3.0 Local error');
          });
      }
    });
  });
  return {
    server,
    refuseNext: (count) => {
      refusals = count;
    },
  };
}
