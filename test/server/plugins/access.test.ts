// Every route declares who may use it, and the app refuses to start with a route that does not.
import { buildApp } from '../../../server/app';
import { UndeclaredAccessError } from '../../../server/plugins/access';
import { ACCESS_LEVELS } from '../../../server/services/access';
import { buildTestApp, type TestApp } from '../helpers';

describe('route access declarations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses to register an /api/ route that declares no access level', async () => {
    const app = await buildApp(t.deps);
    try {
      expect(() => app.get('/api/forgotten/:vendorId', async () => ({ leaked: true }))).toThrow(UndeclaredAccessError);
    } finally {
      await app.close();
    }
  });

  it('refuses an access level that is not one of the known ones', async () => {
    const app = await buildApp(t.deps);
    try {
      // A misspelt level would otherwise slip through as no check at all.
      const config = { access: 'admin' } as unknown as { access: 'public' };
      expect(() => app.get('/api/misspelt', { config }, async () => ({}))).toThrow(UndeclaredAccessError);
    } finally {
      await app.close();
    }
  });

  it('knows an access level for every route of the API, the documentation included', () => {
    const apiRoutes = t.app.accessTable.filter((route) => route.url.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(50);
    for (const route of apiRoutes) expect(ACCESS_LEVELS).toContain(route.access);
    expect(apiRoutes.find((route) => route.url === '/api/docs' && route.method === 'GET')?.access).toBe('public');
  });

  it('guards the automatic HEAD twin of a guarded GET route', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/api/dashboard/some-store' });
    expect(response.statusCode).toBe(401);
  });
});
