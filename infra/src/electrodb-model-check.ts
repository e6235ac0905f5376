/**
 * What a deployed bundle gets for ElectroDB's `require("jsonschema")`: a validator that accepts
 * every model. ElectroDB checks each entity model against its JSON schema when the entity is built
 * (`electrodb/src/validations.js`, twice per model: the beta shape, then v1), which is most of the
 * time a function spends building the table's 33 entities at a cold start; the models are fixed
 * code, and every test run builds them unbundled with ElectroDB's real check (an invalid model fails
 * `npm test` before it can be deployed). ElectroDB's other checks (keys, indexes, collections,
 * attribute types) still run in the bundle. Shape kept: `new Validator()`, `addSchema`, `validate`
 * answering `{ valid, errors }`, and `Validator.prototype.customFormats`, which ElectroDB extends.
 */
export class Validator {
  /** The formats ElectroDB registers (`isFunction`, ...); never consulted here. */
  declare customFormats: Record<string, (value: unknown) => boolean>;

  /** Registers a referenced schema: nothing to keep. */
  addSchema(): void {}

  /** Every model is accepted: `errors` is empty. */
  validate(): { valid: true; errors: never[] } {
    return { valid: true, errors: [] };
  }
}
Validator.prototype.customFormats = {};
