/**
 * JSON schemas for the write bodies: only the shape (objects, strings, lists, sizes), checked by
 * Fastify before the handler. The rules and their human messages are the shared yup schemas',
 * applied next; this first pass makes sure yup only ever sees strings where it expects them
 * (yup's trim() throws on an object or an array instead of reporting it).
 */
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export const quoteBodySchema = {
  type: 'object',
  properties: {
    productIds: { type: 'array', maxItems: 20, items: text(200) },
    contactDetails: {
      type: 'object',
      properties: { firstName: text(500), lastName: text(500), email: text(500), phoneNumber: text(500), postcode: text(500) },
    },
    eventType: text(50),
    utm: { type: 'object', maxProperties: 20, additionalProperties: text(1000) },
  },
} as const;

export const enquiryBodySchema = {
  type: 'object',
  properties: {
    kind: text(50),
    name: text(500),
    email: text(500),
    phone: text(500),
    company: text(500),
    message: text(10_000),
    consent: { type: 'boolean' },
    machine: text(500),
    serialNumber: text(500),
    fault: text(10_000),
    urgency: text(50),
  },
} as const;
