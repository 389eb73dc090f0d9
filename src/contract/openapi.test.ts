import { describe, expect, it } from 'vitest';
import { keyPermissions } from './admin.js';
import { endpoints, type Endpoint } from './endpoints.js';
import { openApiDocument } from './openapi.js';

describe('openapi.json', () => {
  const doc = openApiDocument() as unknown as {
    openapi: string;
    paths: Record<
      string,
      Record<
        string,
        { parameters?: { name: string; in: string; required?: boolean }[]; responses: Record<string, unknown> }
      >
    >;
  };

  it('is OpenAPI 3.1 and lists every endpoint of the contract, aggregates included', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const e of Object.values(endpoints) as Endpoint[]) {
      expect(doc.paths[e.path]?.[e.method.toLowerCase()], e.path).toBeDefined();
      if (e.aggregatePath) expect(doc.paths[e.aggregatePath]?.post, e.aggregatePath).toBeDefined();
    }
    // + split-test-recommendations, split-tests, …/{experimentId}, …/stop; goals, goals/{goalId}, goals/report;
    // split tests' …/timeline, …/archive, …/restore (their DELETE shares …/{experimentId}); pages/elements
    expect(Object.keys(doc.paths)).toHaveLength(16 + 4 + 7 + 3 + 3 + 1);
  });

  it('documents required parameters and the error responses', () => {
    const trends = doc.paths['/properties/{propertyId}/traffic/trends'].get;
    const params = Object.fromEntries((trends.parameters ?? []).map((p) => [p.name, p]));
    expect(params.propertyId).toMatchObject({ in: 'path', required: true });
    expect(params.start).toMatchObject({ in: 'query', required: true });
    expect(params.granularity?.required).toBeFalsy();
    expect(Object.keys(trends.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429', '500']));
    expect(doc.paths['/properties/{propertyId}/saved-funnels'].post.responses['201']).toBeDefined();
    expect(doc.paths['/properties/{propertyId}/split-tests'].post.responses['201']).toBeDefined();
    expect(doc.paths['/properties/{propertyId}/split-tests/{experimentId}'].patch.responses['409']).toBeDefined();
    expect(doc.paths['/properties/{propertyId}/split-tests/{experimentId}/stop'].post.responses['409']).toBeDefined();
    expect(doc.paths['/properties/{propertyId}/split-tests/{experimentId}'].get.responses['409']).toBeUndefined();
    expect(doc.paths['/properties/{propertyId}/split-tests/{experimentId}'].delete.responses['409']).toBeDefined();
    expect(
      doc.paths['/properties/{propertyId}/split-tests/{experimentId}/archive'].post.responses['409'],
    ).toBeDefined();
  });

  it('names the permission each 403 is about: experiments for split-test writes, configure for goal and saved-funnel writes, metrics for the rest', () => {
    const forbidden = (path: string, method: string) =>
      (doc.paths[path][method].responses['403'] as { description: string }).description;
    expect(forbidden('/properties/{propertyId}/split-tests', 'post')).toMatch(/the experiments permission/);
    expect(forbidden('/properties/{propertyId}/split-tests/{experimentId}', 'patch')).toMatch(
      /the experiments permission/,
    );
    expect(forbidden('/properties/{propertyId}/split-tests/{experimentId}', 'get')).toMatch(/the metrics permission/);
    expect(forbidden('/properties/aggregate/traffic/trends', 'post')).toMatch(/the metrics permission/);
    expect(forbidden('/properties/{propertyId}/goals', 'post')).toMatch(/the configure permission/);
    expect(forbidden('/properties/{propertyId}/goals/{goalId}', 'delete')).toMatch(/the configure permission/);
    expect(forbidden('/properties/{propertyId}/saved-funnels', 'post')).toMatch(/the configure permission/);
    expect(forbidden('/properties/{propertyId}/saved-funnels/{funnelId}', 'delete')).toMatch(
      /the configure permission/,
    );
    expect(forbidden('/properties/{propertyId}/goals', 'get')).toMatch(/the metrics permission/);
    expect(forbidden('/properties/{propertyId}/saved-funnels', 'get')).toMatch(/the metrics permission/);
  });

  it('says what each permission a key can hold allows', () => {
    const bearer = (doc as unknown as { components: { securitySchemes: { bearer: { description: string } } } })
      .components.securitySchemes.bearer.description;
    for (const p of keyPermissions) expect(bearer).toContain(`\`${p}\``);
    expect(bearer).toMatch(/`configure` creates, changes and deletes goals and saved funnels/);
  });
});
