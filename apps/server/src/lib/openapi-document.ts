import { ERROR_CODES, apiAccessFor, type Access } from '@cosa/contracts';
import { exampleOf, type JsonSchema } from './openapi-examples';

/*
 * Completes the OpenAPI document the routes' zod schemas produce, so that a developer outside the
 * portal can write a first script from it alone: the session cookie scheme and which operations
 * need it (read from the access table the server enforces), every response named in the one error
 * shape with an example, and at the top how to sign in and the same-origin rule.
 */

type Operation = {
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema; example?: unknown }> };
  responses?: Record<string, Response>;
  description?: string;
};
type Response = {
  description: string;
  content?: Record<string, { schema?: JsonSchema; example?: unknown }>;
  headers?: Record<string, unknown>;
};
type Document = {
  info: { title: string; version: string; description?: string };
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
  paths?: Record<string, Record<string, Operation>>;
};

const SESSION_COOKIE = 'cosa_session';
const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);

/** What each status means here, and an example body in the one error shape. */
const ERRORS: Record<
  string,
  { description: string; code: string; message: string; fields?: Record<string, string> }
> = {
  '400': {
    description:
      'Invalid input: nothing changed. `error.fields` names each wrong field with its message.',
    code: ERROR_CODES.validation,
    message: 'Some fields need attention.',
    fields: { title: 'Title is required' },
  },
  '401': {
    description: 'Not signed in: sign in with POST /api/auth/login and send its `cosa_session` cookie.',
    code: ERROR_CODES.unauthenticated,
    message: 'Please sign in to continue.',
  },
  '403': {
    description:
      'Refused: the signed-in account may not do this (its role, an unproven e-mail or unfinished onboarding), or a state-changing request did not name the portal in `Origin`.',
    code: ERROR_CODES.forbidden,
    message: 'You do not have permission to do this.',
  },
  '404': {
    description: 'Not found, or not visible to the signed-in account.',
    code: ERROR_CODES.notFound,
    message: 'Not found.',
  },
  '409': {
    description:
      'Conflict with what is stored (a duplicate, or a record already decided): nothing changed.',
    code: ERROR_CODES.conflict,
    message: 'This has already been decided.',
  },
  '413': {
    description: 'The upload is larger than this operation accepts.',
    code: ERROR_CODES.tooLarge,
    message: 'The upload is too large.',
  },
  '415': {
    description: 'The request body is not of a content type this operation accepts.',
    code: ERROR_CODES.badRequest,
    message: 'This content type is not accepted.',
  },
  '429': {
    description: 'Too many requests: wait as long as the `Retry-After` header says, then try again.',
    code: ERROR_CODES.tooManyRequests,
    message: 'Too many attempts. Please wait 15 minutes and try again.',
  },
  '503': {
    description: 'The service cannot answer now (its database is unreachable).',
    code: ERROR_CODES.unavailable,
    message: 'The service is unavailable. Please try again shortly.',
  },
};

const SUCCESS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '204': 'Done: no content.',
};

const ERROR_SCHEMA_REF = { $ref: '#/components/schemas/Error' };
const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'The one error shape of every refused request.',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', description: 'A stable, machine-readable code.' },
        message: { type: 'string', description: 'A sentence to show a person.' },
        fields: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'For invalid input: each wrong field with its message.',
        },
      },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

/** The access declaration of an OpenAPI path ('/api/x/{id}' is the route '/api/x/:id'). */
function accessOf(method: string, path: string): Access {
  return apiAccessFor(method.toUpperCase(), path.replace(/\{([^}]+)\}/g, ':$1')) ?? 'public';
}

const needsSession = (access: Access) => access !== 'public' && access !== 'guest';

function errorResponse(status: string): Response {
  const error = ERRORS[status]!;
  return {
    description: error.description,
    content: {
      'application/json': {
        schema: ERROR_SCHEMA_REF,
        example: {
          error: {
            code: error.code,
            message: error.message,
            ...(error.fields ? { fields: error.fields } : {}),
          },
        },
      },
    },
  };
}

/** A file an operation answers with, for those whose route declares no success body. */
function fileResponse(path: string): Response {
  if (path.endsWith('/credential'))
    return { description: 'The signed credential (a VC-JWT).', content: { 'application/jwt': {} } };
  return { description: 'The file, as CSV with a header row.', content: { 'text/csv': {} } };
}

/** The statuses an operation can answer with besides those its route declares. */
function impliedStatuses(method: string, path: string, operation: Operation, access: Access): string[] {
  const statuses: string[] = [];
  const takesInput = Boolean(operation.requestBody) || (operation.parameters?.length ?? 0) > 0;
  if (takesInput) statuses.push('400');
  if (needsSession(access)) statuses.push('401');
  // Every role, proof and onboarding step is a 403; so is a state-changing request without Origin.
  if (access !== 'public' && access !== 'signedIn') statuses.push('403');
  if (STATE_CHANGING.has(method)) statuses.push('403');
  if (path.includes('{')) statuses.push('404');
  return statuses;
}

