/** One reason a value is not a model, in the shape of jsonschema's errors (what ElectroDB reads). */
interface ModelCheckError {
  property: string;
  message: string;
}

/**
 * What a deployed bundle gets for ElectroDB's `require("jsonschema")`: a validator that accepts
 * every model without checking it against ElectroDB's JSON schema. ElectroDB checks each entity model
 * when the entity is built (`electrodb/src/validations.js`, twice per model: the beta shape, then
 * v1), which was most of the time a function spent building the table's entities at a cold start;
 * the models are fixed code, and every test run builds them unbundled with ElectroDB's real check
 * (an invalid model fails `npm test` before it can be deployed). ElectroDB's other checks (keys,
 * indexes, collections, attribute types) still run in the bundle.
 *
 * ElectroDB also asks the same check whether a value IS a model (`testModel`, which
 * `util.getInstanceType` calls for every member of a `Service`): an entity or service instance must
 * be refused there, or the service rebuilds each entity from the entity itself and throws at the
 * first use of the table. So a value is accepted only when it is a plain object (a model is an
 * object literal); anything else is answered with one error.
 *
 * Shape kept: `new Validator()`, `addSchema`, `validate` answering `{ valid, errors }`, and
 * `Validator.prototype.customFormats`, which ElectroDB extends.
 */
export class Validator {
  /** The formats ElectroDB registers (`isFunction`, ...); never consulted here. */
  declare customFormats: Record<string, (value: unknown) => boolean>;

  /** Registers a referenced schema: nothing to keep. */
  addSchema(): void {}

  /** A plain object is accepted (`errors` empty); an instance of a class (an entity, a service) or a non-object is not. */
  validate(instance: unknown): { valid: boolean; errors: ModelCheckError[] } {
    const plain =
      typeof instance === "object" &&
      instance !== null &&
      Object.getPrototypeOf(instance) === Object.prototype;
    return plain
      ? { valid: true, errors: [] }
      : { valid: false, errors: [{ property: "instance", message: "is not a model (a plain object)" }] };
  }
}
Validator.prototype.customFormats = {};
