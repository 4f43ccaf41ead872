// "Forgot password?", its link and the rate limit answer in the page's language (Accept-Language); English without it.
import type { TestApp } from '../../helpers';
import { freshAddress, withAuthApp } from '../../factories';

let t: TestApp;
withAuthApp((app) => {
  t = app;
});

const forgotPassword = (email: string, acceptLanguage?: string, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress,
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  });

describe('password reset refusals in the page’s language', () => {
  it('answers the request for a reset link in French to a French page, word for word in English without it', async () => {
    const french = await forgotPassword('nobody@example.test', 'fr-FR,fr;q=0.9');
    expect(french.statusCode).toBe(202);
    expect(french.json().message).toBe(
      'Si un compte utilise cette adresse e-mail, nous lui avons envoyé un lien pour choisir un nouveau mot de passe. Le lien fonctionne une seule fois, pendant 1 heure. ' +
        'Si l’adresse n’est pas encore vérifiée, nous avons plutôt envoyé un nouveau lien de vérification\u00a0: ouvrez-le pour définir votre mot de passe.',
    );
    expect((await forgotPassword('nobody@example.test')).json().message).toBe(
      'If an account uses this e-mail address, we have sent it a link to choose a new password. The link works once, for 1 hour. ' +
        'If the address is not verified yet, we have sent a new verification link instead: open it to set your password.',
    );
  });

  it('refuses an address that is not an e-mail address in Spanish to a Spanish page', async () => {
    const spanish = await forgotPassword('not-an-address', 'es');
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().error).toBe('Escribe una dirección de correo electrónico válida.');
    expect((await forgotPassword('not-an-address')).json().error).toBe('Enter a valid e-mail address.');
  });

  it('says an unknown reset link is not valid in French', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/not-a-real-token-at-all-0123456789',
      remoteAddress: freshAddress(),
      headers: { 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('Ce lien n’est pas valable. Il a peut-être déjà été utilisé\u00a0: demandez-en un nouveau depuis la page de connexion.');
  });

  it('says "too many attempts" with the wait in French once the reset requests of one address run out', async () => {
    const remoteAddress = freshAddress();
    let last = await forgotPassword('someone@example.test', 'fr', remoteAddress);
    for (let attempt = 0; attempt < 10 && last.statusCode !== 429; attempt += 1) {
      last = await forgotPassword('someone@example.test', 'fr', remoteAddress);
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().error).toMatch(/^Trop de tentatives\. Réessayez dans \d+ secondes\.$/);
  });
});
