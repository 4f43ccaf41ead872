// Campaign mail through the real mailer (nodemailer, outbox mode): the written message carries the
// one-click unsubscribe headers mail programs show an "Unsubscribe" button for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMailer } from '../../../../server/infra/mailer';
import { campaignMail } from '../../../../server/services/campaign-delivery/email';

let outboxDir: string;

beforeEach(() => {
  outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-outbox-'));
});
afterEach(() => fs.rmSync(outboxDir, { recursive: true, force: true }));

it('writes the campaign mail with List-Unsubscribe, List-Unsubscribe-Post: List-Unsubscribe=One-Click and a Message-ID made from the delivery key', async () => {
  const mailer = createMailer({ smtpUrl: undefined, from: 'Stampwise <no-reply@stampwise.test>', outboxDir, announce: () => undefined });
  const unsubscribe = 'http://stampwise.test/api/unsubscribe/v.c.tag';
  await mailer.send(
    campaignMail(
      'ana@example.com',
      { messageId: 'm', deliveryKey: 'k3y-of_the-message0123456789abcd', campaignId: 'c', vendorId: 'v', customerId: 'c', storeName: 'Café Luna', title: 'Winter Warmer Week', body: 'A free pastry.', url: 'http://stampwise.test/wallet/card' },
      unsubscribe,
      'es',
      'http://stampwise.test',
    ),
  );
  mailer.close();
  const [file] = fs.readdirSync(outboxDir);
  const raw = fs.readFileSync(path.join(outboxDir, file), 'utf8');
  expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/stampwise\.test\/api\/unsubscribe\/v\.c\.tag>$/m);
  expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(raw).toMatch(/^To: ana@example\.com$/m);
  expect(raw).toMatch(/^Message-ID: <campaign\.k3y-of_the-message0123456789abcd@stampwise\.test>$/m);
});
