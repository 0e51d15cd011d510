// The OpenAPI validator every produced document goes through.
import {Validator} from '@seriousme/openapi-schema-validator';
import {expect} from 'vitest';

/** Fails with the validator's errors unless `document` (an object or YAML text) is valid OpenAPI 3.0. */
export async function expectValidOpenApi(document: unknown): Promise<void> {
	const validator = new Validator();
	const result = await validator.validate(document as Record<string, unknown> | string);
	expect(result.errors ?? [], 'OpenAPI validator errors').toEqual([]);
	expect(result.valid).toBe(true);
	expect(validator.version).toBe('3.0');
}
