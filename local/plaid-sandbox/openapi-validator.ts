// Validates raw Plaid bodies against Plaid's published OpenAPI schemas (openapi-subset.json, cut from
// plaid/plaid-openapi by openapi-extract.ts), for the sandbox's contract tests and the product's.
import { Ajv, type ValidateFunction } from 'ajv';
import { openApiToJsonSchema } from '../openapi-json-schema.ts';
import subset from './openapi-subset.json' with { type: 'json' };

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(openApiToJsonSchema({ components: subset.components }, 'plaid') as object, 'plaid');
const validators = new Map<string, ValidateFunction>();

/** The schema's complaints about `value` (empty when valid). */
export function plaidSchemaErrors(schema: string, value: unknown): string[] {
  let check = validators.get(schema);
  if (!check) {
    check = ajv.compile({ $ref: `plaid#/components/schemas/${schema}` });
    validators.set(schema, check);
  }
  return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

export const plaidSchemaSource = subset.source;