function completeOperation(method: string, path: string, operation: Operation, publicUrl: string) {
  const access = accessOf(method, path);
  operation.security = needsSession(access) ? [{ session: [] }] : [];
  const responses: Record<string, Response> = { ...operation.responses };
  if (!Object.keys(responses).some((status) => status.startsWith('2')))
    responses['200'] = fileResponse(path);
  for (const status of impliedStatuses(method, path, operation, access))
    responses[status] ??= errorResponse(status);
  for (const [status, response] of Object.entries(responses)) {
    if (ERRORS[status]) {
      // The stream of notifications declares its refusals under its own content type; they are JSON.
      responses[status] = errorResponse(status);
      continue;
    }
    if (response.description === 'Default Response') response.description = SUCCESS[status] ?? 'OK';
    const json = response.content?.['application/json'];
    if (json?.schema && json.example === undefined) json.example = exampleOf(json.schema, publicUrl);
  }
  operation.responses = Object.fromEntries(
    Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
  );
  const body = operation.requestBody?.content?.['application/json'];
  if (body?.schema && body.example === undefined) body.example = exampleOf(body.schema, publicUrl);
}

/** The introduction at the top of /api/docs: signing in, the same-origin rule, errors, a first script. */
function openApiIntroduction(instituteName: string, publicUrl: string): string {
  return `The API of the ${instituteName} COSA Portal: the same API the portal's own pages use, at ${publicUrl}.

## Signing in
Operations marked with a lock need a session. Sign in with \`POST /api/auth/login\` and the JSON body \`{"email": "...", "password": "..."}\` (an account with a password; an account that signs in only with Google sets one with "Forgot Password?" first). The answer sets the session cookie \`${SESSION_COOKIE}\` (httpOnly); send it back as \`Cookie: ${SESSION_COOKIE}=...\` on every later request. \`GET /api/auth/session\` says who is signed in; \`POST /api/auth/logout\` ends the session. Sign-in is rate limited: a 429 says how long to wait in \`Retry-After\`.

## The same-origin rule
Every state-changing request (POST, PUT, PATCH, DELETE), signing in included, must carry the header \`Origin: ${publicUrl}\`, the portal's own address. Without it, or with another address, the request is refused with 403 and the code \`${ERROR_CODES.crossOrigin}\`, and nothing changes. GET requests need no \`Origin\`.

## Errors
Every refusal has one shape: \`{"error": {"code": "...", "message": "...", "fields": {"name": "message"}}}\`. 400 invalid input (\`fields\` names each wrong field), 401 not signed in, 403 not allowed (role, unproven e-mail, onboarding, or the same-origin rule), 404 not found or not visible to you, 409 conflict with what is stored, 413 too large, 429 too many requests.

## A first script
Node.js 22 or later (no packages needed):

\`\`\`js
const portal = '${publicUrl}';
const email = 'you@example.org';
const password = 'your password';

// 1. Sign in: the answer sets the session cookie.
const signIn = await fetch(\`\${portal}/api/auth/login\`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: portal },
  body: JSON.stringify({ email, password }),
});
if (!signIn.ok) throw new Error((await signIn.json()).error.message);
const cookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');

// 2. Read: a GET sends the cookie only.
const { user } = await (await fetch(\`\${portal}/api/auth/session\`, { headers: { cookie } })).json();
console.log(\`Signed in as \${user.name}\`);

// 3. Change something: POST, PUT, PATCH and DELETE also name the portal in Origin.
const read = await fetch(\`\${portal}/api/notifications/read-all\`, {
  method: 'POST',
  headers: { cookie, origin: portal },
});
console.log(\`Unread notifications: \${(await read.json()).unread}\`);
\`\`\``;
}

/** The document with its security, responses, examples and introduction completed. */
export function completeOpenApiDocument<T>(
  document: T,
  settings: { instituteName: string; publicUrl: string },
): T {
  const doc = document as Document;
  doc.info.description = openApiIntroduction(settings.instituteName, settings.publicUrl);
  doc.components = {
    ...doc.components,
    securitySchemes: {
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: 'The session cookie POST /api/auth/login sets.',
      },
    },
    schemas: { ...doc.components?.schemas, Error: ERROR_SCHEMA },
  };
  for (const [path, operations] of Object.entries(doc.paths ?? {}))
    for (const [method, operation] of Object.entries(operations))
      completeOperation(method, path, operation, settings.publicUrl);
  return document;
}
