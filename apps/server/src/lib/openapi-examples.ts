/** A JSON Schema as the zod schemas of the routes produce it. */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  example?: unknown;
  default?: unknown;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  [key: string]: unknown;
};

// Values by property name read better in an example than 'string': a script author sees the kind.
const NAMED: Record<string, unknown> = {
  email: 'asha.verma@example.org',
  password: 'Correct#Horse7',
  name: 'Asha Verma',
  title: 'Inter-IIT Hackathon',
  description: 'What it is about, in a sentence or two.',
  username: 'asha.verma',
  studentId: '24100001',
  message: 'Some fields need attention.',
};

const BY_FORMAT: Record<string, string> = {
  'date-time': '2026-11-21T10:30:00.000Z',
  date: '2026-11-21',
  time: '10:30',
  uuid: '0b6f2a5e-6c1d-4f7e-9a2b-3c4d5e6f7a8b',
  email: 'asha.verma@example.org',
};

function scalarOf(
  type: string,
  schema: JsonSchema,
  name: string | undefined,
  publicUrl: string,
): unknown {
  switch (type) {
    case 'string':
      if (schema.format === 'uri' || schema.format === 'url') return `${publicUrl}/`;
      if (schema.format && BY_FORMAT[schema.format]) return BY_FORMAT[schema.format];
      return name && typeof NAMED[name] === 'string' ? NAMED[name] : 'string';
    case 'integer':
    case 'number':
      return Math.max(typeof schema.minimum === 'number' ? schema.minimum : 0, name === 'page' ? 1 : 0);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** A plausible value of a schema, for the examples of the OpenAPI document. */
export function exampleOf(schema: JsonSchema, publicUrl: string, name?: string, depth = 0): unknown {
  if (depth > 12) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) {
    const first = choice.find((option) => option.type !== 'null') ?? choice[0]!;
    return exampleOf(first, publicUrl, name, depth + 1);
  }
  if (schema.allOf?.length)
    return Object.assign(
      {},
      ...schema.allOf.map((part) => exampleOf(part, publicUrl, name, depth + 1) as object),
    );
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'object'];
  const type = types.find((candidate) => candidate !== 'null') ?? 'null';
  if (type === 'array')
    return schema.items ? [exampleOf(schema.items, publicUrl, undefined, depth + 1)] : [];
  if (type === 'object') {
    const entries = Object.entries(schema.properties ?? {});
    return Object.fromEntries(
      entries.map(([key, value]) => [key, exampleOf(value, publicUrl, key, depth + 1)]),
    );
  }
  return scalarOf(type, schema, name, publicUrl);
}
