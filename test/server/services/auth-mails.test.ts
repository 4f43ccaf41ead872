// The account e-mails' button: the app's brand brown, like the customer mails, not antd's blue.
import { accountExistsMail, newVerificationLinkMail, passwordResetMail, verificationMail } from '../../../server/services/auth-mails';

describe('account e-mails', () => {
  it.each([
    ['verification', verificationMail('en', 'a@b.test', 'Ana', 'http://x.test/verify/1')],
    ['new verification link', newVerificationLinkMail('en', 'a@b.test', 'Ana', 'http://x.test/verify/2')],
    ['account exists', accountExistsMail('en', 'a@b.test', 'Ana', 'http://x.test/login')],
    ['password reset', passwordResetMail('en', 'a@b.test', 'Ana', 'http://x.test/reset/3')],
  ])('%s: the button is brand brown (#7a4a2a) with white text, never antd blue', (_name, mail) => {
    expect(mail.html).toContain('background:#7a4a2a;color:#fff');
    expect(mail.html).not.toMatch(/#1677ff|#1890ff/i);
  });
});
