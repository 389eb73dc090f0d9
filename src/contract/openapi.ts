import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { aggregateBody, API_PREFIX, endpoints, type Endpoint } from './endpoints.js';
import { errorEnvelope, propertyId } from './common.js';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorEnvelope } },
});
const errors = {
  400: errorResponse('invalid_request: a parameter or the body is invalid; `error.details.field` names it'),
  401: errorResponse('unauthorized: missing or invalid API key'),
  404: errorResponse('not_found'),
  429: errorResponse('rate_limited: retry after the Retry-After header'),
  500: errorResponse('internal_error'),
};

function operation(e: Endpoint, aggregate: boolean): ZodOpenApiOperationObject {
  const pathParams = aggregate ? undefined : z.object({ propertyId, ...(e.params?.shape ?? {}) });
  const body = aggregate ? aggregateBody : e.body;
  return {
    tags: [aggregate ? 'Aggregates' : e.tag],
    summary: aggregate ? `${e.summary}, over several properties` : e.summary,
    security: [{ bearer: [] }],
    requestParams: {
      ...(pathParams ? { path: pathParams } : {}),
      ...(e.query ? { query: e.query as z.ZodObject } : {}),
    },
    ...(body ? { requestBody: { content: { 'application/json': { schema: body } } } } : {}),
    responses: {
      [String(e.status ?? 200)]: { description: 'OK', content: { 'application/json': { schema: e.response } } },
      ...errors,
      403: errorResponse(
        `forbidden: the key lacks the property (\`error.details.property_ids\`) or the ${e.permission ?? 'metrics'} permission (\`error.details.permission\`)`,
      ),
      ...(e.conflict && !aggregate ? { 409: errorResponse(`conflict: ${e.conflict}`) } : {}),
    },
  };
}

/** The OpenAPI 3.1 document of the external API, generated from the same contract the server enforces. */
export function openApiDocument(serverUrl = API_PREFIX) {
  const paths: ZodOpenApiPathsObject = {};
  for (const e of Object.values(endpoints) as Endpoint[]) {
    const method = e.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    paths[e.path] = { ...paths[e.path], [method]: operation(e, false) };
    if (e.aggregatePath) paths[e.aggregatePath] = { post: operation(e, true) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Sightline external API',
      version: '1.0.0',
      description:
        'Web analytics and split testing. Every error uses the envelope `{error: {code, message, details}}`.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key: sl_ followed by 43 base62 characters. It holds permissions: `metrics` reads figures, goals ' +
            'and saved funnels; `experiments` creates, changes and stops split tests; `configure` creates, changes ' +
            'and deletes goals and saved funnels. Each operation names the one it needs in its 403.',
        },
      },
    },
    paths,
  });
}
