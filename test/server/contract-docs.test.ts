// The routes' schemas come from src/api/contract/ and are shared between routes (one ErrorBody,
// one id schema, CustomerCard in four answers…). The OpenAPI description must still show each of them in
// full wherever it is used, and the one error body must keep `details` on every route.
import { ErrorBody } from '../../src/api/contract/common';
import { ID_MAX_LENGTH } from '../../src/api/contract/limits';
import { buildTestApp, type TestApp } from './helpers';

type Operation = {
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

describe('the OpenAPI description of the shared contract', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    doc = response.json() as Doc;
  });
  afterAll(async () => {
    await t.close();
  });

  const responseSchema = (path: string, method: string, status: string) => doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;

  it('shows the one error body, with details, on every route that answers errors', () => {
    // /api/health's 503 is its status body plus `error` (an operations probe, not part of the contract).
    const errorBodies = Object.entries(doc.paths).filter(([path]) => path !== '/api/health').flatMap(([, methods]) =>
      Object.values(methods).flatMap((operation) =>
        Object.entries(operation.responses)
          // Pages for a person (the unsubscribe link opened from a mail) answer HTML, not the JSON error body.
          .filter(([status, response]) => Number(status) >= 400 && !response.content?.['text/html'])
          .map(([, response]) => response.content?.['application/json']?.schema),
      ),
    );
    expect(errorBodies.length).toBeGreaterThan(100);
    for (const schema of errorBodies) {
      // The scan's refusals extend it (store, reward and card when known); every body keeps error and details.
      expect(schema).toMatchObject({ type: 'object', required: expect.arrayContaining(['error']) });
      expect(Object.keys((schema as { properties: object }).properties)).toEqual(expect.arrayContaining(Object.keys(ErrorBody.properties)));
    }
  });

  it('inlines a schema shared by several answers in each of them (no dangling $ref)', () => {
    expect(JSON.stringify(doc)).not.toContain('"$ref"');
    const card = { type: 'object', properties: expect.objectContaining({ stamps: expect.anything(), store: expect.objectContaining({ type: 'object' }) }) };
    expect(responseSchema('/api/customer/scan', 'post', '200')).toMatchObject({ properties: { card } });
    expect(responseSchema('/api/customer/cards', 'get', '200')).toMatchObject({ properties: { cards: { type: 'array', items: card } } });
    expect(responseSchema('/api/customer/cards/{cardId}/claim', 'post', '200')).toMatchObject({ properties: { card } });
  });

  it.each([
    ['/api/vendor/{vendorId}', 'get', 'vendorId'],
    ['/api/activity/{vendorId}', 'get', 'vendorId'],
    ['/api/customer/cards/{cardId}', 'get', 'cardId'],
    ['/api/handover/{vendorId}/claims/{claimId}', 'post', 'claimId'],
  ])('%s takes the one id schema for %s', (path, method, name) => {
    const parameter = doc.paths[path]?.[method]?.parameters?.find((candidate) => candidate.name === name && candidate.in === 'path');
    expect(parameter?.schema).toMatchObject({ type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH });
  });
});
