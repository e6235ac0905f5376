import { createRequire } from 'module'; const require = createRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key2 of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key2) && key2 !== except)
        __defProp(to, key2, { get: () => from[key2], enumerable: !(desc = __getOwnPropDesc(from, key2)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// node_modules/electrodb/src/types.js
var require_types = __commonJS({
  "node_modules/electrodb/src/types.js"(exports, module) {
    var KeyTypes = {
      pk: "pk",
      sk: "sk"
    };
    var DataOptions = {
      raw: "raw",
      includeKeys: "includeKeys",
      attributes: "attributes"
    };
    var BatchWriteTypes = {
      batch: "batch",
      concurrent: "concurrent"
    };
    var ComparisonTypes = {
      keys: "keys",
      attributes: "attributes",
      v2: "v2"
    };
    var QueryTypes = {
      and: "and",
      gte: "gte",
      gt: "gt",
      lte: "lte",
      lt: "lt",
      eq: "eq",
      begins: "begins",
      between: "between",
      collection: "collection",
      clustered_collection: "clustered_collection",
      composite_collection: "composite_collection",
      is: "is"
    };
    var MethodTypes = {
      check: "check",
      put: "put",
      get: "get",
      query: "query",
      scan: "scan",
      update: "update",
      delete: "delete",
      remove: "remove",
      patch: "patch",
      create: "create",
      batchGet: "batchGet",
      batchWrite: "batchWrite",
      upsert: "upsert",
      transactWrite: "transactWrite",
      transactGet: "transactGet"
    };
    var TransactionMethods = {
      transactWrite: MethodTypes.transactWrite,
      transactGet: MethodTypes.transactGet
    };
    var TransactionOperations = {
      [MethodTypes.get]: "Get",
      [MethodTypes.check]: "ConditionCheck",
      [MethodTypes.put]: "Put",
      [MethodTypes.create]: "Put",
      [MethodTypes.upsert]: "Update",
      [MethodTypes.update]: "Update",
      [MethodTypes.patch]: "Update",
      [MethodTypes.remove]: "Delete",
      [MethodTypes.delete]: "Delete"
    };
    var MethodTypeTranslation = {
      put: "put",
      get: "get",
      query: "query",
      scan: "scan",
      update: "update",
      delete: "delete",
      remove: "delete",
      patch: "update",
      create: "put",
      batchGet: "batchGet",
      batchWrite: "batchWrite",
      upsert: "update",
      transactWrite: "transactWrite",
      transactGet: "transactGet"
    };
    var IndexTypes = {
      isolated: "isolated",
      clustered: "clustered",
      composite: "composite"
    };
    var Comparisons = {
      lte: "<=",
      lt: "<",
      gte: ">=",
      gt: ">"
    };
    var KeyAttributesComparisons = {
      lt: "<",
      gte: ">=",
      /**
       * gt becomes gte and last character of incoming value is shifted up one character code
       * example:
       * sk > '2020-09-05'
       *   expected
       *     - 2020-09-06@05:05_hero
       *     - 2020-10-05@05:05_hero
       *     - 2022-02-05@05:05_villian
       *     - 2022-06-05@05:05_clown
       *     - 2022-09-06@05:05_clown
       *   actual (bad - includes all 2020-09-05 records)
       *     - 2020-09-05@05:05_hero
       *     - 2020-09-06@05:05_hero
       *     - 2020-10-05@05:05_hero
       *     - 2022-02-05@05:05_villian
       *     - 2022-06-05@05:05_clown
       */
      gt: ">=",
      /**
       * lte becomes lt and last character of incoming value is shifted up one character code
       * example:
       * sk >= '2020-09-05'
       *   expected
       *     - 2012-02-05@05:05_clown
       *     - 2015-10-05@05:05_hero
       *     - 2017-02-05@05:05_clown
       *     - 2017-02-05@05:05_villian
       *     - 2020-02-05@05:05_clown
       *     - 2020-02-25@05:05_clown
       *     - 2020-09-05@05:05_hero
       *   actual (bad - missing all 2020-09-05 records)
       *     - 2012-02-05@05:05_clown
       *     - 2015-10-05@05:05_hero
       *     - 2017-02-05@05:05_clown
       *     - 2017-02-05@05:05_villian
       *     - 2020-02-05@05:05_clown
       *     - 2020-02-25@05:05_clown
       */
      lte: "<"
    };
    var CastTypes = ["string", "number"];
    var AttributeTypes = {
      string: "string",
      number: "number",
      boolean: "boolean",
      enum: "enum",
      map: "map",
      set: "set",
      // enumSet: "enumSet",
      list: "list",
      any: "any",
      custom: "custom",
      static: "static"
    };
    var PathTypes = {
      ...AttributeTypes,
      item: "item"
    };
    var ExpressionTypes = {
      ConditionExpression: "ConditionExpression",
      FilterExpression: "FilterExpression"
    };
    var ElectroInstance = {
      entity: /* @__PURE__ */ Symbol("entity"),
      service: /* @__PURE__ */ Symbol("service"),
      electro: /* @__PURE__ */ Symbol("electro")
    };
    var ElectroInstanceTypes = {
      electro: "electro",
      service: "service",
      entity: "entity",
      model: "model"
    };
    var ModelVersions = {
      beta: "beta",
      v1: "v1",
      v2: "v2"
    };
    var EntityVersions = {
      v1: "v1"
    };
    var ServiceVersions = {
      v1: "v1"
    };
    var MaxBatchItems = {
      [MethodTypes.batchGet]: 100,
      [MethodTypes.batchWrite]: 25
    };
    var AttributeMutationMethods = {
      get: "get",
      set: "set"
    };
    var Pager = {
      raw: "raw",
      named: "named",
      item: "item",
      cursor: "cursor"
    };
    var UnprocessedTypes = {
      raw: "raw",
      item: "item"
    };
    var AttributeWildCard = "*";
    var ItemOperations = {
      set: "set",
      delete: "delete",
      remove: "remove",
      add: "add",
      subtract: "subtract",
      append: "append",
      ifNotExists: "ifNotExists",
      none: ""
    };
    var UpsertOperations = {
      set: "set",
      add: "add",
      subtract: "subtract",
      append: "append",
      ifNotExists: "ifNotExists"
    };
    var AttributeProxySymbol = /* @__PURE__ */ Symbol("attribute_proxy");
    var TransactionCommitSymbol = /* @__PURE__ */ Symbol("transaction_commit");
    var BuilderTypes = {
      update: "update",
      filter: "filter"
    };
    var ValueTypes = {
      string: "string",
      boolean: "boolean",
      number: "number",
      array: "array",
      set: "set",
      aws_set: "aws_set",
      object: "object",
      map: "map",
      null: "null",
      undefined: "undefined",
      unknown: "unknown"
    };
    var TraverserIndexes = {
      readonly: "readonly",
      required: "required",
      getters: "getters",
      setters: "setters"
    };
    var ReturnValues = {
      default: "default",
      none: "none",
      all_old: "all_old",
      updated_old: "updated_old",
      all_new: "all_new",
      updated_new: "updated_new"
    };
    var FormatToReturnValues = {
      none: "NONE",
      default: "NONE",
      all_old: "ALL_OLD",
      updated_old: "UPDATED_OLD",
      all_new: "ALL_NEW",
      updated_new: "UPDATED_NEW"
    };
    var TableIndex = "";
    var KeyCasing = {
      none: "none",
      upper: "upper",
      lower: "lower",
      default: "default"
    };
    var DefaultKeyCasing = KeyCasing.lower;
    var EventSubscriptionTypes = ["query", "results"];
    var TerminalOperation = {
      go: "go",
      page: "page"
    };
    var AllPages = "all";
    var ResultOrderOption = {
      asc: true,
      desc: false
    };
    var ResultOrderParam = "ScanIndexForward";
    var DynamoDBAttributeTypes = Object.entries({
      string: "S",
      stringSet: "SS",
      number: "N",
      numberSet: "NS",
      binary: "B",
      binarySet: "BS",
      boolean: "BOOL",
      null: "NULL",
      list: "L",
      map: "M"
    }).reduce((obj, [name, type]) => {
      obj[name] = type;
      obj[type] = type;
      return obj;
    }, {});
    var CastKeyOptions = {
      string: "string",
      number: "number"
    };
    var IndexProjectionOptions = {
      all: "all",
      keys_only: "keys_only"
    };
    var EntityIdentifiers = {
      entity: "__edb_e__",
      version: "__edb_v__"
    };
    var EntityIdentifierFields = ["__edb_e__", "__edb_v__"];
    module.exports = {
      Pager,
      KeyTypes,
      CastTypes,
      KeyCasing,
      PathTypes,
      IndexTypes,
      QueryTypes,
      ValueTypes,
      TableIndex,
      MethodTypes,
      DataOptions,
      Comparisons,
      BuilderTypes,
      ReturnValues,
      MaxBatchItems,
      ModelVersions,
      ItemOperations,
      AttributeTypes,
      EntityVersions,
      CastKeyOptions,
      ComparisonTypes,
      ServiceVersions,
      ExpressionTypes,
      ElectroInstance,
      TraverserIndexes,
      UnprocessedTypes,
      AttributeWildCard,
      TerminalOperation,
      FormatToReturnValues,
      AttributeProxySymbol,
      ElectroInstanceTypes,
      MethodTypeTranslation,
      EventSubscriptionTypes,
      DynamoDBAttributeTypes,
      KeyAttributesComparisons,
      AttributeMutationMethods,
      AllPages,
      ResultOrderOption,
      ResultOrderParam,
      TransactionCommitSymbol,
      TransactionOperations,
      TransactionMethods,
      UpsertOperations,
      BatchWriteTypes,
      DefaultKeyCasing,
      IndexProjectionOptions,
      EntityIdentifiers,
      EntityIdentifierFields
    };
  }
});

// node_modules/electrodb/src/errors.js
var require_errors = __commonJS({
  "node_modules/electrodb/src/errors.js"(exports, module) {
    function getHelpLink(section) {
      section = section || "unknown-error-5001";
      return `https://electrodb.dev/en/reference/errors/#${section}`;
    }
    var ErrorCode = /* @__PURE__ */ Symbol("error-code");
    var ErrorCodes = {
      NoClientDefined: {
        code: 1001,
        section: "no-client-defined-on-model",
        name: "NoClientDefined",
        sym: ErrorCode
      },
      InvalidIdentifier: {
        code: 1002,
        section: "invalid-identifier",
        name: "InvalidIdentifier",
        sym: ErrorCode
      },
      InvalidKeyCompositeAttributeTemplate: {
        code: 1003,
        section: "invalid-key-composite-attribute-template",
        name: "InvalidKeyCompositeAttributeTemplate",
        sym: ErrorCode
      },
      DuplicateIndexes: {
        code: 1004,
        section: "duplicate-indexes",
        name: "DuplicateIndexes",
        sym: ErrorCode
      },
      CollectionNoSK: {
        code: 1005,
        section: "collection-without-an-sk",
        name: "CollectionNoSK",
        sym: ErrorCode
      },
      DuplicateCollections: {
        code: 1006,
        section: "duplicate-collections",
        name: "DuplicateCollections",
        sym: ErrorCode
      },
      MissingPrimaryIndex: {
        code: 1007,
        section: "missing-primary-index",
        name: "MissingPrimaryIndex",
        sym: ErrorCode
      },
      InvalidAttributeDefinition: {
        code: 1008,
        section: "invalid-attribute-definition",
        name: "InvalidAttributeDefinition",
        sym: ErrorCode
      },
      InvalidModel: {
        code: 1009,
        section: "invalid-model",
        name: "InvalidModel",
        sym: ErrorCode
      },
      InvalidOptions: {
        code: 1010,
        section: "invalid-options",
        name: "InvalidOptions",
        sym: ErrorCode
      },
      InvalidFilter: {
        code: 1011,
        section: "filters",
        name: "InvalidFilter",
        sym: ErrorCode
      },
      InvalidWhere: {
        code: 1012,
        section: "where",
        name: "InvalidWhere",
        sym: ErrorCode
      },
      InvalidJoin: {
        code: 1013,
        section: "join",
        name: "InvalidJoin",
        sym: ErrorCode
      },
      DuplicateIndexFields: {
        code: 1014,
        section: "duplicate-index-fields",
        name: "DuplicateIndexField",
        sym: ErrorCode
      },
      DuplicateIndexCompositeAttributes: {
        code: 1015,
        section: "duplicate-index-composite-attributes",
        name: "DuplicateIndexCompositeAttributes",
        sym: ErrorCode
      },
      InvalidAttributeWatchDefinition: {
        code: 1016,
        section: "invalid-attribute-watch-definition",
        name: "InvalidAttributeWatchDefinition",
        sym: ErrorCode
      },
      IncompatibleKeyCompositeAttributeTemplate: {
        code: 1017,
        section: "incompatible-key-composite-attribute-template",
        name: "IncompatibleKeyCompositeAttributeTemplate",
        sym: ErrorCode
      },
      InvalidIndexWithAttributeName: {
        code: 1018,
        section: "invalid-index-with-attribute-name",
        name: "InvalidIndexWithAttributeName",
        sym: ErrorCode
      },
      InvalidCollectionOnIndexWithAttributeFieldNames: {
        code: 1019,
        section: "invalid-collection-on-index-with-attribute-field-names",
        name: "InvalidIndexCompositeWithAttributeName",
        sym: ErrorCode
      },
      IncompatibleKeyCasing: {
        code: 1020,
        section: "incompatible-key-casing",
        name: "IncompatibleKeyCasing",
        sym: ErrorCode
      },
      InvalidListenerProvided: {
        code: 1021,
        section: "invalid-listener-provided",
        name: "InvalidListenerProvided",
        sym: ErrorCode
      },
      InvalidLoggerProvided: {
        code: 1022,
        section: "invalid-logger-provided",
        name: "InvalidLoggerProvided",
        sym: ErrorCode
      },
      InvalidClientProvided: {
        code: 1023,
        section: "invalid-client-provided",
        name: "InvalidClientProvided",
        sym: ErrorCode
      },
      InconsistentIndexDefinition: {
        code: 1024,
        section: "inconsistent-index-definition",
        name: "Inconsistent Index Definition",
        sym: ErrorCode
      },
      InvalidProjectionDefinition: {
        code: 1025,
        section: "invalid-projection-definition",
        name: "InvalidProjectionDefinition",
        sym: ErrorCode
      },
      InvalidIndexDefinition: {
        code: 1026,
        section: "invalid-index-definition",
        name: "InvalidIndexDefinition",
        sym: ErrorCode
      },
      MissingAttribute: {
        code: 2001,
        section: "missing-attribute",
        name: "MissingAttribute",
        sym: ErrorCode
      },
      IncompleteCompositeAttributes: {
        code: 2002,
        section: "missing-composite-attributes",
        name: "IncompleteCompositeAttributes",
        sym: ErrorCode
      },
      MissingTable: {
        code: 2003,
        section: "missing-table",
        name: "MissingTable",
        sym: ErrorCode
      },
      InvalidConcurrencyOption: {
        code: 2004,
        section: "invalid-concurrency-option",
        name: "InvalidConcurrencyOption",
        sym: ErrorCode
      },
      InvalidPagesOption: {
        code: 2005,
        section: "invalid-pages-option",
        name: "InvalidPagesOption",
        sym: ErrorCode
      },
      InvalidLimitOption: {
        code: 2006,
        section: "invalid-limit-option",
        name: "InvalidLimitOption",
        sym: ErrorCode
      },
      InvalidConversionKeysProvided: {
        code: 2007,
        section: "invalid-conversion-values-provided",
        name: "InvalidConversionKeysProvided",
        sym: ErrorCode
      },
      InvalidConversionCursorProvided: {
        code: 2008,
        section: "invalid-conversion-values-provided",
        name: "InvalidConversionCursorProvided",
        sym: ErrorCode
      },
      InvalidConversionCompositeProvided: {
        code: 2009,
        section: "invalid-conversion-values-provided",
        name: "InvalidConversionCompositeProvided",
        sym: ErrorCode
      },
      DuplicateUpdateCompositesProvided: {
        code: 2010,
        section: "duplicate-update-composites-provided",
        name: "DuplicateUpdateCompositesProvided",
        sym: ErrorCode
      },
      InvalidIndexCondition: {
        code: 2011,
        section: "invalid-index-option",
        name: "InvalidIndexOption",
        sym: ErrorCode
      },
      IncompleteIndexCompositesAttributesProvided: {
        code: 2012,
        section: "invalid-index-composite-attributes-provided",
        name: "IncompleteIndexCompositesAttributesProvided",
        sym: ErrorCode
      },
      InvalidQueryParameters: {
        code: 2013,
        section: "invalid-query-parameters",
        name: "InvalidQueryParameters",
        sym: ErrorCode
      },
      InvalidAttribute: {
        code: 3001,
        section: "invalid-attribute",
        name: "InvalidAttribute",
        sym: ErrorCode
      },
      AWSError: {
        code: 4001,
        section: "aws-error",
        name: "AWSError",
        sym: ErrorCode
      },
      OperationAborted: {
        code: 4002,
        section: "operation-aborted",
        name: "OperationAborted",
        sym: ErrorCode
      },
      UnknownError: {
        code: 5001,
        section: "unknown-error",
        name: "UnknownError",
        sym: ErrorCode
      },
      GeneralError: {
        code: 5002,
        section: "",
        name: "GeneralError",
        sym: ErrorCode
      },
      LastEvaluatedKey: {
        code: 5003,
        section: "invalid-last-evaluated-key",
        name: "LastEvaluatedKey",
        sym: ErrorCode
      },
      NoOwnerForPager: {
        code: 5004,
        section: "no-owner-for-pager",
        name: "NoOwnerForPager",
        sym: ErrorCode
      },
      NoOwnerForCursor: {
        code: 5004,
        section: "no-owner-for-pager",
        name: "NoOwnerForCursor",
        sym: ErrorCode
      },
      PagerNotUnique: {
        code: 5005,
        section: "pager-not-unique",
        name: "NoOwnerForPager",
        sym: ErrorCode
      }
    };
    function makeMessage(message2, section) {
      return `${message2} - For more detail on this error reference: ${getHelpLink(
        section
      )}`;
    }
    var ElectroError = class _ElectroError extends Error {
      constructor(code, message2, cause, params = null) {
        super(message2, { cause });
        let detail = ErrorCodes.UnknownError;
        if (code && code.sym === ErrorCode) {
          detail = code;
        }
        this.cause = cause;
        this._message = message2;
        this.message = makeMessage(message2, detail.section);
        if (Error.captureStackTrace) {
          Error.captureStackTrace(this, _ElectroError);
        }
        this.name = "ElectroError";
        this.ref = code;
        this.code = detail.code;
        this.date = Date.now();
        this.isElectroError = true;
        applyParamsFn(this, params);
      }
    };
    function applyParamsFn(error2, params = null) {
      Object.defineProperty(error2, "params", {
        enumerable: false,
        writable: true,
        configurable: true,
        value: () => {
          return params;
        }
      });
    }
    var ElectroValidationError = class extends ElectroError {
      constructor(errors = []) {
        const fields = [];
        const messages = [];
        for (let i = 0; i < errors.length; i++) {
          const error2 = errors[i];
          const message3 = error2 ? error2._message || error2.message : void 0;
          messages.push(message3);
          if (error2 instanceof ElectroUserValidationError) {
            fields.push({
              field: error2.field,
              index: error2.index,
              reason: message3,
              cause: error2.cause,
              type: "validation"
            });
          } else if (error2 instanceof ElectroAttributeValidationError) {
            fields.push({
              field: error2.field,
              index: error2.index,
              reason: message3,
              cause: error2.cause || error2,
              // error | undefined
              type: "validation"
            });
          } else if (message3) {
            fields.push({
              field: "",
              index: error2.index,
              reason: message3,
              cause: error2 !== void 0 ? error2.cause || error2 : void 0,
              type: "fatal"
            });
          }
        }
        const message2 = messages.filter((message3) => typeof message3 === "string" && message3.length).join(", ") || `Invalid value(s) provided`;
        super(ErrorCodes.InvalidAttribute, message2);
        this.fields = fields;
        this.name = "ElectroValidationError";
      }
    };
    var ElectroUserValidationError = class extends ElectroError {
      constructor(field, cause) {
        let message2;
        let hasCause = false;
        if (typeof cause === "string") {
          message2 = cause;
        } else if (cause !== void 0 && typeof cause._message === "string" && cause._message.length) {
          message2 = cause._message;
          hasCause = true;
        } else if (cause !== void 0 && typeof cause.message === "string" && cause.message.length) {
          message2 = cause.message;
          hasCause = true;
        } else {
          message2 = "Invalid value provided";
        }
        super(ErrorCodes.InvalidAttribute, message2);
        this.field = field;
        this.name = "ElectroUserValidationError";
        if (hasCause) {
          this.cause = cause;
        }
      }
    };
    var ElectroAttributeValidationError = class extends ElectroError {
      constructor(field, reason) {
        super(ErrorCodes.InvalidAttribute, reason);
        this.field = field;
      }
    };
    module.exports = {
      ErrorCodes,
      ElectroError,
      applyParamsFn,
      ElectroValidationError,
      ElectroUserValidationError,
      ElectroAttributeValidationError
    };
  }
});

// infra/src/electrodb-model-check.ts
var electrodb_model_check_exports = {};
__export(electrodb_model_check_exports, {
  Validator: () => Validator
});
var Validator;
var init_electrodb_model_check = __esm({
  "infra/src/electrodb-model-check.ts"() {
    "use strict";
    Validator = class {
      /** Registers a referenced schema: nothing to keep. */
      addSchema() {
      }
      /** A plain object is accepted (`errors` empty); an instance of a class (an entity, a service) or a non-object is not. */
      validate(instance) {
        const plain = typeof instance === "object" && instance !== null && Object.getPrototypeOf(instance) === Object.prototype;
        return plain ? { valid: true, errors: [] } : { valid: false, errors: [{ property: "instance", message: "is not a model (a plain object)" }] };
      }
    };
    Validator.prototype.customFormats = {};
  }
});

// node_modules/electrodb/src/validations.js
var require_validations = __commonJS({
  "node_modules/electrodb/src/validations.js"(exports, module) {
    var e = require_errors();
    var { KeyCasing, IndexProjectionOptions, IndexTypes } = require_types();
    var Validator2 = (init_electrodb_model_check(), __toCommonJS(electrodb_model_check_exports)).Validator;
    Validator2.prototype.customFormats.isFunction = function(input) {
      return typeof input === "function";
    };
    Validator2.prototype.customFormats.isFunctionOrString = function(input) {
      return typeof input === "function" || typeof input === "string";
    };
    Validator2.prototype.customFormats.isFunctionOrRegexp = function(input) {
      return typeof input === "function" || input instanceof RegExp;
    };
    var v = new Validator2();
    var Attribute = {
      id: "/Attribute",
      type: ["object", "string", "array"],
      required: ["type"],
      properties: {
        type: {
          // todo: only specific values
          type: ["string", "array"]
          // enum: ["string", "number", "boolean", "enum"],
        },
        field: {
          type: "string"
        },
        hidden: {
          type: "boolean"
        },
        watch: {
          type: ["array", "string"],
          items: {
            type: "string"
          }
        },
        label: {
          type: "string"
        },
        readOnly: {
          type: "boolean"
        },
        required: {
          type: "boolean"
        },
        cast: {
          type: "string",
          enum: ["string", "number"]
        },
        default: {
          type: "any"
        },
        validate: {
          type: "any",
          format: "isFunctionOrRegexp"
        },
        get: {
          type: "any",
          format: "isFunction"
        },
        set: {
          type: "any",
          format: "isFunction"
        },
        padding: {
          type: "object",
          required: ["length", "char"],
          properties: {
            length: {
              type: "number"
            },
            char: {
              type: "string"
            }
          }
        }
      }
    };
    var Index = {
      id: "/Index",
      type: "object",
      properties: {
        pk: {
          type: "object",
          required: true,
          properties: {
            field: {
              type: "string",
              required: false
            },
            facets: {
              type: ["array", "string"],
              items: {
                type: "string"
              },
              required: false
            },
            composite: {
              type: ["array"],
              items: {
                type: "string"
              },
              required: false
            },
            template: {
              type: "string",
              required: false
            },
            casing: {
              type: "string",
              enum: ["upper", "lower", "none", "default"],
              required: false
            },
            cast: {
              type: "string",
              enum: ["string", "number"],
              required: false
            },
            scope: {
              type: "string",
              required: false
            }
          }
        },
        sk: {
          type: "object",
          properties: {
            field: {
              type: "string",
              required: false
            },
            facets: {
              type: ["array", "string"],
              required: false,
              items: {
                type: "string"
              }
            },
            composite: {
              type: ["array"],
              required: false,
              items: {
                type: "string"
              }
            },
            template: {
              type: "string",
              required: false
            },
            casing: {
              type: "string",
              enum: ["upper", "lower", "none", "default"],
              required: false
            },
            cast: {
              type: "string",
              enum: ["string", "number"],
              required: false
            }
          }
        },
        index: {
          type: "string"
        },
        collection: {
          type: ["array", "string"]
        },
        type: {
          type: "string",
          enum: Object.values(IndexTypes),
          required: false
        },
        condition: {
          type: "any",
          required: false,
          format: "isFunction"
        },
        projection: {
          type: ["array", "string"],
          items: {
            type: "string"
          }
        }
      }
    };
    var Modelv1 = {
      type: "object",
      properties: {
        model: {
          type: "object",
          required: true,
          properties: {
            entity: {
              type: "string",
              required: true
            },
            version: {
              type: "string",
              required: true
            },
            service: {
              type: "string",
              required: true
            }
          }
        },
        table: {
          type: "string"
        },
        attributes: {
          type: "object",
          patternProperties: {
            ["."]: { $ref: "/Attribute" }
          }
        },
        indexes: {
          type: "object",
          minProperties: 1,
          patternProperties: {
            ["."]: { $ref: "/Index" }
          }
        },
        filters: { $ref: "/Filters" }
      },
      required: ["model", "attributes", "indexes"]
    };
    var ModelBeta = {
      type: "object",
      properties: {
        service: {
          type: "string",
          required: true
        },
        entity: {
          type: "string",
          required: true
        },
        table: {
          type: "string"
        },
        version: {
          type: "string"
        },
        attributes: {
          type: "object",
          patternProperties: {
            ["."]: { $ref: "/Attribute" }
          }
        },
        indexes: {
          type: "object",
          minProperties: 1,
          patternProperties: {
            ["."]: { $ref: "/Index" }
          }
        },
        filters: { $ref: "/Filters" }
      },
      required: ["attributes", "indexes"]
    };
    var Filters = {
      id: "/Filters",
      type: "object",
      patternProperties: {
        ["."]: {
          type: "any",
          format: "isFunction",
          message: "Requires function"
        }
      }
    };
    v.addSchema(Attribute, "/Attribute");
    v.addSchema(Index, "/Index");
    v.addSchema(Filters, "/Filters");
    v.addSchema(ModelBeta, "/ModelBeta");
    v.addSchema(Modelv1, "/Modelv1");
    function validateModel(model = {}) {
      let betaErrors = v.validate(model, ModelBeta).errors;
      if (betaErrors.length) {
        let errors = v.validate(model, Modelv1).errors;
        if (errors.length) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidModel,
            errors.map((err) => {
              let message2 = `${err.property}`;
              switch (err.argument) {
                case "isFunction":
                  return `${message2} must be a function`;
                case "isFunctionOrString":
                  return `${message2} must be either a function or string`;
                case "isFunctionOrRegexp":
                  return `${message2} must be either a function or Regexp`;
                default:
                  return `${message2} ${err.message}`;
              }
            }).join(", ")
          );
        }
      }
    }
    function testModel(model) {
      let isModel = false;
      let error2 = "";
      try {
        validateModel(model);
        isModel = true;
      } catch (err) {
        error2 = err.message;
      }
      return [isModel, error2];
    }
    function isStringHasLength(str) {
      return typeof str === "string" && str.length > 0;
    }
    function isObjectHasLength(obj) {
      return typeof obj === "object" && Object.keys(obj).length > 0;
    }
    function isArrayHasLength(arr) {
      return Array.isArray(arr) && arr.length > 0;
    }
    function isNameEntityRecordType(entityRecord) {
      return isObjectHasLength(entityRecord) && Object.values(entityRecord).find((value) => {
        return value._instance !== void 0;
      });
    }
    function isNameModelRecordType(modelRecord) {
      return isObjectHasLength(modelRecord) && Object.values(modelRecord).find((value) => {
        return value.model && isStringHasLength(value.model.entity) && isStringHasLength(value.model.version) && isStringHasLength(value.model.service);
      });
    }
    function isBetaServiceConfig(serviceConfig) {
      return isObjectHasLength(serviceConfig) && (isStringHasLength(serviceConfig.service) || isStringHasLength(serviceConfig.name)) && isStringHasLength(serviceConfig.version);
    }
    function isFunction(value) {
      return typeof value === "function";
    }
    function isAbortSignal(value) {
      return value !== null && typeof value === "object" && typeof value.aborted === "boolean" && typeof value.addEventListener === "function" && typeof value.removeEventListener === "function";
    }
    function stringArrayMatch(arr1, arr2) {
      let areArrays = Array.isArray(arr1) && Array.isArray(arr2);
      let match = areArrays && arr1.length === arr2.length;
      for (let i = 0; i < arr1.length; i++) {
        if (!match) {
          break;
        }
        match = isStringHasLength(arr1[i]) && arr1[i] === arr2[i];
      }
      return match;
    }
    function isMatchingCasing(casing1, casing2) {
      const equivalentCasings = [KeyCasing.default, KeyCasing.lower];
      if (isStringHasLength(casing1) && isStringHasLength(casing2)) {
        let isRealCase = KeyCasing[casing1.toLowerCase()] !== void 0;
        let casingsMatch = casing1 === casing2;
        let casingsAreEquivalent = [casing1, casing2].every((casing) => {
          return casing === KeyCasing.lower || casing === KeyCasing.default;
        });
        return isRealCase && (casingsMatch || casingsAreEquivalent);
      } else if (isStringHasLength(casing1)) {
        return equivalentCasings.includes(casing1.toLowerCase());
      } else if (isStringHasLength(casing2)) {
        return equivalentCasings.includes(casing2.toLowerCase());
      } else {
        return casing1 === void 0 && casing2 === void 0;
      }
    }
    function isValueOrUndefined(received, expected) {
      return expected === received || received === void 0;
    }
    function isMatchingProjection(received, expected) {
      if (isStringHasLength(received) && isStringHasLength(expected)) {
        return received === expected;
      } else if (Array.isArray(received) && Array.isArray(expected)) {
        return true;
      } else {
        return isValueOrUndefined(received, IndexProjectionOptions.all) && isValueOrUndefined(expected, IndexProjectionOptions.all);
      }
    }
    module.exports = {
      testModel,
      isFunction,
      isAbortSignal,
      stringArrayMatch,
      isMatchingProjection,
      isMatchingCasing,
      isArrayHasLength,
      isStringHasLength,
      isObjectHasLength,
      isBetaServiceConfig,
      isNameModelRecordType,
      isNameEntityRecordType,
      model: validateModel
    };
  }
});

// node_modules/electrodb/src/util.js
var require_util = __commonJS({
  "node_modules/electrodb/src/util.js"(exports, module) {
    var t = require_types();
    var v = require_validations();
    function parseJSONPath(path = "") {
      if (typeof path !== "string") {
        throw new Error("Path must be a string");
      }
      path = path.replace(/\[/g, ".");
      path = path.replace(/\]/g, "");
      return path.split(".").filter((part) => part !== "");
    }
    function genericizeJSONPath(path = "") {
      return path.replace(/\[\d+\]/g, "[*]");
    }
    function getInstanceType(instance = {}) {
      let [isModel, errors] = v.testModel(instance);
      if (!instance || Object.keys(instance).length === 0) {
        return "";
      } else if (isModel) {
        return t.ElectroInstanceTypes.model;
      } else if (instance._instance === t.ElectroInstance.entity) {
        return t.ElectroInstanceTypes.entity;
      } else if (instance._instance === t.ElectroInstance.service) {
        return t.ElectroInstanceTypes.service;
      } else if (instance._instance === t.ElectroInstance.electro) {
        return t.ElectroInstanceTypes.electro;
      } else {
        return "";
      }
    }
    function getModelVersion(model = {}) {
      let nameOnRoot = model && v.isStringHasLength(model.entity);
      let nameInModelNamespace = model && model.model && v.isStringHasLength(model.model.entity);
      if (nameInModelNamespace) {
        return t.ModelVersions.v1;
      } else if (nameOnRoot) {
        return t.ModelVersions.beta;
      } else {
        return "";
      }
    }
    function applyBetaModelOverrides(model = {}, { service: service2 = "", version: version2 = "", table: table2 = "" } = {}) {
      let type = getModelVersion(model);
      if (type !== t.ModelVersions.beta) {
        throw new Error("Invalid model");
      }
      let copy = Object.assign({}, model);
      if (v.isStringHasLength(service2)) {
        copy.service = service2;
      }
      if (v.isStringHasLength(version2)) {
        copy.version = version2;
      }
      if (v.isStringHasLength(table2)) {
        copy.table = table2;
      }
      return copy;
    }
    function batchItems(arr = [], size) {
      if (isNaN(size)) {
        throw new Error("Batch size must be of type number");
      }
      let batched = [];
      for (let i = 0; i < arr.length; i++) {
        let partition = Math.floor(i / size);
        batched[partition] = batched[partition] || [];
        batched[partition].push(arr[i]);
      }
      return batched;
    }
    function commaSeparatedString(array2 = [], prefix = '"', postfix = '"') {
      if (typeof array2 === "string") {
        array2 = [array2];
      }
      return array2.map((value) => `${prefix}${value}${postfix}`).join(", ");
    }
    function toDisplayString(value) {
      if (value === void 0) {
        return "<undefined>";
      }
      return JSON.stringify(value);
    }
    function formatStringCasing(str, casing, defaultCase) {
      if (typeof str !== "string") {
        return str;
      }
      let strCase = defaultCase;
      if (v.isStringHasLength(casing) && typeof t.KeyCasing[casing] === "string") {
        strCase = t.KeyCasing.default === casing ? defaultCase : t.KeyCasing[casing];
      }
      switch (strCase) {
        case t.KeyCasing.upper:
          return str.toUpperCase();
        case t.KeyCasing.none:
          return str;
        case t.KeyCasing.lower:
          return str.toLowerCase();
        case t.KeyCasing.default:
        default:
          return str;
      }
    }
    function toKeyCasingOption(casing) {
      switch (casing) {
        case t.KeyCasing.upper:
          return t.KeyCasing.upper;
        case t.KeyCasing.none:
          return t.KeyCasing.none;
        case t.KeyCasing.lower:
          return t.KeyCasing.lower;
        case t.KeyCasing.default:
        case void 0:
          return t.DefaultKeyCasing;
        default:
          throw new Error(`Unknown casing option: ${casing}`);
      }
    }
    function formatKeyCasing(str, casing) {
      return formatStringCasing(str, casing, t.DefaultKeyCasing);
    }
    function formatAttributeCasing(str, casing) {
      return formatStringCasing(str, casing, t.KeyCasing.none);
    }
    function formatIndexNameForDisplay(index) {
      if (index) {
        return index;
      } else {
        return "(Primary Index)";
      }
    }
    var BatchGetOrderMaintainer = class {
      constructor({ table: table2, enabled, keyFormatter }) {
        this.table = table2;
        this.enabled = enabled;
        this.keyFormatter = keyFormatter;
        this.batchIndexMap = /* @__PURE__ */ new Map();
        this.currentSlot = 0;
      }
      getSize() {
        return this.batchIndexMap.size;
      }
      getOrder(item) {
        const key2 = this.keyFormatter(item);
        const value = this.batchIndexMap.get(key2);
        if (value === void 0) {
          return -1;
        }
        return value;
      }
      defineOrder(parameters = []) {
        if (this.enabled) {
          for (let i = 0; i < parameters.length; i++) {
            const batchParams = parameters[i];
            const recordKeys = batchParams && batchParams.RequestItems && batchParams.RequestItems[this.table] && batchParams.RequestItems[this.table].Keys || [];
            for (const recordKey of recordKeys) {
              const indexMapKey = this.keyFormatter(recordKey);
              this.batchIndexMap.set(indexMapKey, this.currentSlot++);
            }
          }
        }
      }
    };
    function getUnique(arr1, arr2) {
      return Array.from(/* @__PURE__ */ new Set([...arr1, ...arr2]));
    }
    var cursorFormatter = {
      serialize: (key2) => {
        if (!key2) {
          return null;
        } else if (typeof val !== "string") {
          key2 = JSON.stringify(key2);
        }
        return Buffer.from(key2).toString("base64url");
      },
      deserialize: (cursor) => {
        if (!cursor) {
          return void 0;
        } else if (typeof cursor !== "string") {
          throw new Error(
            `Invalid cursor provided, expected type 'string' recieved: ${JSON.stringify(
              cursor
            )}`
          );
        }
        try {
          return JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
        } catch (err) {
          throw new Error("Unable to parse cursor");
        }
      }
    };
    function removeFixings({ prefix = "", postfix = "", value = "" } = {}) {
      if (prefix === "" && postfix === "") return value;
      const valueLower = value.toLowerCase();
      const start = valueLower.startsWith(prefix.toLowerCase()) ? prefix.length : 0;
      const end = value.length - (valueLower.endsWith(postfix.toLowerCase()) ? postfix.length : 0);
      return value.slice(start, end);
    }
    function addPadding({ padding = {}, value = "" } = {}) {
      return value.padStart(padding.length, padding.char);
    }
    function removePadding({ padding = {}, value = "" } = {}) {
      if (!padding.length || value.length >= padding.length) {
        return value;
      }
      let formatted = "";
      let useRemaining = false;
      for (let i = 0; i < value.length; i++) {
        const char = value[i];
        if (useRemaining || i >= padding.length) {
          formatted += char;
        } else if (char !== padding.char) {
          formatted += char;
          useRemaining = true;
        }
      }
      return formatted;
    }
    function shiftSortOrder(str = "", codePoint) {
      let newString = "";
      for (let i = 0; i < str.length; i++) {
        const isLast = i === str.length - 1;
        let char = str[i];
        if (isLast) {
          char = String.fromCodePoint(char.codePointAt(0) + codePoint);
        }
        newString += char;
      }
      return newString;
    }
    function getFirstDefined(...params) {
      return params.find((val2) => val2 !== void 0);
    }
    function regexpEscape(str) {
      return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    }
    module.exports = {
      getUnique,
      batchItems,
      addPadding,
      regexpEscape,
      removePadding,
      removeFixings,
      parseJSONPath,
      shiftSortOrder,
      toDisplayString,
      getFirstDefined,
      getInstanceType,
      getModelVersion,
      formatKeyCasing,
      cursorFormatter,
      toKeyCasingOption,
      genericizeJSONPath,
      commaSeparatedString,
      formatAttributeCasing,
      applyBetaModelOverrides,
      formatIndexNameForDisplay,
      BatchGetOrderMaintainer
    };
  }
});

// node_modules/electrodb/src/set.js
var require_set = __commonJS({
  "node_modules/electrodb/src/set.js"(exports, module) {
    var memberTypeToSetType = {
      String: "String",
      Number: "Number",
      NumberValue: "Number",
      Binary: "Binary",
      string: "String",
      number: "Number",
      enum: "String"
    };
    var DynamoDBSet = class {
      constructor(list, type) {
        this.wrapperName = "Set";
        this.type = memberTypeToSetType[type];
        if (this.type === void 0) {
          throw new Error(`Invalid Set type: ${type}`);
        }
        this.values = Array.from(new Set([].concat(list)));
      }
      initialize(list, validate2) {
      }
      detectType() {
        return memberTypeToSetType[typeof this.values[0]];
      }
      validate() {
      }
      toJSON() {
        return this.values;
      }
    };
    module.exports = { DynamoDBSet };
  }
});

// node_modules/electrodb/src/schema.js
var require_schema = __commonJS({
  "node_modules/electrodb/src/schema.js"(exports, module) {
    var {
      CastTypes,
      ValueTypes,
      KeyCasing,
      AttributeTypes,
      AttributeMutationMethods,
      AttributeWildCard,
      PathTypes,
      TableIndex,
      ItemOperations,
      DataOptions
    } = require_types();
    var AttributeTypeNames = Object.keys(AttributeTypes);
    var ValidFacetTypes = [
      AttributeTypes.string,
      AttributeTypes.number,
      AttributeTypes.boolean,
      AttributeTypes.enum
    ];
    var e = require_errors();
    var u = require_util();
    var v = require_validations();
    var { DynamoDBSet } = require_set();
    function getValueType(value) {
      if (value === void 0) {
        return ValueTypes.undefined;
      } else if (value === null) {
        return ValueTypes.null;
      } else if (typeof value === "string") {
        return ValueTypes.string;
      } else if (typeof value === "number") {
        return ValueTypes.number;
      } else if (typeof value === "boolean") {
        return ValueTypes.boolean;
      } else if (Array.isArray(value)) {
        return ValueTypes.array;
      } else if (value.wrapperName === "Set") {
        return ValueTypes.aws_set;
      } else if (value.constructor.name === "Set") {
        return ValueTypes.set;
      } else if (value.constructor.name === "Map") {
        return ValueTypes.map;
      } else if (value.constructor.name === "Object") {
        return ValueTypes.object;
      } else {
        return ValueTypes.unknown;
      }
    }
    var AttributeTraverser = class _AttributeTraverser {
      constructor(parentTraverser) {
        if (parentTraverser instanceof _AttributeTraverser) {
          this.parent = parentTraverser;
          this.paths = this.parent.paths;
        } else {
          this.parent = null;
          this.paths = /* @__PURE__ */ new Map();
        }
        this.children = /* @__PURE__ */ new Map();
      }
      setChild(name, attribute) {
        this.children.set(name, attribute);
      }
      asChild(name, attribute) {
        if (this.parent) {
          this.parent.setChild(name, attribute);
        }
      }
      setPath(path, attribute) {
        if (this.parent) {
          this.parent.setPath(path, attribute);
        }
        this.paths.set(path, attribute);
      }
      getPath(path) {
        path = u.genericizeJSONPath(path);
        if (this.parent) {
          return this.parent.getPath(path);
        }
        return this.paths.get(path);
      }
      getChild(name) {
        return this.children.get(name);
      }
      getAllChildren() {
        return this.children.entries();
      }
      getAll() {
        if (this.parent) {
          return this.parent.getAll();
        }
        return this.paths.entries();
      }
    };
    var Attribute = class _Attribute {
      constructor(definition = {}) {
        this.name = definition.name;
        this.field = definition.field || definition.name;
        this.label = definition.label;
        this.readOnly = !!definition.readOnly;
        this.hidden = !!definition.hidden;
        this.required = !!definition.required;
        this.cast = this._makeCast(definition.name, definition.cast);
        this.default = this._makeDefault(definition.default);
        this.validate = this._makeValidate(definition.validate);
        this.isKeyField = !!definition.isKeyField;
        this.unformat = this._makeDestructureKey(definition);
        this.format = this._makeStructureKey(definition);
        this.padding = definition.padding;
        this.applyFixings = this._makeApplyFixings(definition);
        this.applyPadding = this._makePadding(definition);
        this.indexes = [...definition.indexes || []];
        let { isWatched, isWatcher, watchedBy, watching, watchAll } = _Attribute._destructureWatcher(definition);
        this._isWatched = isWatched;
        this._isWatcher = isWatcher;
        this.watchedBy = watchedBy;
        this.watching = watching;
        this.watchAll = watchAll;
        let { type, enumArray } = this._makeType(this.name, definition);
        this.type = type;
        this.enumArray = enumArray;
        this.parentType = definition.parentType;
        this.parentPath = definition.parentPath;
        const pathType = this.getPathType(this.type, this.parentType);
        const path = _Attribute.buildPath(this.name, pathType, this.parentPath);
        const fieldPath = _Attribute.buildPath(
          this.field,
          pathType,
          this.parentType
        );
        this.path = path;
        this.fieldPath = fieldPath;
        this.traverser = new AttributeTraverser(definition.traverser);
        this.traverser.setPath(this.path, this);
        this.traverser.setPath(this.fieldPath, this);
        this.traverser.asChild(this.name, this);
        this.parent = { parentType: this.type, parentPath: this.path };
        this.get = this._makeGet(definition.get);
        this.set = this._makeSet(definition.set);
        this._hasMutationHandler = {
          [AttributeMutationMethods.get]: typeof definition.get === "function",
          [AttributeMutationMethods.set]: typeof definition.set === "function"
        };
        this.getClient = definition.getClient;
      }
      hasMutationHandler(method) {
        return !!this._hasMutationHandler[method];
      }
      static buildChildAttributes(type, definition, parent) {
        let items;
        let properties;
        if (type === AttributeTypes.list) {
          items = _Attribute.buildChildListItems(definition, parent);
        } else if (type === AttributeTypes.set) {
          items = _Attribute.buildChildSetItems(definition, parent);
        } else if (type === AttributeTypes.map) {
          properties = _Attribute.buildChildMapProperties(definition, parent);
        }
        return { items, properties };
      }
      static buildChildListItems(definition, parent) {
        const { items, getClient } = definition;
        const prop = { ...items, ...parent };
        return Schema.normalizeAttributes(
          { "*": prop },
          {},
          { getClient, traverser: parent.traverser, parent }
        ).attributes["*"];
      }
      static buildChildSetItems(definition, parent) {
        const { items, getClient } = definition;
        const allowedTypes = [
          AttributeTypes.string,
          AttributeTypes.boolean,
          AttributeTypes.number,
          AttributeTypes.enum
        ];
        if (!Array.isArray(items) && !allowedTypes.includes(items)) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidAttributeDefinition,
            `Invalid "items" definition for Set attribute: "${definition.path}". Acceptable item types include ${u.commaSeparatedString(
              allowedTypes
            )}`
          );
        }
        const prop = { type: items, ...parent };
        return Schema.normalizeAttributes(
          { prop },
          {},
          { getClient, traverser: parent.traverser, parent }
        ).attributes.prop;
      }
      static buildChildMapProperties(definition, parent) {
        const { properties, getClient } = definition;
        if (!properties || typeof properties !== "object") {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidAttributeDefinition,
            `Invalid "properties" definition for Map attribute: "${definition.path}". The "properties" definition must describe the attributes that the Map will accept`
          );
        }
        const attributes2 = {};
        for (let name of Object.keys(properties)) {
          attributes2[name] = { ...properties[name], ...parent };
        }
        return Schema.normalizeAttributes(
          attributes2,
          {},
          { getClient, traverser: parent.traverser, parent }
        );
      }
      static buildPath(name, type, parentPath) {
        if (!parentPath) return name;
        switch (type) {
          case AttributeTypes.string:
          case AttributeTypes.number:
          case AttributeTypes.boolean:
          case AttributeTypes.map:
          case AttributeTypes.set:
          case AttributeTypes.list:
          case AttributeTypes.enum:
            return `${parentPath}.${name}`;
          case PathTypes.item:
            return `${parentPath}[*]`;
          case AttributeTypes.any:
          default:
            return `${parentPath}.*`;
        }
      }
      static _destructureWatcher(definition) {
        let watchAll = !!definition.watchAll;
        let watchingArr = watchAll ? [] : [...definition.watching || []];
        let watchedByArr = [...definition.watchedBy || []];
        let isWatched = watchedByArr.length > 0;
        let isWatcher = watchingArr.length > 0;
        let watchedBy = {};
        let watching = {};
        for (let watched of watchedByArr) {
          watchedBy[watched] = watched;
        }
        for (let attribute of watchingArr) {
          watching[attribute] = attribute;
        }
        return {
          watchAll,
          watching,
          watchedBy,
          isWatched,
          isWatcher
        };
      }
      _makeGet(get) {
        this._checkGetSet(get, "get");
        const getter = get ? (value, getSiblings) => get(value, getSiblings()) : (attr) => attr;
        return (value, getSiblings) => {
          if (this.hidden) {
            return;
          }
          value = this.unformat(value);
          return getter(value, getSiblings);
        };
      }
      _makeSet(set) {
        this._checkGetSet(set, "set");
        return set ? (value, getSiblings) => set(value, getSiblings()) : (attr) => attr;
      }
      _makeApplyFixings({
        prefix = "",
        postfix = "",
        casing = KeyCasing.none
      } = {}) {
        return (value) => {
          if (value === void 0) {
            return;
          }
          if ([AttributeTypes.string, AttributeTypes.enum].includes(this.type)) {
            value = `${prefix}${value}${postfix}`;
          }
          return u.formatAttributeCasing(value, casing);
        };
      }
      _makeStructureKey() {
        return (key2) => {
          return this.applyPadding(key2);
        };
      }
      _isPaddingEligible(padding = {}) {
        return !!padding && padding.length && v.isStringHasLength(padding.char);
      }
      _makePadding({ padding = {} }) {
        return (value) => {
          if (typeof value !== "string") {
            return value;
          } else if (this._isPaddingEligible(padding)) {
            return u.addPadding({ padding, value });
          } else {
            return value;
          }
        };
      }
      _makeRemoveFixings({
        prefix = "",
        postfix = "",
        casing = KeyCasing.none
      } = {}) {
        return (key2) => {
          let value = "";
          if (![AttributeTypes.string, AttributeTypes.enum].includes(this.type) || typeof key2 !== "string") {
            value = key2;
          } else if (prefix.length > 0 && key2.length > prefix.length) {
            for (let i = prefix.length; i < key2.length - postfix.length; i++) {
              value += key2[i];
            }
          } else {
            value = key2;
          }
          return value;
        };
      }
      _makeDestructureKey({
        prefix = "",
        postfix = "",
        casing = KeyCasing.none,
        padding = {}
      } = {}) {
        return (key2) => {
          let value = "";
          if (![AttributeTypes.string, AttributeTypes.enum].includes(this.type) || typeof key2 !== "string") {
            return key2;
          } else if (key2.length > prefix.length) {
            value = u.removeFixings({ prefix, postfix, value: key2 });
          } else {
            value = key2;
          }
          return value;
        };
      }
      acceptable(val2) {
        return val2 !== void 0;
      }
      getPathType(type, parentType) {
        if (parentType === AttributeTypes.list || parentType === AttributeTypes.set) {
          return PathTypes.item;
        }
        return type;
      }
      getAttribute(path) {
        return this.traverser.getPath(path);
      }
      getChild(path) {
        if (this.type === AttributeTypes.any) {
          return this;
        } else if (!isNaN(path) && (this.type === AttributeTypes.list || this.type === AttributeTypes.set)) {
          return this.traverser.getChild("*");
        } else {
          return this.traverser.getChild(path);
        }
      }
      _checkGetSet(val2, type) {
        if (typeof val2 !== "function" && val2 !== void 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidAttributeDefinition,
            `Invalid "${type}" property for attribute ${this.path}. Please ensure value is a function or undefined.`
          );
        }
      }
      _makeCast(name, cast) {
        if (cast !== void 0 && !CastTypes.includes(cast)) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidAttributeDefinition,
            `Invalid "cast" property for attribute: "${name}". Acceptable types include ${CastTypes.join(
              ", "
            )}`
          );
        } else if (cast === AttributeTypes.string) {
          return (val2) => {
            if (val2 === void 0) {
              throw new Error(
                `Attribute ${name} is undefined and cannot be cast to type ${cast}`
              );
            } else if (typeof val2 === "string") {
              return val2;
            } else {
              return JSON.stringify(val2);
            }
          };
        } else if (cast === AttributeTypes.number) {
          return (val2) => {
            if (val2 === void 0) {
              throw new Error(
                `Attribute ${name} is undefined and cannot be cast to type ${cast}`
              );
            } else if (typeof val2 === "number") {
              return val2;
            } else {
              let results = Number(val2);
              if (isNaN(results)) {
                throw new Error(
                  `Attribute ${name} cannot be cast to type ${cast}. Doing so results in NaN`
                );
              } else {
                return results;
              }
            }
          };
        } else {
          return (val2) => val2;
        }
      }
      _makeValidate(definition) {
        if (typeof definition === "function") {
          return (val2) => {
            try {
              let isValid = !!definition(val2);
              return [
                isValid,
                isValid ? [] : [
                  new e.ElectroUserValidationError(
                    this.path,
                    "Invalid value provided"
                  )
                ]
              ];
            } catch (err) {
              return [false, [new e.ElectroUserValidationError(this.path, err)]];
            }
          };
        } else if (definition instanceof RegExp) {
          return (val2) => {
            if (val2 === void 0) {
              return [true, []];
            }
            let isValid = definition.test(val2);
            let reason = [];
            if (!isValid) {
              reason.push(
                new e.ElectroUserValidationError(
                  this.path,
                  `Invalid value for attribute "${this.path}": Failed model defined regex`
                )
              );
            }
            return [isValid, reason];
          };
        } else {
          return () => [true, []];
        }
      }
      _makeDefault(definition) {
        if (typeof definition === "function") {
          return () => definition();
        } else {
          return () => definition;
        }
      }
      _makeType(name, definition) {
        let type = "";
        let enumArray = [];
        if (Array.isArray(definition.type)) {
          type = AttributeTypes.enum;
          enumArray = [...definition.type];
        } else {
          type = definition.type || "string";
        }
        if (!AttributeTypeNames.includes(type)) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidAttributeDefinition,
            `Invalid "type" property for attribute: "${name}". Acceptable types include ${AttributeTypeNames.join(
              ", "
            )}`
          );
        }
        return { type, enumArray };
      }
      isWatcher() {
        return this._isWatcher;
      }
      isWatched() {
        return this._isWatched;
      }
      isWatching(attribute) {
        return this.watching[attribute] !== void 0;
      }
      isWatchedBy(attribute) {
        return this.watchedBy[attribute] !== void 0;
      }
      _isType(value) {
        if (value === void 0) {
          let reason2 = [];
          if (this.required) {
            reason2.push(
              new e.ElectroAttributeValidationError(
                this.path,
                `Invalid value type at entity path: "${this.path}". Value is required.`
              )
            );
          }
          return [!this.required, reason2];
        }
        let isTyped = false;
        let reason = [];
        switch (this.type) {
          case AttributeTypes.enum:
            isTyped = this.enumArray.includes(value);
            if (!isTyped) {
              reason.push(
                new e.ElectroAttributeValidationError(
                  this.path,
                  `Invalid value type at entity path: "${this.path}". Value not found in set of acceptable values: ${u.commaSeparatedString(
                    this.enumArray
                  )}`
                )
              );
            }
            break;
          case AttributeTypes.any:
          case AttributeTypes.static:
          case AttributeTypes.custom:
            isTyped = true;
            break;
          case AttributeTypes.string:
          case AttributeTypes.number:
          case AttributeTypes.boolean:
          default:
            isTyped = typeof value === this.type;
            if (!isTyped) {
              reason.push(
                new e.ElectroAttributeValidationError(
                  this.path,
                  `Invalid value type at entity path: "${this.path}". Received value of type "${typeof value}", expected value of type "${this.type}"`
                )
              );
            }
            break;
        }
        return [isTyped, reason];
      }
      isValid(value) {
        try {
          let [isTyped, typeErrorReason] = this._isType(value);
          let [isValid, validationError] = isTyped ? this.validate(value) : [false, []];
          let errors = [...typeErrorReason, ...validationError].filter(
            (value2) => value2 !== void 0
          );
          return [isTyped && isValid, errors];
        } catch (err) {
          return [false, [err]];
        }
      }
      val(value) {
        value = this.cast(value);
        if (value === void 0) {
          value = this.default();
        }
        return value;
      }
      getValidate(value) {
        value = this.val(value);
        let [isValid, validationErrors] = this.isValid(value);
        if (!isValid) {
          throw new e.ElectroValidationError(validationErrors);
        }
        return value;
      }
    };
    var MapAttribute = class extends Attribute {
      constructor(definition) {
        super(definition);
        const properties = Attribute.buildChildMapProperties(definition, {
          parentType: this.type,
          parentPath: this.path,
          traverser: this.traverser
        });
        this.properties = properties;
        this.isRoot = !!definition.isRoot;
        this.get = this._makeGet(definition.get, properties);
        this.set = this._makeSet(definition.set, properties);
      }
      _makeGet(get, properties) {
        this._checkGetSet(get, "get");
        const getter = get ? (value, getSiblings) => get(value, getSiblings()) : (val2) => {
          const isEmpty = !val2 || Object.keys(val2).length === 0;
          const isNotRequired = !this.required;
          const doesNotHaveDefault = this.default === void 0;
          const isRoot = this.isRoot;
          if (isEmpty && isRoot && isNotRequired && doesNotHaveDefault) {
            return void 0;
          }
          return val2;
        };
        return (values, getSiblings) => {
          const data = {};
          if (this.hidden) {
            return;
          }
          if (values === void 0) {
            if (!get) {
              return void 0;
            }
            return getter(data, getSiblings);
          }
          for (const name of Object.keys(properties.attributes)) {
            const attribute = properties.attributes[name];
            if (values[attribute.field] !== void 0) {
              let results = attribute.get(values[attribute.field], () => ({
                ...values
              }));
              if (results !== void 0) {
                data[name] = results;
              }
            }
          }
          return getter(data, getSiblings);
        };
      }
      _makeSet(set, properties) {
        this._checkGetSet(set, "set");
        const setter = set ? (val2, getSiblings) => set(val2, getSiblings()) : (val2) => {
          const isEmpty = !val2 || Object.keys(val2).length === 0;
          const isNotRequired = !this.required;
          const doesNotHaveDefault = this.default === void 0;
          const defaultIsValue = this.default === val2;
          const isRoot = this.isRoot;
          if (defaultIsValue) {
            return val2;
          } else if (isEmpty && isRoot && isNotRequired && doesNotHaveDefault) {
            return void 0;
          } else {
            return val2;
          }
        };
        return (values, getSiblings) => {
          const data = {};
          if (values === void 0) {
            if (!set) {
              return void 0;
            }
            return setter(values, getSiblings);
          }
          for (const name of Object.keys(properties.attributes)) {
            const attribute = properties.attributes[name];
            if (values[name] !== void 0) {
              const results = attribute.set(values[name], () => ({ ...values }));
              if (results !== void 0) {
                data[attribute.field] = results;
              }
            }
          }
          return setter(data, getSiblings);
        };
      }
      _isType(value) {
        if (value === void 0) {
          let reason2 = [];
          if (this.required) {
            reason2.push(
              new e.ElectroAttributeValidationError(
                this.path,
                `Invalid value type at entity path: "${this.path}". Value is required.`
              )
            );
          }
          return [!this.required, reason2];
        }
        const valueType = getValueType(value);
        if (valueType !== ValueTypes.object) {
          return [
            false,
            [
              new e.ElectroAttributeValidationError(
                this.path,
                `Invalid value type at entity path "${this.path}. Received value of type "${valueType}", expected value of type "object"`
              )
            ]
          ];
        }
        let reason = [];
        const [childrenAreValid, childErrors] = this._validateChildren(value);
        if (!childrenAreValid) {
          reason = childErrors;
        }
        return [childrenAreValid, reason];
      }
      _validateChildren(value) {
        const valueType = getValueType(value);
        const attributes2 = this.properties.attributes;
        let errors = [];
        if (valueType === ValueTypes.object) {
          for (const child of Object.keys(attributes2)) {
            const [isValid, errorValues] = attributes2[child].isValid(
              value === void 0 ? value : value[child]
            );
            if (!isValid) {
              errors = [...errors, ...errorValues];
            }
          }
        } else if (valueType !== ValueTypes.object) {
          errors.push(
            new e.ElectroAttributeValidationError(
              this.path,
              `Invalid value type at entity path: "${this.path}". Expected value to be an object to fulfill attribute type "${this.type}"`
            )
          );
        } else if (this.properties.hasRequiredAttributes) {
          errors.push(
            new e.ElectroAttributeValidationError(
              this.path,
              `Invalid value type at entity path: "${this.path}". Map attribute requires at least the properties ${u.commaSeparatedString(
                Object.keys(attributes2)
              )}`
            )
          );
        }
        return [errors.length === 0, errors];
      }
      val(value) {
        const incomingIsEmpty = value === void 0;
        let fromDefault = false;
        let data;
        if (value === void 0) {
          data = this.default();
          if (data !== void 0) {
            fromDefault = true;
          }
        } else {
          data = value;
        }
        const valueType = getValueType(data);
        if (data === void 0) {
          return data;
        } else if (valueType !== "object") {
          throw new e.ElectroAttributeValidationError(
            this.path,
            `Invalid value type at entity path: "${this.path}". Expected value to be an object to fulfill attribute type "${this.type}"`
          );
        }
        const response = {};
        for (const name of Object.keys(this.properties.attributes)) {
          const attribute = this.properties.attributes[name];
          const results = attribute.val(data[attribute.name]);
          if (results !== void 0) {
            response[name] = results;
          }
        }
        if (Object.keys(response).length === 0 && !fromDefault && this.isRoot && !this.required && incomingIsEmpty) {
          return void 0;
        }
        return response;
      }
    };
    var ListAttribute = class extends Attribute {
      constructor(definition) {
        super(definition);
        const items = Attribute.buildChildListItems(definition, {
          parentType: this.type,
          parentPath: this.path,
          traverser: this.traverser
        });
        this.items = items;
        this.get = this._makeGet(definition.get, items);
        this.set = this._makeSet(definition.set, items);
      }
      _makeGet(get, items) {
        this._checkGetSet(get, "get");
        const getter = get ? (value, getSiblings) => get(value, getSiblings()) : (attr) => attr;
        return (values, getSiblings) => {
          const data = [];
          if (this.hidden) {
            return;
          }
          if (values === void 0) {
            return getter(data, getSiblings);
          }
          for (let value of values) {
            const results = items.get(value, () => [...values]);
            if (results !== void 0) {
              data.push(results);
            }
          }
          return getter(data, getSiblings);
        };
      }
      _makeSet(set, items) {
        this._checkGetSet(set, "set");
        const setter = set ? (value, getSiblings) => set(value, getSiblings()) : (attr) => attr;
        return (values, getSiblings) => {
          const data = [];
          if (values === void 0) {
            return setter(values, getSiblings);
          }
          for (const value of values) {
            const results = items.set(value, () => [...values]);
            if (results !== void 0) {
              data.push(results);
            }
          }
          return setter(data, getSiblings);
        };
      }
      _validateArrayValue(value) {
        const reason = [];
        const valueType = getValueType(value);
        if (value !== void 0 && valueType !== ValueTypes.array) {
          return [
            false,
            [
              new e.ElectroAttributeValidationError(
                this.path,
                `Invalid value type at entity path "${this.path}. Received value of type "${valueType}", expected value of type "array"`
              )
            ]
          ];
        } else {
          return [true, []];
        }
      }
      _isType(value) {
        if (value === void 0) {
          let reason2 = [];
          if (this.required) {
            reason2.push(
              new e.ElectroAttributeValidationError(
                this.path,
                `Invalid value type at entity path: "${this.path}". Value is required.`
              )
            );
          }
          return [!this.required, reason2];
        }
        const [isValidArray, errors] = this._validateArrayValue(value);
        if (!isValidArray) {
          return [isValidArray, errors];
        }
        let reason = [];
        const [childrenAreValid, childErrors] = this._validateChildren(value);
        if (!childrenAreValid) {
          reason = childErrors;
        }
        return [childrenAreValid, reason];
      }
      _validateChildren(value) {
        const valueType = getValueType(value);
        const errors = [];
        if (valueType === ValueTypes.array) {
          for (const i in value) {
            const [isValid, errorValues] = this.items.isValid(value[i]);
            if (!isValid) {
              for (const err of errorValues) {
                if (err instanceof e.ElectroAttributeValidationError || err instanceof e.ElectroUserValidationError) {
                  err.index = parseInt(i);
                }
                errors.push(err);
              }
            }
          }
        } else {
          errors.push(
            new e.ElectroAttributeValidationError(
              this.path,
              `Invalid value type at entity path: "${this.path}". Expected value to be an Array to fulfill attribute type "${this.type}"`
            )
          );
        }
        return [errors.length === 0, errors];
      }
      val(value) {
        const getValue = (v2) => {
          v2 = this.cast(v2);
          if (v2 === void 0) {
            v2 = this.default();
          }
          return v2;
        };
        const data = value === void 0 ? getValue(value) : value;
        if (data === void 0) {
          return data;
        } else if (!Array.isArray(data)) {
          throw new e.ElectroAttributeValidationError(
            this.path,
            `Invalid value type at entity path "${this.path}. Received value of type "${getValueType(
              value
            )}", expected value of type "array"`
          );
        }
        const response = [];
        for (const d of data) {
          const results = this.items.val(d);
          if (results !== void 0) {
            response.push(results);
          }
        }
        return response;
      }
    };
    var SetAttribute = class extends Attribute {
      constructor(definition) {
        super(definition);
        const items = Attribute.buildChildSetItems(definition, {
          parentType: this.type,
          parentPath: this.path,
          traverser: this.traverser
        });
        this.items = items;
        this.get = this._makeGet(definition.get, items);
        this.set = this._makeSet(definition.set, items);
        this.validate = this._makeSetValidate(definition);
      }
      _makeSetValidate(definition) {
        const validate2 = this._makeValidate(definition.validate);
        return (value) => {
          switch (getValueType(value)) {
            case ValueTypes.array:
              return validate2([...value]);
            case ValueTypes.aws_set:
              return validate2([...value.values]);
            case ValueTypes.set:
              return validate2(Array.from(value));
            default:
              return validate2(value);
          }
        };
      }
      fromDDBSet(value) {
        switch (getValueType(value)) {
          case ValueTypes.aws_set:
            return [...value.values];
          case ValueTypes.set:
            return Array.from(value);
          default:
            return value;
        }
      }
      _createDDBSet(value) {
        const client2 = this.getClient();
        if (client2 && typeof client2.createSet === "function") {
          value = Array.isArray(value) ? Array.from(new Set(value)) : value;
          return client2.createSet(value, { validate: true });
        } else {
          return new DynamoDBSet(value, this.items.type);
        }
      }
      acceptable(val2) {
        return Array.isArray(val2) ? val2.length > 0 : this.items.acceptable(val2);
      }
      toDDBSet(value) {
        const valueType = getValueType(value);
        let array2;
        switch (valueType) {
          case ValueTypes.set:
            array2 = Array.from(value);
            return this._createDDBSet(array2);
          case ValueTypes.aws_set:
            return value;
          case ValueTypes.array:
            return this._createDDBSet(value);
          case ValueTypes.string:
          case ValueTypes.number: {
            this.items.getValidate(value);
            return this._createDDBSet(value);
          }
          default:
            throw new e.ElectroAttributeValidationError(
              this.path,
              `Invalid attribute value supplied to "set" attribute "${this.path}". Received value of type "${valueType}". Set values must be supplied as either Arrays, native JavaScript Set objects, DocumentClient Set objects, strings, or numbers.`
            );
        }
      }
      _makeGet(get, items) {
        this._checkGetSet(get, "get");
        const getter = get ? (value, getSiblings) => get(value, getSiblings()) : (attr) => attr;
        return (values, getSiblings) => {
          if (this.hidden) {
            return;
          }
          if (values !== void 0) {
            const data2 = this.fromDDBSet(values);
            return getter(data2, getSiblings);
          }
          const data = this.fromDDBSet(values);
          const results = getter(data, getSiblings);
          if (results !== void 0) {
            return this.fromDDBSet(results);
          }
        };
      }
      _makeSet(set, items) {
        this._checkGetSet(set, "set");
        const setter = set ? (value, getSiblings) => set(value, getSiblings()) : (attr) => attr;
        return (values, getSiblings) => {
          const results = setter(this.fromDDBSet(values), getSiblings);
          if (results !== void 0) {
            return this.toDDBSet(results);
          }
        };
      }
      _isType(value) {
        if (value === void 0) {
          const reason2 = [];
          if (this.required) {
            reason2.push(
              new e.ElectroAttributeValidationError(
                this.path,
                `Invalid value type at entity path: "${this.path}". Value is required.`
              )
            );
          }
          return [!this.required, reason2];
        }
        let reason = [];
        const [childrenAreValid, childErrors] = this._validateChildren(value);
        if (!childrenAreValid) {
          reason = childErrors;
        }
        return [childrenAreValid, reason];
      }
      _validateChildren(value) {
        const valueType = getValueType(value);
        let errors = [];
        let arr = [];
        if (valueType === ValueTypes.array) {
          arr = value;
        } else if (valueType === ValueTypes.set) {
          arr = Array.from(value);
        } else if (valueType === ValueTypes.aws_set) {
          arr = value.values;
        } else {
          errors.push(
            new e.ElectroAttributeValidationError(
              this.path,
              `Invalid value type at attribute path: "${this.path}". Expected value to be an Expected value to be an Array, native JavaScript Set objects, or DocumentClient Set objects to fulfill attribute type "${this.type}"`
            )
          );
        }
        for (const item of arr) {
          const [isValid, errorValues] = this.items.isValid(item);
          if (!isValid) {
            errors = [...errors, ...errorValues];
          }
        }
        return [errors.length === 0, errors];
      }
      val(value) {
        if (value === void 0) {
          value = this.default();
        }
        if (value !== void 0) {
          return this.toDDBSet(value);
        }
      }
    };
    var Schema = class _Schema {
      constructor(properties = {}, facets = {}, { traverser = new AttributeTraverser(), getClient, parent, isRoot, identifiers } = {}) {
        this._validateProperties(properties, parent);
        let schema = _Schema.normalizeAttributes(properties, facets, {
          traverser,
          getClient,
          parent,
          isRoot,
          identifiers
        });
        this.getClient = getClient;
        this.attributes = schema.attributes;
        this.enums = schema.enums;
        this.translationForTable = schema.translationForTable;
        this.translationForRetrieval = schema.translationForRetrieval;
        this.hiddenAttributes = schema.hiddenAttributes;
        this.readOnlyAttributes = schema.readOnlyAttributes;
        this.requiredAttributes = schema.requiredAttributes;
        this.translationForWatching = this._formatWatchTranslations(
          this.attributes
        );
        this.traverser = traverser;
        this.isRoot = !!isRoot;
      }
      static normalizeAttributes(attributes2 = {}, facets = {}, { traverser, getClient, parent, isRoot, identifiers = {} } = {}) {
        const attributeHasParent = !!parent;
        let invalidProperties = [];
        let normalized = {};
        let usedAttrs = {};
        let enums = {};
        let translationForTable = {};
        let translationForRetrieval = {};
        let watchedAttributes = {};
        let requiredAttributes = /* @__PURE__ */ new Set();
        let hiddenAttributes = /* @__PURE__ */ new Set();
        let readOnlyAttributes = /* @__PURE__ */ new Set();
        let definitions = {};
        for (let name in attributes2) {
          let attribute = attributes2[name];
          if (typeof attribute === AttributeTypes.string || Array.isArray(attribute)) {
            attribute = {
              type: attribute
            };
          }
          const field = attribute.field || name;
          let isKeyField = false;
          let prefix = "";
          let postfix = "";
          let casing = KeyCasing.none;
          if (facets.byField && facets.byField[field] !== void 0) {
            for (const indexName of Object.keys(facets.byField[field])) {
              let definition2 = facets.byField[field][indexName];
              if (definition2.facets.length > 1) {
                throw new e.ElectroError(
                  e.ErrorCodes.InvalidIndexWithAttributeName,
                  `Invalid definition for "${definition2.type}" field on index "${u.formatIndexNameForDisplay(
                    indexName
                  )}". The ${definition2.type} field "${definition2.field}" shares a field name with an attribute defined on the Entity, and therefore is not allowed to contain composite references to other attributes. Please either change the field name of the attribute, or redefine the index to use only the single attribute "${definition2.field}".`
                );
              }
              if (definition2.isCustom) {
                const keyFieldLabels = facets.labels[indexName][definition2.type].labels;
                if (keyFieldLabels.length > 2) {
                  throw new e.ElectroError(
                    e.ErrorCodes.InvalidIndexWithAttributeName,
                    `Unexpected definition for "${definition2.type}" field on index "${u.formatIndexNameForDisplay(
                      indexName
                    )}". The ${definition2.type} field "${definition2.field}" shares a field name with an attribute defined on the Entity, and therefore is not possible to have more than two labels as part of it's template. Please either change the field name of the attribute, or reformat the key template to reduce all pre-fixing or post-fixing text around the attribute reference to two.`
                  );
                }
                isKeyField = true;
                casing = definition2.casing;
                for (const value of keyFieldLabels) {
                  if (value.name === field) {
                    prefix = value.label || "";
                  } else {
                    postfix = value.label || "";
                  }
                }
                if (attribute.type !== AttributeTypes.string && !Array.isArray(attribute.type)) {
                  if (prefix.length > 0 || postfix.length > 0) {
                    throw new e.ElectroError(
                      e.ErrorCodes.InvalidIndexWithAttributeName,
                      `definition for "${definition2.type}" field on index "${u.formatIndexNameForDisplay(
                        indexName
                      )}". Index templates may only have prefix or postfix values on "string" or "enum" type attributes. The ${definition2.type} field "${field}" is type "${attribute.type}", and therefore cannot be used with prefixes or postfixes. Please either remove the prefixed or postfixed values from the template or change the field name of the attribute.`
                    );
                  }
                }
              } else {
                throw new e.ElectroError(
                  e.ErrorCodes.InvalidIndexCompositeWithAttributeName,
                  `Unexpected definition for "${definition2.type}" field on index "${u.formatIndexNameForDisplay(
                    indexName
                  )}". The ${definition2.type} field "${definition2.field}" shares a field name with an attribute defined on the Entity, and therefore must be defined with a template. Please either change the field name of the attribute, or add a key template to the "${definition2.type}" field on index "${u.formatIndexNameForDisplay(
                    indexName
                  )}" with the value: "\${${definition2.field}}"`
                );
              }
              if (definition2.inCollection) {
                throw new e.ElectroError(
                  e.ErrorCodes.InvalidCollectionOnIndexWithAttributeFieldNames,
                  `Invalid use of a collection on index "${u.formatIndexNameForDisplay(
                    indexName
                  )}". The ${definition2.type} field "${definition2.field}" shares a field name with an attribute defined on the Entity, and therefore the index is not allowed to participate in a Collection. Please either change the field name of the attribute, or remove all collection(s) from the index.`
                );
              }
              if (definition2.field === field) {
                if (attribute.padding !== void 0) {
                  throw new e.ElectroError(
                    e.ErrorCodes.InvalidAttributeDefinition,
                    `Invalid padding definition for the attribute "${name}". Padding is not currently supported for attributes that are also defined as table indexes.`
                  );
                }
              }
            }
          }
          let isKey = !!facets.byIndex && facets.byIndex[TableIndex].all.find((facet) => facet.name === name);
          let definition = {
            name,
            field,
            getClient,
            casing,
            prefix,
            postfix,
            traverser,
            isKeyField: isKeyField || isKey,
            isRoot: !!isRoot,
            label: attribute.label,
            required: !!attribute.required,
            default: attribute.default,
            validate: attribute.validate,
            readOnly: !!attribute.readOnly || isKey,
            hidden: !!attribute.hidden,
            indexes: facets.byAttr && facets.byAttr[name] || [],
            type: attribute.type,
            get: attribute.get,
            set: attribute.set,
            watching: Array.isArray(attribute.watch) ? attribute.watch : [],
            items: attribute.items,
            properties: attribute.properties,
            parentPath: attribute.parentPath,
            parentType: attribute.parentType,
            padding: attribute.padding
          };
          if (definition.type === AttributeTypes.custom) {
            definition.type = AttributeTypes.any;
          }
          if (attribute.watch !== void 0) {
            if (attribute.watch === AttributeWildCard) {
              definition.watchAll = true;
              definition.watching = [];
            } else if (Array.isArray(attribute.watch)) {
              definition.watching = attribute.watch;
            } else {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidAttributeWatchDefinition,
                `Attribute Validation Error. The attribute '${name}' is defined to "watch" an invalid value of: '${attribute.watch}'. The watch property must either be a an array of attribute names, or the single string value of "${AttributeWildCard}".`
              );
            }
          } else {
            definition.watching = [];
          }
          if (definition.readOnly) {
            readOnlyAttributes.add(name);
          }
          if (definition.hidden) {
            hiddenAttributes.add(name);
          }
          if (definition.required) {
            requiredAttributes.add(name);
          }
          if (facets.byAttr && facets.byAttr[definition.name] !== void 0 && !ValidFacetTypes.includes(definition.type) && !Array.isArray(definition.type)) {
            let assignedIndexes = facets.byAttr[name].map(
              (assigned) => assigned.index === "" ? "Table Index" : assigned.index
            );
            throw new e.ElectroError(
              e.ErrorCodes.InvalidAttributeDefinition,
              `Invalid composite attribute definition: Composite attributes must be one of the following: ${ValidFacetTypes.join(
                ", "
              )}. The attribute "${name}" is defined as being type "${attribute.type}" but is a composite attribute of the following indexes: ${assignedIndexes.join(
                ", "
              )}`
            );
          }
          if (usedAttrs[definition.field] || usedAttrs[name]) {
            invalidProperties.push({
              name,
              property: "field",
              value: definition.field,
              expected: `Unique field property, already used by attribute ${usedAttrs[definition.field]}`
            });
          } else {
            usedAttrs[definition.field] = definition.name;
          }
          translationForTable[definition.name] = definition.field;
          translationForRetrieval[definition.field] = definition.name;
          for (let watched of definition.watching) {
            watchedAttributes[watched] = watchedAttributes[watched] || [];
            watchedAttributes[watched].push(name);
          }
          definitions[name] = definition;
        }
        for (let name of Object.keys(definitions)) {
          const definition = definitions[name];
          definition.watchedBy = Array.isArray(watchedAttributes[name]) ? watchedAttributes[name] : [];
          switch (definition.type) {
            case AttributeTypes.map:
              normalized[name] = new MapAttribute(definition);
              break;
            case AttributeTypes.list:
              normalized[name] = new ListAttribute(definition);
              break;
            case AttributeTypes.set:
              normalized[name] = new SetAttribute(definition);
              break;
            default:
              normalized[name] = new Attribute(definition);
          }
        }
        let watchedWatchers = [];
        let watchingUnknownAttributes = [];
        for (let watched of Object.keys(watchedAttributes)) {
          if (normalized[watched] === void 0) {
            for (let attribute of watchedAttributes[watched]) {
              watchingUnknownAttributes.push({ attribute, watched });
            }
          } else if (normalized[watched].isWatcher()) {
            for (let attribute of watchedAttributes[watched]) {
              watchedWatchers.push({ attribute, watched });
            }
          }
        }
        if (watchingUnknownAttributes.length > 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidAttributeWatchDefinition,
            `Attribute Validation Error. The following attributes are defined to "watch" invalid/unknown attributes: ${watchingUnknownAttributes.map(({ watched, attribute }) => `"${attribute}"->"${watched}"`).join(", ")}.`
          );
        }
        if (watchedWatchers.length > 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidAttributeWatchDefinition,
            `Attribute Validation Error. Attributes may only "watch" other attributes also watch attributes. The following attributes are defined with ineligible attributes to watch: ${watchedWatchers.map(({ attribute, watched }) => `"${attribute}"->"${watched}"`).join(", ")}.`
          );
        }
        let missingProjectionAttributes = Array.isArray(facets.projections) ? facets.projections.filter(({ name }) => !normalized[name] && !identifiers[name]) : [];
        if (missingProjectionAttributes.length > 0) {
          const byAccessPattern = facets.projections.reduce((groups, { name, accessPattern }) => {
            groups[accessPattern] = groups[accessPattern] || [];
            groups[accessPattern].push(name);
            return groups;
          }, {});
          const invalidDefinitionsByAccessPattern = Object.entries(byAccessPattern).map(([accessPattern, attributes3]) => {
            return `${accessPattern}: ${u.commaSeparatedString(attributes3)}`;
          });
          throw new e.ElectroError(
            e.ErrorCodes.InvalidProjectionDefinition,
            `Unknown index projection attributes provided. The following access patterns were defined with unknown attributes: ${u.commaSeparatedString(invalidDefinitionsByAccessPattern, "", "")}`
          );
        }
        let missingFacetAttributes = Array.isArray(facets.attributes) ? facets.attributes.filter(({ name }) => !normalized[name]).map((facet) => `"${facet.type}: ${facet.name}"`) : [];
        if (missingFacetAttributes.length > 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidKeyCompositeAttributeTemplate,
            `Invalid key composite attribute template. The following composite attribute attributes were described in the key composite attribute template but were not included model's attributes: ${missingFacetAttributes.join(
              ", "
            )}`
          );
        }
        if (invalidProperties.length > 0) {
          let message2 = invalidProperties.map(
            (prop) => `Schema Validation Error. Attribute "${prop.name}" property "${prop.property}". Received: "${prop.value}", Expected: "${prop.expected}"`
          );
          throw new e.ElectroError(
            e.ErrorCodes.InvalidAttributeDefinition,
            message2
          );
        } else {
          return {
            enums,
            hiddenAttributes,
            readOnlyAttributes,
            requiredAttributes,
            translationForTable,
            translationForRetrieval,
            attributes: normalized
          };
        }
      }
      _validateProperties() {
      }
      _formatWatchTranslations(attributes2) {
        const translations = {};
        for (let method of Object.values(AttributeMutationMethods)) {
          let watchersToAttributes = {};
          let attributesToWatchers = {};
          let watchAllAttributes = {};
          let hasWatchers = false;
          for (let name of Object.keys(attributes2)) {
            const attribute = attributes2[name];
            const hasMutationHandler = attribute.hasMutationHandler(method);
            if (attribute.isWatcher() && hasMutationHandler) {
              hasWatchers = true;
              watchersToAttributes[name] = attribute.watching;
            } else if (attribute.watchAll && hasMutationHandler) {
              hasWatchers = true;
              watchAllAttributes[name] = name;
            } else {
              attributesToWatchers[name] = {};
              for (let watcher of Object.keys(attribute.watchedBy)) {
                if (attributes2[watcher] && attributes2[watcher].hasMutationHandler(method)) {
                  attributesToWatchers[name][watcher] = watcher;
                }
              }
            }
          }
          translations[method] = {
            hasWatchers,
            watchAllAttributes,
            watchersToAttributes,
            attributesToWatchers
          };
        }
        return translations;
      }
      getAttribute(path) {
        return this.traverser.getPath(path);
      }
      getLabels() {
        let labels = {};
        for (let name of Object.keys(this.attributes)) {
          let label = this.attributes[name].label;
          if (label !== void 0) {
            labels[name] = label;
          }
        }
        return labels;
      }
      getLabels() {
        let labels = {};
        for (let name of Object.keys(this.attributes)) {
          let label = this.attributes[name].label;
          if (label !== void 0) {
            labels[name] = label;
          }
        }
        return labels;
      }
      _applyAttributeMutation(method, include, avoid, payload) {
        let data = { ...payload };
        const getSiblings = () => ({ ...payload });
        for (let path of Object.keys(include)) {
          const attribute = this.getAttribute(path);
          if (attribute !== void 0 && avoid[path] === void 0) {
            data[path] = attribute[method](payload[path], getSiblings);
          }
        }
        return data;
      }
      _fulfillAttributeMutationMethod(method, payload) {
        let watchersToTrigger = {};
        const translation = this.translationForWatching[method];
        let avoid = {
          ...translation.watchersToAttributes,
          ...translation.watchAllAttributes
        };
        let data = this._applyAttributeMutation(method, payload, avoid, payload);
        if (!translation.hasWatchers) {
          return data;
        }
        for (let attribute of Object.keys(data)) {
          let watchers = translation.attributesToWatchers[attribute];
          if (watchers !== void 0) {
            watchersToTrigger = { ...watchersToTrigger, ...watchers };
          }
        }
        let include = {
          ...data,
          ...watchersToTrigger,
          ...translation.watchAllAttributes
        };
        return this._applyAttributeMutation(
          method,
          include,
          translation.attributesToWatchers,
          data
        );
      }
      applyAttributeGetters(payload = {}) {
        return this._fulfillAttributeMutationMethod(
          AttributeMutationMethods.get,
          payload
        );
      }
      applyAttributeSetters(payload = {}) {
        return this._fulfillAttributeMutationMethod(
          AttributeMutationMethods.set,
          payload
        );
      }
      translateFromFields(item = {}, options = {}) {
        let data = {};
        let names = this.translationForRetrieval;
        for (let [attr, value] of Object.entries(item)) {
          let name = names[attr];
          if (name) {
            data[name] = value;
          } else if (options.data === DataOptions.includeKeys) {
            data[attr] = value;
          }
        }
        return data;
      }
      translateToFields(payload = {}) {
        let record2 = {};
        for (let [name, value] of Object.entries(payload)) {
          let field = this.getFieldName(name);
          if (value !== void 0) {
            record2[field] = value;
          }
        }
        return record2;
      }
      getFieldName(name) {
        if (typeof name === "string") {
          return this.translationForTable[name];
        }
      }
      checkCreate(payload = {}) {
        let record2 = {};
        for (let attribute of Object.values(this.attributes)) {
          let value = payload[attribute.name];
          record2[attribute.name] = attribute.getValidate(value);
        }
        return record2;
      }
      checkRemove(paths = []) {
        for (const path of paths) {
          const attribute = this.traverser.getPath(path);
          if (!attribute) {
            throw new e.ElectroAttributeValidationError(
              path,
              `Attribute "${path}" does not exist on model.`
            );
          } else if (attribute.readOnly) {
            throw new e.ElectroAttributeValidationError(
              attribute.path,
              `Attribute "${attribute.path}" is Read-Only and cannot be removed`
            );
          } else if (attribute.required) {
            throw new e.ElectroAttributeValidationError(
              attribute.path,
              `Attribute "${attribute.path}" is Required and cannot be removed`
            );
          }
        }
        return paths;
      }
      checkOperation(attribute, operation, value) {
        if (attribute.required && operation === ItemOperations.remove) {
          throw new e.ElectroAttributeValidationError(
            attribute.path,
            `Attribute "${attribute.path}" is Required and cannot be removed`
          );
        } else if (attribute.readOnly) {
          throw new e.ElectroAttributeValidationError(
            attribute.path,
            `Attribute "${attribute.path}" is Read-Only and cannot be updated`
          );
        }
        return value === void 0 ? void 0 : attribute.getValidate(value);
      }
      checkUpdate(payload = {}, { allowReadOnly } = {}) {
        let record2 = {};
        for (let [path, value] of Object.entries(payload)) {
          let attribute = this.traverser.paths.get(path);
          if (attribute === void 0) {
            continue;
          }
          if (attribute.readOnly && !allowReadOnly) {
            throw new e.ElectroAttributeValidationError(
              attribute.path,
              `Attribute "${attribute.path}" is Read-Only and cannot be updated`
            );
          } else {
            record2[path] = attribute.getValidate(value);
          }
        }
        return record2;
      }
      getReadOnly() {
        return Array.from(this.readOnlyAttributes);
      }
      getRequired() {
        return Array.from(this.requiredAttributes);
      }
      formatItemForRetrieval(item, config2) {
        let returnAttributes = new Set(config2.attributes || []);
        let hasUserSpecifiedReturnAttributes = returnAttributes.size > 0;
        let remapped = this.translateFromFields(item, config2);
        let data = this._fulfillAttributeMutationMethod("get", remapped);
        if (this.hiddenAttributes.size > 0 || hasUserSpecifiedReturnAttributes) {
          for (let attribute of Object.keys(data)) {
            if (this.hiddenAttributes.has(attribute)) {
              delete data[attribute];
            }
            if (hasUserSpecifiedReturnAttributes && !returnAttributes.has(attribute)) {
              delete data[attribute];
            }
          }
        }
        return data;
      }
    };
    function createCustomAttribute(definition = {}) {
      return {
        ...definition,
        type: "custom"
      };
    }
    function CustomAttributeType2(base) {
      const supported = ["string", "number", "boolean", "any"];
      if (!supported.includes(base)) {
        throw new Error(
          `OpaquePrimitiveType only supports base types: ${u.commaSeparatedString(
            supported
          )}`
        );
      }
      return base;
    }
    function createSchema(schema) {
      v.model(schema);
      return schema;
    }
    module.exports = {
      Schema,
      Attribute,
      CastTypes,
      SetAttribute,
      createSchema,
      CustomAttributeType: CustomAttributeType2,
      createCustomAttribute
    };
  }
});

// node_modules/electrodb/src/filters.js
var require_filters = __commonJS({
  "node_modules/electrodb/src/filters.js"(exports, module) {
    var e = require_errors();
    var { MethodTypes, ExpressionTypes } = require_types();
    var FilterFactory = class {
      constructor(attributes2 = {}, filterTypes = {}) {
        this.attributes = { ...attributes2 };
        this.filters = {
          ...filterTypes
        };
      }
      getExpressionType(methodType) {
        switch (methodType) {
          case MethodTypes.put:
          case MethodTypes.create:
          case MethodTypes.update:
          case MethodTypes.patch:
          case MethodTypes.delete:
          case MethodTypes.get:
          case MethodTypes.upsert:
            return ExpressionTypes.ConditionExpression;
          default:
            return ExpressionTypes.FilterExpression;
        }
      }
      _buildFilterAttributes(setName, setValue) {
        let attributes2 = {};
        for (let [name, attribute] of Object.entries(this.attributes)) {
          let filterAttribute = {};
          for (let [type, { template }] of Object.entries(this.filters)) {
            Object.defineProperty(filterAttribute, type, {
              get: () => {
                return (...values) => {
                  let { prop } = setName({}, name, attribute.field);
                  let attrValues = [];
                  for (let value of values) {
                    if (template.length > 1) {
                      attrValues.push(setValue(name, value, name));
                    }
                  }
                  let expression = template({}, attribute, prop, ...attrValues);
                  return expression.trim();
                };
              }
            });
          }
          attributes2[name] = filterAttribute;
        }
        return attributes2;
      }
      buildClause(filterFn) {
        return (entity, state, ...params) => {
          const type = this.getExpressionType(state.query.method);
          const builder = state.query.filter[type];
          let setName = (paths, name, value) => builder.setName(paths, name, value);
          let setValue = (name, value, path) => builder.setValue(name, value, path);
          let attributes2 = this._buildFilterAttributes(setName, setValue);
          const expression = filterFn(attributes2, ...params);
          if (typeof expression !== "string") {
            throw new e.ElectroError(
              e.ErrorCodes.InvalidFilter,
              "Invalid filter response. Expected result to be of type string"
            );
          }
          builder.add(expression);
          return state;
        };
      }
      injectFilterClauses(clauses = {}, filters = {}) {
        let injected = { ...clauses };
        let filterParents = Object.entries(injected).filter((clause) => {
          let [name, { children }] = clause;
          return children.find((child) => ["go", "commit"].includes(child));
        }).map(([name]) => name);
        let modelFilters = Object.keys(filters);
        let filterChildren = [];
        for (let [name, filter] of Object.entries(filters)) {
          filterChildren.push(name);
          injected[name] = {
            name,
            action: this.buildClause(filter),
            children: ["params", "go", "commit", "filter", ...modelFilters]
          };
        }
        filterChildren.push("filter");
        injected["filter"] = {
          name: "filter",
          action: (entity, state, fn) => {
            return this.buildClause(fn)(entity, state);
          },
          children: ["params", "go", "commit", "filter", ...modelFilters]
        };
        for (let parent of filterParents) {
          injected[parent] = { ...injected[parent] };
          injected[parent].children = [
            ...filterChildren,
            ...injected[parent].children
          ];
        }
        return injected;
      }
    };
    module.exports = { FilterFactory };
  }
});

// node_modules/electrodb/src/updateOperations.js
var require_updateOperations = __commonJS({
  "node_modules/electrodb/src/updateOperations.js"(exports, module) {
    var { AttributeTypes, ItemOperations } = require_types();
    var deleteOperations = {
      canNest: false,
      template: function del(options, attr, path, value) {
        let operation = "";
        let expression = "";
        switch (attr.type) {
          case AttributeTypes.any:
          case AttributeTypes.set:
            operation = ItemOperations.delete;
            expression = `${path} ${value}`;
            break;
          default:
            throw new Error(
              `Invalid Update Attribute Operation: "DELETE" Operation can only be performed on attributes with type "set" or "any".`
            );
        }
        return { operation, expression };
      }
    };
    var UpdateOperations = {
      ifNotExists: {
        template: function if_not_exists(options, attr, path, value) {
          const operation = ItemOperations.set;
          const expression = `${path} = if_not_exists(${path}, ${value})`;
          return { operation, expression };
        }
      },
      name: {
        canNest: true,
        template: function name(options, attr, path) {
          return path;
        }
      },
      value: {
        canNest: true,
        template: function value(options, attr, path, value) {
          return value;
        }
      },
      append: {
        canNest: false,
        template: function append(options, attr, path, value) {
          let operation = "";
          let expression = "";
          switch (attr.type) {
            case AttributeTypes.any:
            case AttributeTypes.list:
              const defaultValue = options.createValue("default_value", []);
              expression = `${path} = list_append(if_not_exists(${path}, ${defaultValue}), ${value})`;
              operation = ItemOperations.set;
              break;
            default:
              throw new Error(
                `Invalid Update Attribute Operation: "APPEND" Operation can only be performed on attributes with type "list" or "any".`
              );
          }
          return { operation, expression };
        }
      },
      add: {
        canNest: false,
        template: function add(options, attr, path, value, defaultValue) {
          let operation = "";
          let expression = "";
          let type = attr.type;
          if (type === AttributeTypes.any) {
            type = typeof value === "number" ? AttributeTypes.number : AttributeTypes.any;
          }
          switch (type) {
            case AttributeTypes.any:
            case AttributeTypes.set: {
              operation = ItemOperations.add;
              expression = `${path} ${value}`;
              break;
            }
            case AttributeTypes.number: {
              if (options.nestedValue) {
                operation = ItemOperations.set;
                expression = `${path} = ${path} + ${value}`;
              } else if (defaultValue !== void 0) {
                operation = ItemOperations.set;
                expression = `${path} = (if_not_exists(${path}, ${defaultValue}) + ${value})`;
              } else {
                operation = ItemOperations.add;
                expression = `${path} ${value}`;
              }
              break;
            }
            default:
              throw new Error(
                `Invalid Update Attribute Operation: "ADD" Operation can only be performed on attributes with type "number", "set", or "any".`
              );
          }
          return { operation, expression };
        }
      },
      subtract: {
        canNest: false,
        template: function subtract(options, attr, path, value, defaultValue = 0) {
          let operation = "";
          let expression = "";
          switch (attr.type) {
            case AttributeTypes.any:
            case AttributeTypes.number: {
              let resolvedDefaultValue;
              if (typeof defaultValue === "string" && defaultValue.startsWith(":")) {
                resolvedDefaultValue = defaultValue;
              } else if (defaultValue !== void 0) {
                resolvedDefaultValue = options.createValue(
                  "default_value",
                  defaultValue
                );
              } else {
                resolvedDefaultValue = options.createValue("default_value", 0);
              }
              operation = ItemOperations.set;
              expression = `${path} = (if_not_exists(${path}, ${resolvedDefaultValue}) - ${value})`;
              break;
            }
            default:
              throw new Error(
                `Invalid Update Attribute Operation: "SUBTRACT" Operation can only be performed on attributes with type "number" or "any".`
              );
          }
          return { operation, expression };
        }
      },
      set: {
        canNest: false,
        template: function set(options, attr, path, value) {
          let operation = "";
          let expression = "";
          switch (attr.type) {
            case AttributeTypes.set:
            case AttributeTypes.list:
            case AttributeTypes.map:
            case AttributeTypes.enum:
            case AttributeTypes.string:
            case AttributeTypes.number:
            case AttributeTypes.boolean:
            case AttributeTypes.any:
              operation = ItemOperations.set;
              expression = `${path} = ${value}`;
              break;
            default:
              throw new Error(
                `Invalid Update Attribute Operation: "SET" Operation can only be performed on attributes with type "list", "map", "string", "number", "boolean", or "any".`
              );
          }
          return { operation, expression };
        }
      },
      remove: {
        canNest: false,
        template: function remove(options, attr, ...paths) {
          let operation = "";
          let expression = "";
          switch (attr.type) {
            case AttributeTypes.set:
            case AttributeTypes.any:
            case AttributeTypes.list:
            case AttributeTypes.map:
            case AttributeTypes.string:
            case AttributeTypes.number:
            case AttributeTypes.boolean:
            case AttributeTypes.enum:
              operation = ItemOperations.remove;
              expression = paths.join(", ");
              break;
            default: {
              throw new Error(
                `Invalid Update Attribute Operation: "REMOVE" Operation can only be performed on attributes with type "map", "list", "string", "number", "boolean", or "any".`
              );
            }
          }
          return { operation, expression };
        }
      },
      del: deleteOperations,
      delete: deleteOperations
    };
    module.exports = {
      UpdateOperations
    };
  }
});

// node_modules/electrodb/src/filterOperations.js
var require_filterOperations = __commonJS({
  "node_modules/electrodb/src/filterOperations.js"(exports, module) {
    var FilterOperations = {
      escape: {
        template: function escape2(options, attr) {
          return `${attr}`;
        },
        rawValue: true
      },
      size: {
        template: function size(options, attr, name) {
          return `size(${name})`;
        },
        strict: false
      },
      type: {
        template: function attributeType(options, attr, name, value) {
          return `attribute_type(${name}, ${value})`;
        },
        strict: false
      },
      ne: {
        template: function ne(options, attr, name, value) {
          return `${name} <> ${value}`;
        },
        strict: false
      },
      eq: {
        template: function eq(options, attr, name, value) {
          return `${name} = ${value}`;
        },
        strict: false
      },
      gt: {
        template: function gt(options, attr, name, value) {
          return `${name} > ${value}`;
        },
        strict: false
      },
      lt: {
        template: function lt(options, attr, name, value) {
          return `${name} < ${value}`;
        },
        strict: false
      },
      gte: {
        template: function gte(options, attr, name, value) {
          return `${name} >= ${value}`;
        },
        strict: false
      },
      lte: {
        template: function lte(options, attr, name, value) {
          return `${name} <= ${value}`;
        },
        strict: false
      },
      between: {
        template: function between(options, attr, name, value1, value2) {
          return `(${name} between ${value1} and ${value2})`;
        },
        strict: false
      },
      begins: {
        template: function begins(options, attr, name, value) {
          return `begins_with(${name}, ${value})`;
        },
        strict: false
      },
      exists: {
        template: function exists(options, attr, name) {
          return `attribute_exists(${name})`;
        },
        strict: false
      },
      notExists: {
        template: function notExists(options, attr, name) {
          return `attribute_not_exists(${name})`;
        },
        strict: false
      },
      contains: {
        template: function contains(options, attr, name, value) {
          return `contains(${name}, ${value})`;
        },
        strict: false
      },
      notContains: {
        template: function notContains(options, attr, name, value) {
          return `not contains(${name}, ${value})`;
        },
        strict: false
      },
      value: {
        template: function(options, attr, name, value) {
          return value;
        },
        strict: false,
        canNest: true
      },
      name: {
        template: function(options, attr, name) {
          return name;
        },
        strict: false,
        canNest: true
      },
      eqOrNotExists: {
        template: function eq(options, attr, name, value) {
          return `(${name} = ${value} OR attribute_not_exists(${name}))`;
        },
        strict: false
      },
      field: {
        template: function(options, _, fieldName) {
          return fieldName !== void 0 ? `${fieldName}` : "";
        },
        strict: false,
        canNest: true,
        rawField: true
      }
    };
    module.exports = {
      FilterOperations
    };
  }
});

// node_modules/electrodb/src/operations.js
var require_operations = __commonJS({
  "node_modules/electrodb/src/operations.js"(exports, module) {
    var {
      AttributeTypes,
      ItemOperations,
      AttributeProxySymbol,
      BuilderTypes
    } = require_types();
    var { UpdateOperations } = require_updateOperations();
    var { FilterOperations } = require_filterOperations();
    var e = require_errors();
    var u = require_util();
    function formatExpressionName(name, seen) {
      const nameWasNotANumber = isNaN(name);
      const originalName = `${name}`;
      let formattedName = originalName.replaceAll(/[^\w]/g, "");
      if (formattedName.length === 0) {
        formattedName = "p";
      } else if (nameWasNotANumber !== isNaN(formattedName)) {
        formattedName = `p${formattedName}`;
      }
      const originalFormattedName = formattedName;
      let nameSuffix = 1;
      while (seen.has(formattedName) && seen.get(formattedName) !== originalName) {
        formattedName = `${originalFormattedName}_${++nameSuffix}`;
      }
      seen.set(formattedName, originalName);
      return formattedName;
    }
    var ExpressionState = class {
      constructor({ prefix } = {}) {
        this.names = {};
        this.values = {};
        this.paths = {};
        this.counts = {};
        this.impacted = {};
        this.expression = "";
        this.prefix = prefix || "";
        this.refs = {};
        this.formattedNameToOriginalNameMap = /* @__PURE__ */ new Map();
      }
      incrementName(name) {
        if (this.counts[name] === void 0) {
          this.counts[name] = 0;
        }
        return `${this.prefix}${this.counts[name]++}`;
      }
      formatName(name = "") {
        return formatExpressionName(name, this.formattedNameToOriginalNameMap);
      }
      // todo: make the structure: name, value, paths
      setName(paths, name, value) {
        name = this.formatName(name);
        let json = "";
        let expression = "";
        const prop = `#${name}`;
        if (Object.keys(paths).length === 0) {
          json = `${name}`;
          expression = `${prop}`;
          this.names[prop] = value;
        } else if (isNaN(name)) {
          json = `${paths.json}.${name}`;
          expression = `${paths.expression}.${prop}`;
          this.names[prop] = value;
        } else {
          json = `${paths.json}[${name}]`;
          expression = `${paths.expression}[${name}]`;
        }
        return { json, expression, prop };
      }
      getNames() {
        return this.names;
      }
      setValue(name, value) {
        const formated = this.formatName(name);
        let valueCount = this.incrementName(formated);
        let expression = `:${formated}${valueCount}`;
        this.values[expression] = value;
        return expression;
      }
      updateValue(name, value) {
        this.values[name] = value;
      }
      getValues() {
        return this.values;
      }
      setPath(path, value) {
        this.paths[path] = value;
      }
      setExpression(expression) {
        this.expression = expression;
      }
      getExpression() {
        return this.expression;
      }
      setImpacted(operation, path, ref) {
        this.impacted[path] = operation;
        this.refs[path] = ref;
      }
    };
    var AttributeOperationProxy = class _AttributeOperationProxy {
      constructor({ builder, attributes: attributes2 = {}, operations = {} }) {
        this.ref = {
          attributes: attributes2,
          operations
        };
        this.attributes = _AttributeOperationProxy.buildAttributes(
          builder,
          attributes2
        );
        this.operations = _AttributeOperationProxy.buildOperations(
          builder,
          operations
        );
      }
      invokeCallback(op, ...params) {
        return op(this.attributes, this.operations, ...params);
      }
      performOperation({ operation, path, value, force = false }) {
        if (value === void 0) {
          return;
        }
        const parts = u.parseJSONPath(path);
        let attribute = this.attributes;
        for (let part of parts) {
          attribute = attribute[part];
        }
        if (attribute) {
          this.operations[operation](attribute, value);
          const { target } = attribute();
          if (target.readOnly && !force) {
            throw new Error(
              `Attribute "${target.path}" is Read-Only and cannot be updated`
            );
          }
        }
      }
      fromObject(operation, record2) {
        for (let path of Object.keys(record2)) {
          this.performOperation({
            operation,
            path,
            value: record2[path]
          });
        }
      }
      fromArray(operation, paths) {
        for (let path of paths) {
          const parts = u.parseJSONPath(path);
          let attribute = this.attributes;
          for (let part of parts) {
            attribute = attribute[part];
          }
          if (attribute) {
            this.operations[operation](attribute);
            const { target } = attribute();
            if (target.readOnly) {
              throw new Error(
                `Attribute "${target.path}" is Read-Only and cannot be updated`
              );
            } else if (operation === ItemOperations.remove && target.required) {
              throw new Error(
                `Attribute "${target.path}" is Required and cannot be removed`
              );
            }
          }
        }
      }
      static buildOperations(builder, operations) {
        let ops = {};
        let seen = /* @__PURE__ */ new Map();
        for (let operation of Object.keys(operations)) {
          let { template, canNest, rawValue, rawField } = operations[operation];
          Object.defineProperty(ops, operation, {
            get: () => {
              return (property, ...values) => {
                if (property === void 0) {
                  throw new e.ElectroError(
                    e.ErrorCodes.InvalidWhere,
                    `Invalid/Unknown property passed in where clause passed to operation: '${operation}'`
                  );
                }
                if (property[AttributeProxySymbol]) {
                  const { commit, target } = property();
                  const fixedValues = values.map((value) => target.applyFixings(value)).filter((value) => value !== void 0);
                  const isFilterBuilder = builder.type === BuilderTypes.filter;
                  const takesValueArgument = template.length > 3;
                  const isAcceptableValue = fixedValues.every((value) => {
                    const seenAttributes = seen.get(value);
                    if (seenAttributes) {
                      return seenAttributes.every((v) => target.acceptable(v));
                    }
                    return target.acceptable(value);
                  });
                  const shouldCommit = (
                    // if it is a filterBuilder than we don't care what they pass because the user needs more freedom here
                    isFilterBuilder || // if the operation does not take a value argument then not committing here could cause problems.
                    // this should be revisited to make more robust, we could hypothetically store the commit in the
                    // "seen" map for when the value is used, but that's a lot of new complexity
                    !takesValueArgument || // if the operation takes a value, we should determine if that value is acceptable. For
                    // example, in the cases of a "set" we check to see if it is empty, or if the value is
                    // undefined, we should not commit. The "fixedValues" length check is because the
                    // "fixedValues" array has been filtered for undefined, so no length there indicates an
                    // undefined value was passed.
                    takesValueArgument && isAcceptableValue && fixedValues.length > 0
                  );
                  if (!shouldCommit) {
                    return "";
                  }
                  const paths = commit();
                  const attributeValues = [];
                  let hasNestedValue = false;
                  for (let fixedValue of fixedValues) {
                    if (seen.has(fixedValue)) {
                      attributeValues.push(fixedValue);
                      hasNestedValue = true;
                    } else {
                      let attributeValueName = builder.setValue(
                        target.name,
                        fixedValue
                      );
                      builder.setPath(paths.json, {
                        value: fixedValue,
                        name: attributeValueName
                      });
                      attributeValues.push(attributeValueName);
                    }
                  }
                  const options = {
                    nestedValue: hasNestedValue,
                    createValue: (name, value) => builder.setValue(`${target.name}_${name}`, value)
                  };
                  const formatted = template(
                    options,
                    target,
                    paths.expression,
                    ...attributeValues
                  );
                  builder.setImpacted(operation, paths.json, target);
                  if (canNest) {
                    seen.set(paths.expression, attributeValues);
                    seen.set(formatted, attributeValues);
                  }
                  if (builder.type === BuilderTypes.update && formatted && typeof formatted.operation === "string" && typeof formatted.expression === "string") {
                    builder.add(formatted.operation, formatted.expression);
                    return formatted.expression;
                  }
                  return formatted;
                } else if (rawValue) {
                  let attributeValueName = builder.setValue(property, property);
                  builder.setPath(property, {
                    value: property,
                    name: attributeValueName
                  });
                  const formatted = template({}, attributeValueName);
                  seen.set(attributeValueName, [property]);
                  seen.set(formatted, [property]);
                  return formatted;
                } else if (rawField) {
                  const { prop, expression } = builder.setName(
                    {},
                    property,
                    property
                  );
                  const formatted = template({}, null, prop);
                  seen.set(expression, [property]);
                  seen.set(formatted, [property]);
                  return formatted;
                } else {
                  throw new e.ElectroError(
                    e.ErrorCodes.InvalidWhere,
                    `Invalid Attribute in where clause passed to operation '${operation}'. Use injected attributes only.`
                  );
                }
              };
            }
          });
        }
        return ops;
      }
      static pathProxy(build2) {
        return new Proxy(() => build2(), {
          get: (_, prop, o) => {
            if (prop === AttributeProxySymbol) {
              return true;
            } else {
              return _AttributeOperationProxy.pathProxy(() => {
                const { commit, root, target, builder } = build2();
                const attribute = target.getChild(prop);
                const nestedAny = attribute.type === AttributeTypes.any && // if the name doesn't match that's because we are nested under 'any'
                attribute.name !== prop;
                let field;
                if (attribute === void 0) {
                  throw new Error(
                    `Invalid attribute "${prop}" at path "${target.path}.${prop}"`
                  );
                } else if (nestedAny) {
                  field = prop;
                } else {
                  field = attribute.field;
                }
                return {
                  root,
                  builder,
                  nestedAny,
                  target: attribute,
                  commit: () => {
                    const paths = commit();
                    return builder.setName(paths, prop, field);
                  }
                };
              });
            }
          }
        });
      }
      static buildAttributes(builder, attributes2) {
        let attr = {};
        for (let [name, attribute] of Object.entries(attributes2)) {
          Object.defineProperty(attr, name, {
            get: () => {
              return _AttributeOperationProxy.pathProxy(() => {
                return {
                  root: attribute,
                  target: attribute,
                  builder,
                  commit: () => builder.setName({}, attribute.name, attribute.field)
                };
              });
            }
          });
        }
        return attr;
      }
    };
    var FilterOperationNames = Object.keys(FilterOperations).reduce(
      (ops, name) => {
        ops[name] = name;
        return ops;
      },
      {}
    );
    var UpdateOperationNames = Object.keys(UpdateOperations).reduce(
      (ops, name) => {
        ops[name] = name;
        return ops;
      },
      {}
    );
    module.exports = {
      UpdateOperations,
      UpdateOperationNames,
      FilterOperations,
      FilterOperationNames,
      ExpressionState,
      AttributeOperationProxy,
      formatExpressionName
    };
  }
});

// node_modules/electrodb/src/where.js
var require_where = __commonJS({
  "node_modules/electrodb/src/where.js"(exports, module) {
    var { MethodTypes, ExpressionTypes, BuilderTypes } = require_types();
    var {
      AttributeOperationProxy,
      ExpressionState,
      FilterOperations
    } = require_operations();
    var e = require_errors();
    var FilterExpression = class extends ExpressionState {
      constructor(props) {
        super(props);
        this.expression = "";
        this.type = BuilderTypes.filter;
      }
      _trim(expression) {
        if (typeof expression === "string" && expression.length > 0) {
          return expression.replace(/\n|\r/g, "").trim();
        }
        return "";
      }
      _isEmpty(expression) {
        if (typeof expression !== "string") {
          throw new Error("Invalid expression value type. Expected type string.");
        }
        return !expression.replace(/\n|\r|\w/g, "").trim();
      }
      add(newExpression, filterOptions = {}) {
        const asPrefix = !!filterOptions.asPrefix;
        let expression = "";
        let existingExpression = this.expression;
        if (typeof existingExpression === "string" && existingExpression.length > 0) {
          newExpression = this._trim(newExpression);
          let isEmpty = this._isEmpty(newExpression);
          if (isEmpty) {
            return existingExpression;
          }
          if (!asPrefix && !existingExpression.startsWith("(") && !existingExpression.endsWith(")")) {
            existingExpression = `(${existingExpression})`;
          }
          if (asPrefix) {
            expression = `(${newExpression}) AND ${existingExpression}`;
          } else {
            expression = `${existingExpression} AND ${newExpression}`;
          }
        } else {
          expression = this._trim(newExpression);
        }
        this.expression = expression;
      }
      // applies operations without verifying them against known attributes. Used internally for key conditions.
      unsafeSet(filterOptions, operation, name, ...values) {
        const { template } = FilterOperations[operation] || {};
        if (template === void 0) {
          throw new Error(
            `Invalid operation: "${operation}". Please report this issue via a bug ticket.`
          );
        }
        const names = this.setName({}, name, name);
        const valueExpressions = values.map((value) => this.setValue(name, value));
        const condition = template(
          {},
          names.expression,
          names.prop,
          ...valueExpressions
        );
        this.add(condition, filterOptions);
      }
      build() {
        return this.expression;
      }
    };
    var WhereFactory = class {
      constructor(attributes2 = {}, operations = {}) {
        this.attributes = { ...attributes2 };
        this.operations = { ...operations };
      }
      getExpressionType(methodType) {
        switch (methodType) {
          case MethodTypes.put:
          case MethodTypes.create:
          case MethodTypes.update:
          case MethodTypes.patch:
          case MethodTypes.delete:
          case MethodTypes.remove:
          case MethodTypes.upsert:
          case MethodTypes.get:
          case MethodTypes.check:
            return ExpressionTypes.ConditionExpression;
          default:
            return ExpressionTypes.FilterExpression;
        }
      }
      buildClause(cb) {
        if (typeof cb !== "function") {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidWhere,
            'Where callback must be of type "function"'
          );
        }
        return (entity, state, ...params) => {
          const type = this.getExpressionType(state.query.method);
          const builder = state.query.filter[type];
          const proxy = new AttributeOperationProxy({
            builder,
            attributes: this.attributes,
            operations: this.operations
          });
          const expression = proxy.invokeCallback(cb, ...params);
          if (typeof expression !== "string") {
            throw new e.ElectroError(
              e.ErrorCodes.InvalidWhere,
              "Invalid response from where clause callback. Expected return result to be of type string"
            );
          }
          builder.add(expression);
          return state;
        };
      }
      injectWhereClauses(clauses = {}, filters = {}) {
        let injected = { ...clauses };
        let filterParents = Object.entries(injected).filter((clause) => {
          let [name, { children }] = clause;
          return children.find((child) => ["go", "commit"].includes(child));
        }).map(([name]) => name);
        let modelFilters = Object.keys(filters);
        let filterChildren = [];
        for (let [name, filter] of Object.entries(filters)) {
          filterChildren.push(name);
          injected[name] = {
            name,
            action: this.buildClause(filter),
            children: ["params", "go", "commit", "where", ...modelFilters]
          };
        }
        filterChildren.push("where");
        injected["where"] = {
          name: "where",
          action: (entity, state, fn) => {
            return this.buildClause(fn)(entity, state);
          },
          children: ["params", "go", "commit", "where", ...modelFilters]
        };
        for (let parent of filterParents) {
          injected[parent] = { ...injected[parent] };
          injected[parent].children = [
            ...filterChildren,
            ...injected[parent].children
          ];
        }
        return injected;
      }
    };
    module.exports = {
      WhereFactory,
      FilterExpression
    };
  }
});

// node_modules/electrodb/src/update.js
var require_update = __commonJS({
  "node_modules/electrodb/src/update.js"(exports, module) {
    var { UpdateOperations } = require_updateOperations();
    var { AttributeOperationProxy, ExpressionState } = require_operations();
    var { ItemOperations, BuilderTypes } = require_types();
    var UpdateExpression = class extends ExpressionState {
      constructor(props = {}) {
        super({ ...props });
        this.operations = {
          set: /* @__PURE__ */ new Set(),
          remove: /* @__PURE__ */ new Set(),
          add: /* @__PURE__ */ new Set(),
          subtract: /* @__PURE__ */ new Set(),
          delete: /* @__PURE__ */ new Set()
        };
        this.composites = {};
        this.seen = /* @__PURE__ */ new Map();
        this.type = BuilderTypes.update;
      }
      addComposite(attrName, value) {
        if (value !== void 0) {
          if (this.composites[attrName] === void 0 || this.composites[attrName] === value) {
            this.composites[attrName] = value;
            return true;
          }
        }
        return false;
      }
      add(type, expression) {
        this.operations[type].add(expression);
      }
      unadd(type, expression) {
        this.operations[type].delete(expression);
      }
      set(name, value, operation = ItemOperations.set, attribute) {
        let operationToApply = operation;
        if (operation === ItemOperations.ifNotExists) {
          operationToApply = ItemOperations.set;
        }
        const seen = this.seen.get(name);
        let n;
        let v;
        if (seen) {
          n = seen.name;
          v = seen.value;
          this.unadd(operationToApply, seen.expression);
        } else {
          n = this.setName({}, name, name);
          v = this.setValue(name, value);
        }
        let expression = `${n.prop} = ${v}`;
        if (operation === ItemOperations.ifNotExists) {
          expression = `${n.prop} = if_not_exists(${n.prop}, ${v})`;
        }
        this.seen.set(name, {
          name: n,
          value: v,
          expression
        });
        this.add(operationToApply, expression);
      }
      remove(name) {
        const n = this.setName({}, name, name);
        this.add(ItemOperations.remove, `${n.prop}`);
      }
      build() {
        let expressions = [];
        for (const type of Object.keys(this.operations)) {
          const operations = this.operations[type];
          if (operations.size > 0) {
            expressions.push(
              `${type.toUpperCase()} ${Array.from(operations).join(", ")}`
            );
          }
        }
        return expressions.join(" ");
      }
    };
    var UpdateEntity = class {
      constructor(attributes2 = {}, operations = {}) {
        this.attributes = { ...attributes2 };
        this.operations = { ...operations };
      }
      buildCallbackHandler(entity, state) {
        const proxy = new AttributeOperationProxy({
          builder: state.query.update,
          attributes: this.attributes,
          operations: this.operations
        });
        return (cb, ...params) => {
          if (typeof cb !== "function") {
            throw new Error('Update Callback must be of type "function"');
          }
          proxy.invokeCallback(cb, ...params);
        };
      }
    };
    module.exports = {
      UpdateEntity,
      UpdateExpression
    };
  }
});

// node_modules/electrodb/src/clauses.js
var require_clauses = __commonJS({
  "node_modules/electrodb/src/clauses.js"(exports, module) {
    var {
      QueryTypes,
      MethodTypes,
      ItemOperations,
      ExpressionTypes,
      TransactionCommitSymbol,
      TransactionOperations,
      TerminalOperation,
      KeyTypes,
      IndexTypes,
      UpsertOperations,
      ComparisonTypes
    } = require_types();
    var {
      AttributeOperationProxy,
      UpdateOperations,
      FilterOperationNames
    } = require_operations();
    var { UpdateExpression } = require_update();
    var { FilterExpression } = require_where();
    var v = require_validations();
    var e = require_errors();
    var u = require_util();
    function handleNonIsolatedCollection(entity, state, collection = "", facets = {}) {
      if (state.getError() !== null) {
        return state;
      }
      try {
        const { pk, sk } = state.getCompositeAttributes();
        return state.setMethod(MethodTypes.query).setCollection(collection).setPK(entity._expectFacets(facets, pk)).ifSK(() => {
          const { composites, unused } = state.identifyCompositeAttributes(
            facets,
            sk,
            pk
          );
          state.setSK(composites);
          state.beforeBuildParams(({ options, state: state2 }) => {
            const accessPattern = entity.model.translations.indexes.fromIndexToAccessPattern[state2.query.index];
            if (options.compare === ComparisonTypes.attributes || options.compare === ComparisonTypes.v2) {
              if (!entity.model.indexes[accessPattern].sk.isFieldRef && sk.length > 1) {
                state2.filterProperties(FilterOperationNames.eq, {
                  ...unused,
                  ...composites
                });
              }
            }
          });
        }).whenOptions(({ options, state: state2 }) => {
          if (!options.ignoreOwnership && !state2.getParams()) {
            state2.query.options.expressions.names = {
              ...state2.query.options.expressions.names,
              ...state2.query.options.identifiers.names
            };
            state2.query.options.expressions.values = {
              ...state2.query.options.expressions.values,
              ...state2.query.options.identifiers.values
            };
            state2.query.options.expressions.expression = state2.query.options.expressions.expression.length > 1 ? `(${state2.query.options.expressions.expression}) AND ${state2.query.options.identifiers.expression}` : `${state2.query.options.identifiers.expression}`;
          }
        });
      } catch (err) {
        state.setError(err);
        return state;
      }
    }
    var methodChildren = {
      upsert: [
        "upsertSet",
        "upsertAppend",
        "upsertAdd",
        "go",
        "params",
        "upsertSubtract",
        "commit",
        "upsertIfNotExists",
        "where"
      ],
      update: [
        "data",
        "set",
        "append",
        "add",
        "updateRemove",
        "updateDelete",
        "go",
        "params",
        "subtract",
        "commit",
        "composite",
        "ifNotExists",
        "where"
      ],
      put: ["where", "params", "go", "commit"],
      del: ["where", "params", "go", "commit"]
    };
    function batchAction(action, type, entity, state, payload) {
      if (state.getError() !== null) {
        return state;
      }
      try {
        state.setMethod(type);
        for (let facets of payload) {
          let batchState = action(entity, state.createSubState(), facets);
          if (batchState.getError() !== null) {
            throw batchState.getError();
          }
        }
        return state;
      } catch (err) {
        state.setError(err);
        return state;
      }
    }
    var clauses = {
      index: {
        name: "index",
        children: [
          "check",
          "get",
          "delete",
          "update",
          "query",
          "upsert",
          "put",
          "scan",
          "collection",
          "clusteredCollection",
          "compositeCollection",
          "create",
          "remove",
          "patch",
          "batchPut",
          "batchDelete",
          "batchGet"
        ]
      },
      compositeCollection: {
        name: "compositeCollection",
        action(entity, state, collection = "", facets = {}) {
          return handleNonIsolatedCollection(
            entity,
            state.setType(QueryTypes.composite_collection),
            collection,
            facets
          );
        },
        children: ["between", "gte", "gt", "lte", "lt", "begins", "params", "go"]
      },
      clusteredCollection: {
        name: "clusteredCollection",
        action(entity, state, collection = "", facets = {}) {
          return handleNonIsolatedCollection(
            entity,
            state.setType(QueryTypes.clustered_collection),
            collection,
            facets
          );
        },
        children: ["between", "gte", "gt", "lte", "lt", "begins", "params", "go"]
      },
      collection: {
        name: "collection",
        /* istanbul ignore next */
        action(entity, state, collection = "", facets = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            const { pk, sk } = state.getCompositeAttributes();
            return state.setType(QueryTypes.collection).setMethod(MethodTypes.query).setCollection(collection).setPK(entity._expectFacets(facets, pk)).whenOptions(({ options, state: state2 }) => {
              if (!options.ignoreOwnership && !state2.getParams()) {
                state2.query.options.expressions.names = {
                  ...state2.query.options.expressions.names,
                  ...state2.query.options.identifiers.names
                };
                state2.query.options.expressions.values = {
                  ...state2.query.options.expressions.values,
                  ...state2.query.options.identifiers.values
                };
                state2.query.options.expressions.expression = state2.query.options.expressions.expression.length > 1 ? `(${state2.query.options.expressions.expression}) AND ${state2.query.options.identifiers.expression}` : `${state2.query.options.identifiers.expression}`;
              }
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: ["params", "go"]
      },
      scan: {
        name: "scan",
        action(entity, state, config2) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            return state.setMethod(MethodTypes.scan).whenOptions(({ state: state2, options }) => {
              if (!options.ignoreOwnership && !state2.getParams()) {
                state2.unsafeApplyFilter(
                  {},
                  FilterOperationNames.eq,
                  entity.identifiers.entity,
                  entity.getName()
                );
                state2.unsafeApplyFilter(
                  {},
                  FilterOperationNames.eq,
                  entity.identifiers.version,
                  entity.getVersion()
                );
              }
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: ["params", "go"]
      },
      get: {
        name: "get",
        /* istanbul ignore next */
        action(entity, state, facets = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            const { pk, sk } = state.getCompositeAttributes();
            const { composites } = state.identifyCompositeAttributes(
              facets,
              sk,
              pk
            );
            return state.setMethod(MethodTypes.get).setType(QueryTypes.eq).setPK(entity._expectFacets(facets, pk)).ifSK(() => {
              entity._expectFacets(facets, sk);
              state.setSK(composites);
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: ["params", "go", "commit"]
      },
      check: {
        name: "check",
        action(...params) {
          return clauses.get.action(...params).setMethod(MethodTypes.check);
        },
        children: ["commit"]
      },
      batchGet: {
        name: "batchGet",
        action: (entity, state, payload) => batchAction(
          clauses.get.action,
          MethodTypes.batchGet,
          entity,
          state,
          payload
        ),
        children: ["params", "go"]
      },
      batchDelete: {
        name: "batchDelete",
        action: (entity, state, payload) => batchAction(
          clauses.delete.action,
          MethodTypes.batchWrite,
          entity,
          state,
          payload
        ),
        children: ["params", "go"]
      },
      delete: {
        name: "delete",
        /* istanbul ignore next */
        action(entity, state, facets = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            const { pk, sk } = state.getCompositeAttributes();
            const pkComposite = entity._expectFacets(facets, pk);
            state.addOption("_includeOnResponseItem", pkComposite);
            return state.setMethod(MethodTypes.delete).setType(QueryTypes.eq).setPK(pkComposite).ifSK(() => {
              entity._expectFacets(facets, sk);
              const skComposite = state.buildQueryComposites(facets, sk);
              state.setSK(skComposite);
              state.addOption("_includeOnResponseItem", {
                ...skComposite,
                ...pkComposite
              });
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: ["where", "params", "go", "commit"]
      },
      remove: {
        name: "remove",
        /* istanbul ignore next */
        action(entity, state, facets = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            const attributes2 = state.getCompositeAttributes();
            const filter = state.query.filter[ExpressionTypes.ConditionExpression];
            const { pk, sk } = entity._getPrimaryIndexFieldNames();
            filter.unsafeSet({}, FilterOperationNames.exists, pk);
            if (sk) {
              filter.unsafeSet({}, FilterOperationNames.exists, sk);
            }
            const pkComposite = entity._expectFacets(facets, attributes2.pk);
            state.addOption("_includeOnResponseItem", pkComposite);
            return state.setMethod(MethodTypes.delete).setType(QueryTypes.eq).setPK(pkComposite).ifSK(() => {
              entity._expectFacets(facets, attributes2.sk);
              const skComposite = state.buildQueryComposites(
                facets,
                attributes2.sk
              );
              state.setSK(skComposite);
              state.addOption("_includeOnResponseItem", {
                ...skComposite,
                ...pkComposite
              });
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.del
      },
      upsert: {
        name: "upsert",
        action(entity, state, payload = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            return state.setMethod(MethodTypes.upsert).setType(QueryTypes.eq).applyUpsert(UpsertOperations.set, payload).beforeBuildParams(({ state: state2 }) => {
              const { upsert, update, updateProxy } = state2.query;
              state2.query.update.set(entity.identifiers.entity, entity.getName());
              state2.query.update.set(
                entity.identifiers.version,
                entity.getVersion()
              );
              const setData = {};
              const nonSetData = {};
              let allData = {};
              for (const name in upsert.data) {
                const { operation, value } = upsert.data[name];
                allData[name] = value;
                if (operation === UpsertOperations.set) {
                  setData[name] = value;
                } else {
                  nonSetData[name] = value;
                }
              }
              const upsertData = entity.model.schema.checkCreate({ ...allData });
              const attributes2 = state2.getCompositeAttributes();
              const pkComposite = entity._expectFacets(upsertData, attributes2.pk);
              state2.addOption("_includeOnResponseItem", pkComposite).setPK(pkComposite).ifSK(() => {
                entity._expectFacets(upsertData, attributes2.sk);
                const skComposite = entity._buildQueryFacets(
                  upsertData,
                  attributes2.sk
                );
                state2.setSK(skComposite);
                state2.addOption("_includeOnResponseItem", {
                  ...skComposite,
                  ...pkComposite
                });
              });
              const appliedData = entity.model.schema.applyAttributeSetters({
                ...upsertData
              });
              const onlySetAppliedData = {};
              const nonSetAppliedData = {};
              for (const name in appliedData) {
                const value = appliedData[name];
                const isSetOperation = setData[name] !== void 0;
                const cameFromApplyingSetters = allData[name] === void 0;
                const isNotUndefined = appliedData[name] !== void 0;
                const applyAsSet = isSetOperation || cameFromApplyingSetters;
                if (applyAsSet && isNotUndefined) {
                  onlySetAppliedData[name] = value;
                } else {
                  nonSetAppliedData[name] = value;
                }
              }
              const { pk } = state2.query.keys;
              const sk = state2.query.keys.sk[0];
              const {
                updatedKeys,
                setAttributes,
                indexKey,
                deletedKeys = []
              } = entity._getPutKeys(pk, sk && sk.facets, onlySetAppliedData);
              for (const deletedKey of deletedKeys) {
                state2.query.update.remove(deletedKey);
              }
              upsert.indexKey = indexKey;
              const setFields = entity.model.schema.translateToFields(setAttributes);
              for (const key2 in updatedKeys) {
                const value = updatedKeys[key2];
                if (indexKey[key2] === void 0) {
                  setFields[key2] = value;
                } else {
                  delete setFields[key2];
                }
              }
              entity._maybeApplyUpsertUpdate({
                fields: Object.entries(setFields),
                operation: UpsertOperations.set,
                updateProxy,
                update
              });
              for (const name in nonSetData) {
                const value = appliedData[name];
                if (value === void 0 || upsert.data[name] === void 0) {
                  continue;
                }
                const { operation } = upsert.data[name];
                const fields = entity.model.schema.translateToFields({
                  [name]: value
                });
                entity._maybeApplyUpsertUpdate({
                  fields: Object.entries(fields),
                  updateProxy,
                  operation,
                  update
                });
              }
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.upsert
      },
      put: {
        name: "put",
        /* istanbul ignore next */
        action(entity, state, payload = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            let record2 = entity.model.schema.checkCreate({ ...payload });
            const attributes2 = state.getCompositeAttributes();
            return state.setMethod(MethodTypes.put).setType(QueryTypes.eq).applyPut(record2).setPK(entity._expectFacets(record2, attributes2.pk)).ifSK(() => {
              entity._expectFacets(record2, attributes2.sk);
              state.setSK(state.buildQueryComposites(record2, attributes2.sk));
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.put
      },
      batchPut: {
        name: "batchPut",
        action: (entity, state, payload) => batchAction(
          clauses.put.action,
          MethodTypes.batchWrite,
          entity,
          state,
          payload
        ),
        children: ["params", "go"]
      },
      create: {
        name: "create",
        action(entity, state, payload) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            let record2 = entity.model.schema.checkCreate({ ...payload });
            const attributes2 = state.getCompositeAttributes();
            const filter = state.query.filter[ExpressionTypes.ConditionExpression];
            const { pk, sk } = entity._getPrimaryIndexFieldNames();
            filter.unsafeSet({}, FilterOperationNames.notExists, pk);
            if (sk) {
              filter.unsafeSet({}, FilterOperationNames.notExists, sk);
            }
            return state.setMethod(MethodTypes.put).setType(QueryTypes.eq).applyPut(record2).setPK(entity._expectFacets(record2, attributes2.pk)).ifSK(() => {
              entity._expectFacets(record2, attributes2.sk);
              state.setSK(state.buildQueryComposites(record2, attributes2.sk));
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.put
      },
      patch: {
        name: "patch",
        action(entity, state, facets) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            const attributes2 = state.getCompositeAttributes();
            const filter = state.query.filter[ExpressionTypes.ConditionExpression];
            const { pk, sk } = entity._getPrimaryIndexFieldNames();
            filter.unsafeSet({}, FilterOperationNames.exists, pk);
            if (sk) {
              filter.unsafeSet({}, FilterOperationNames.exists, sk);
            }
            const pkComposite = entity._expectFacets(facets, attributes2.pk);
            state.addOption("_includeOnResponseItem", pkComposite);
            return state.setMethod(MethodTypes.update).setType(QueryTypes.eq).setPK(pkComposite).ifSK(() => {
              entity._expectFacets(facets, attributes2.sk);
              const skComposite = state.buildQueryComposites(
                facets,
                attributes2.sk
              );
              state.setSK(skComposite);
              state.addOption("_includeOnResponseItem", {
                ...skComposite,
                ...pkComposite
              });
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.update
      },
      update: {
        name: "update",
        action(entity, state, facets) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            const attributes2 = state.getCompositeAttributes();
            const pkComposite = entity._expectFacets(facets, attributes2.pk);
            state.addOption("_includeOnResponseItem", pkComposite);
            return state.setMethod(MethodTypes.update).setType(QueryTypes.eq).setPK(pkComposite).ifSK(() => {
              entity._expectFacets(facets, attributes2.sk);
              const skComposite = state.buildQueryComposites(
                facets,
                attributes2.sk
              );
              state.setSK(skComposite);
              state.addOption("_includeOnResponseItem", {
                ...pkComposite,
                ...skComposite
              });
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.update
      },
      data: {
        name: "data",
        action(entity, state, cb) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            state.query.updateProxy.invokeCallback(cb);
            for (const path of Object.keys(state.query.update.refs)) {
              const operation = state.query.update.impacted[path];
              const attribute = state.query.update.refs[path];
              const keyValue = state.query.update.paths[path] || {};
              if (!attribute) {
                throw new e.ElectroAttributeValidationError(
                  path,
                  `Attribute "${path}" does not exist on model.`
                );
              }
              entity.model.schema.checkOperation(
                attribute,
                operation,
                keyValue.value
              );
            }
            return state;
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.update
      },
      set: {
        name: "set",
        action(entity, state, data) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            entity.model.schema.checkUpdate(data);
            state.query.updateProxy.fromObject(ItemOperations.set, data);
            return state;
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.update
      },
      upsertSet: {
        name: "set",
        action(entity, state, data) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            entity.model.schema.checkUpdate(data, { allowReadOnly: true });
            state.query.upsert.addData(UpsertOperations.set, data);
            return state;
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.upsert
      },
      composite: {
        name: "composite",
        action(entity, state, composites = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            for (const attrName in composites) {
              if (entity.model.facets.byAttr[attrName]) {
                const wasSet = state.query.update.addComposite(
                  attrName,
                  composites[attrName]
                );
                if (!wasSet) {
                  throw new e.ElectroError(
                    e.ErrorCodes.DuplicateUpdateCompositesProvided,
                    `The composite attribute ${attrName} has been provided more than once with different values. Remove the duplication before running again`
                  );
                }
                state.applyCondition(
                  FilterOperationNames.eq,
                  attrName,
                  composites[attrName]
                );
              }
            }
            return state;
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.update
      },
      append: {
        name: "append",
        action(entity, state, data = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            entity.model.schema.checkUpdate(data);
            state.query.updateProxy.fromObject(ItemOperations.append, data);
            return state;
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.update
      },
      ifNotExists: {
        name: "ifNotExists",
        action(entity, state, data = {}) {
          entity.model.schema.checkUpdate(data);
          state.query.updateProxy.fromObject(ItemOperations.ifNotExists, data);
          return state;
        },
        children: methodChildren.update
      },
      upsertIfNotExists: {
        name: "ifNotExists",
        action(entity, state, data = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            entity.model.schema.checkUpdate(data, { allowReadOnly: true });
            state.query.upsert.addData(UpsertOperations.ifNotExists, data);
            return state;
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.upsert
      },
      upsertAppend: {
        name: "append",
        action(entity, state, data = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            entity.model.schema.checkUpdate(data, { allowReadOnly: true });
            state.query.upsert.addData(UpsertOperations.append, data);
            return state;
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.upsert
      },
      updateRemove: {
        name: "remove",
        action(entity, state, data) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            if (!Array.isArray(data)) {
              throw new Error("Update method 'remove' expects type Array");
            }
            entity.model.schema.checkRemove(data);
            state.query.updateProxy.fromArray(ItemOperations.remove, data);
            return state;
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.update
      },
      updateDelete: {
        name: "delete",
        action(entity, state, data) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            entity.model.schema.checkUpdate(data);
            state.query.updateProxy.fromObject(ItemOperations.delete, data);
            return state;
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.update
      },
      add: {
        name: "add",
        action(entity, state, data) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            entity.model.schema.checkUpdate(data);
            state.query.updateProxy.fromObject(ItemOperations.add, data);
            return state;
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.update
      },
      upsertAdd: {
        name: "add",
        action(entity, state, data) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            entity.model.schema.checkUpdate(data, { allowReadOnly: true });
            state.query.upsert.addData(UpsertOperations.add, data);
            return state;
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.upsert
      },
      upsertSubtract: {
        name: "subtract",
        action(entity, state, data) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            entity.model.schema.checkUpdate(data, { allowReadOnly: true });
            state.query.upsert.addData(UpsertOperations.subtract, data);
            return state;
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.upsert
      },
      subtract: {
        name: "subtract",
        action(entity, state, data) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            entity.model.schema.checkUpdate(data);
            state.query.updateProxy.fromObject(ItemOperations.subtract, data);
            return state;
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: methodChildren.update
      },
      query: {
        name: "query",
        action(entity, state, facets, options = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            state.addOption("_isPagination", true);
            const { pk, sk } = state.getCompositeAttributes();
            return state.setMethod(MethodTypes.query).setType(QueryTypes.is).setPK(entity._expectFacets(facets, pk)).ifSK(() => {
              const { composites, unused } = state.identifyCompositeAttributes(
                facets,
                sk,
                pk
              );
              state.setSK(state.buildQueryComposites(facets, sk));
              state.whenOptions(({ options: options2, state: state2 }) => {
                if (options2.compare === ComparisonTypes.attributes || options2.compare === ComparisonTypes.v2) {
                  if (sk.length > 1) {
                    state2.filterProperties(FilterOperationNames.eq, {
                      ...unused,
                      ...composites
                    });
                  }
                }
                if (state2.query.options.indexType === IndexTypes.clustered && Object.keys(composites).length < sk.length && !options2.ignoreOwnership && !state2.getParams()) {
                  state2.unsafeApplyFilter(
                    {},
                    FilterOperationNames.eq,
                    entity.identifiers.entity,
                    entity.getName()
                  ).unsafeApplyFilter(
                    {},
                    FilterOperationNames.eq,
                    entity.identifiers.version,
                    entity.getVersion()
                  );
                }
              });
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: ["between", "gte", "gt", "lte", "lt", "begins", "params", "go"]
      },
      between: {
        name: "between",
        action(entity, state, startingFacets = {}, endingFacets = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            const { pk, sk } = state.getCompositeAttributes();
            const endingSk = state.identifyCompositeAttributes(
              endingFacets,
              sk,
              pk
            );
            const startingSk = state.identifyCompositeAttributes(
              startingFacets,
              sk,
              pk
            );
            const accessPattern = entity.model.translations.indexes.fromIndexToAccessPattern[state.query.index];
            return state.setType(QueryTypes.and).setSK(endingSk.composites).setType(QueryTypes.between).setSK(startingSk.composites).beforeBuildParams(({ options, state: state2 }) => {
              if (options.compare === ComparisonTypes.attributes || options.compare === ComparisonTypes.v2) {
                if (!entity.model.indexes[accessPattern].sk.isFieldRef) {
                  state2.filterProperties(
                    FilterOperationNames.lte,
                    endingSk.composites,
                    { asPrefix: true }
                  );
                }
                if (options.compare === ComparisonTypes.attributes) {
                  if (!entity.model.indexes[accessPattern].sk.isFieldRef) {
                    state2.filterProperties(
                      FilterOperationNames.gte,
                      startingSk.composites,
                      { asPrefix: true }
                    );
                  }
                }
              }
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: ["go", "params"]
      },
      begins: {
        name: "begins",
        action(entity, state, facets = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            return state.setType(QueryTypes.begins).ifSK((state2) => {
              const attributes2 = state2.getCompositeAttributes();
              state2.setSK(state2.buildQueryComposites(facets, attributes2.sk));
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: ["go", "params"]
      },
      gt: {
        name: "gt",
        action(entity, state, facets = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            return state.setType(QueryTypes.gt).ifSK((state2) => {
              const { pk, sk } = state2.getCompositeAttributes();
              const { composites } = state2.identifyCompositeAttributes(
                facets,
                sk,
                pk
              );
              state2.setSK(composites);
              state2.beforeBuildParams(({ options, state: state3 }) => {
                if (options.compare === ComparisonTypes.attributes || options.compare === ComparisonTypes.v2) {
                  const accessPattern = entity.model.translations.indexes.fromIndexToAccessPattern[state3.query.index];
                  if (!entity.model.indexes[accessPattern].sk.isFieldRef) {
                    state3.filterProperties(FilterOperationNames.gt, composites, {
                      asPrefix: true
                    });
                  }
                }
              });
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: ["go", "params"]
      },
      gte: {
        name: "gte",
        action(entity, state, facets = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            return state.setType(QueryTypes.gte).ifSK((state2) => {
              const attributes2 = state2.getCompositeAttributes();
              state2.setSK(state2.buildQueryComposites(facets, attributes2.sk));
              state2.beforeBuildParams(({ options, state: state3 }) => {
                const { composites } = state3.identifyCompositeAttributes(
                  facets,
                  attributes2.sk,
                  attributes2.pk
                );
                if (options.compare === ComparisonTypes.attributes) {
                  const accessPattern = entity.model.translations.indexes.fromIndexToAccessPattern[state3.query.index];
                  if (!entity.model.indexes[accessPattern].sk.isFieldRef && attributes2.sk.length > 1) {
                    state3.filterProperties(FilterOperationNames.gte, composites, {
                      asPrefix: true
                    });
                  }
                }
              });
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: ["go", "params"]
      },
      lt: {
        name: "lt",
        action(entity, state, facets = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            return state.setType(QueryTypes.lt).ifSK((state2) => {
              const { pk, sk } = state2.getCompositeAttributes();
              const { composites } = state2.identifyCompositeAttributes(
                facets,
                sk,
                pk
              );
              state2.setSK(composites);
              state2.beforeBuildParams(({ options, state: state3 }) => {
                if (options.compare === ComparisonTypes.attributes) {
                  const accessPattern = entity.model.translations.indexes.fromIndexToAccessPattern[state3.query.index];
                  if (!entity.model.indexes[accessPattern].sk.isFieldRef) {
                    state3.filterProperties(FilterOperationNames.lt, composites, {
                      asPrefix: true
                    });
                  }
                }
              });
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: ["go", "params"]
      },
      lte: {
        name: "lte",
        action(entity, state, facets = {}) {
          if (state.getError() !== null) {
            return state;
          }
          try {
            return state.setType(QueryTypes.lte).ifSK((state2) => {
              const { pk, sk } = state2.getCompositeAttributes();
              const { composites } = state2.identifyCompositeAttributes(
                facets,
                sk,
                pk
              );
              state2.setSK(composites);
              state2.beforeBuildParams(({ options, state: state3 }) => {
                if (options.compare === ComparisonTypes.attributes || options.compare === ComparisonTypes.v2) {
                  const accessPattern = entity.model.translations.indexes.fromIndexToAccessPattern[state3.query.index];
                  if (!entity.model.indexes[accessPattern].sk.isFieldRef) {
                    state3.filterProperties(FilterOperationNames.lte, composites, {
                      asPrefix: true
                    });
                  }
                }
              });
            });
          } catch (err) {
            state.setError(err);
            return state;
          }
        },
        children: ["go", "params"]
      },
      commit: {
        name: "commit",
        action(entity, state, options) {
          if (state.getError() !== null) {
            throw state.error;
          }
          const results = clauses.params.action(entity, state, {
            ...options,
            _returnOptions: true,
            _isTransaction: true
          });
          const method = TransactionOperations[state.query.method];
          if (!method) {
            throw new Error("Invalid commit method");
          }
          return {
            [method]: results.params,
            [TransactionCommitSymbol]: () => {
              return {
                entity
              };
            }
          };
        },
        children: []
      },
      params: {
        name: "params",
        action(entity, state, options = {}) {
          if (state.getError() !== null) {
            throw state.error;
          }
          try {
            if (!v.isStringHasLength(options.table) && !v.isStringHasLength(entity.getTableName())) {
              throw new e.ElectroError(
                e.ErrorCodes.MissingTable,
                `Table name not defined. Table names must be either defined on the model, instance configuration, or as a query option.`
              );
            }
            const method = state.getMethod();
            const normalizedOptions = entity._normalizeExecutionOptions({
              provided: [state.getOptions(), state.query.options, options],
              context: {
                operation: options._isTransaction ? MethodTypes.transactWrite : void 0,
                state
              }
            });
            state.applyWithOptions(normalizedOptions);
            state.applyBeforeBuildParams(normalizedOptions);
            let results;
            switch (method) {
              case MethodTypes.query: {
                results = entity._queryParams(state, normalizedOptions);
                break;
              }
              case MethodTypes.batchWrite: {
                results = entity._batchWriteParams(state, normalizedOptions);
                break;
              }
              case MethodTypes.batchGet: {
                results = entity._batchGetParams(state, normalizedOptions);
                break;
              }
              default: {
                results = entity._params(state, normalizedOptions);
                break;
              }
            }
            if (method === MethodTypes.update && results.ExpressionAttributeValues && Object.keys(results.ExpressionAttributeValues).length === 0) {
              delete results.ExpressionAttributeValues;
            }
            if (options._returnOptions) {
              results = {
                params: results,
                options: normalizedOptions
              };
            }
            state.setParams(results);
            return results;
          } catch (err) {
            throw err;
          }
        },
        children: []
      },
      go: {
        name: "go",
        action(entity, state, options = {}) {
          if (state.getError() !== null) {
            return Promise.reject(state.error);
          }
          try {
            if (entity.client === void 0 && options.client === void 0) {
              throw new e.ElectroError(
                e.ErrorCodes.NoClientDefined,
                "No client defined on model or provided in query options"
              );
            }
            options.terminalOperation = TerminalOperation.go;
            const paramResults = clauses.params.action(entity, state, {
              ...options,
              _returnOptions: true
            });
            return entity.go(
              state.getMethod(),
              paramResults.params,
              paramResults.options
            );
          } catch (err) {
            return Promise.reject(err);
          }
        },
        children: []
      }
    };
    var ChainState = class _ChainState {
      constructor({
        index = "",
        compositeAttributes = {},
        attributes: attributes2 = {},
        hasSortKey = false,
        options = {},
        parentState = null
      } = {}) {
        const update = new UpdateExpression({ prefix: "_u" });
        this.parentState = parentState;
        this.error = null;
        this.attributes = attributes2;
        this.query = {
          collection: "",
          index,
          type: "",
          method: "",
          facets: { ...compositeAttributes },
          update,
          updateProxy: new AttributeOperationProxy({
            builder: update,
            attributes: attributes2,
            operations: UpdateOperations
          }),
          put: {
            data: {}
          },
          upsert: {
            data: {},
            indexKey: null,
            addData(operation = UpsertOperations.set, data = {}) {
              for (const name of Object.keys(data)) {
                const value = data[name];
                this.data[name] = {
                  operation,
                  value
                };
              }
            },
            getData(operationFilter) {
              const results = {};
              for (const name in this.data) {
                const { operation, value } = this.data[name];
                if (!operationFilter || operationFilter === operation) {
                  results[name] = value;
                }
              }
              return results;
            }
          },
          keys: {
            provided: [],
            pk: {},
            sk: []
          },
          filter: {
            [ExpressionTypes.ConditionExpression]: new FilterExpression(),
            [ExpressionTypes.FilterExpression]: new FilterExpression()
          },
          options
        };
        this.subStates = [];
        this.hasSortKey = hasSortKey;
        this.prev = null;
        this.self = null;
        this.params = null;
        this.applyAfterOptions = [];
        this.beforeBuildParamsOperations = [];
        this.beforeBuildParamsHasRan = false;
      }
      getParams() {
        return this.params;
      }
      setParams(params) {
        if (params) {
          this.params = params;
        }
      }
      init(entity, allClauses, currentClause) {
        let current = {};
        for (let child of currentClause.children) {
          const name = allClauses[child].name;
          current[name] = (...args) => {
            this.prev = this.self;
            this.self = child;
            let results = allClauses[child].action(entity, this, ...args);
            if (allClauses[child].children.length) {
              return this.init(entity, allClauses, allClauses[child]);
            } else {
              return results;
            }
          };
        }
        return current;
      }
      getMethod() {
        return this.query.method;
      }
      getOptions() {
        return this.query.options;
      }
      addOption(key2, value) {
        this.query.options[key2] = value;
        return this;
      }
      _appendProvided(type, attributes2) {
        const newAttributes = Object.keys(attributes2).map((attribute) => {
          return {
            type,
            attribute
          };
        });
        return u.getUnique(this.query.keys.provided, newAttributes);
      }
      setPK(attributes2) {
        this.query.keys.pk = attributes2;
        this.query.keys.provided = this._appendProvided(KeyTypes.pk, attributes2);
        return this;
      }
      ifSK(cb) {
        if (this.hasSortKey) {
          cb(this);
        }
        return this;
      }
      getCompositeAttributes() {
        return this.query.facets;
      }
      buildQueryComposites(provided, definition) {
        return definition.map((name) => [name, provided[name]]).reduce((result, [name, value]) => {
          if (value !== void 0) {
            result[name] = value;
          }
          return result;
        }, {});
      }
      identifyCompositeAttributes(provided, defined2, skip) {
        const composites = {};
        const unused = {};
        const definedSet = new Set(defined2 || []);
        const skipSet = new Set(skip || []);
        for (const key2 of Object.keys(provided)) {
          const value = provided[key2];
          if (definedSet.has(key2)) {
            composites[key2] = value;
          } else if (skipSet.has(key2)) {
            continue;
          } else {
            unused[key2] = value;
          }
        }
        return {
          composites,
          unused
        };
      }
      applyFilter(operation, name, values, filterOptions) {
        if (FilterOperationNames[operation] !== void 0 && name !== void 0 && values !== void 0) {
          const attribute = this.attributes[name];
          if (attribute !== void 0) {
            this.unsafeApplyFilter(
              filterOptions,
              operation,
              attribute.field,
              values
            );
          }
        }
        return this;
      }
      applyCondition(operation, name, ...values) {
        if (FilterOperationNames[operation] !== void 0 && name !== void 0 && values.length > 0) {
          const attribute = this.attributes[name];
          if (attribute !== void 0) {
            const filter = this.query.filter[ExpressionTypes.ConditionExpression];
            filter.unsafeSet({}, operation, attribute.field, ...values);
          }
        }
        return this;
      }
      unsafeApplyFilter(filterOptions = {}, operation, name, values) {
        if (FilterOperationNames[operation] !== void 0 & name !== void 0 && values !== void 0) {
          const filter = this.query.filter[ExpressionTypes.FilterExpression];
          filter.unsafeSet(filterOptions, operation, name, values);
        }
        return this;
      }
      filterProperties(operation, obj = {}, filterOptions = {}) {
        for (const property in obj) {
          const value = obj[property];
          if (value !== void 0) {
            this.applyFilter(operation, property, value, filterOptions);
          }
        }
        return this;
      }
      setSK(attributes2, type = this.query.type) {
        if (this.hasSortKey) {
          this.query.keys.sk.push({
            type,
            facets: attributes2
          });
          this.query.keys.provided = this._appendProvided(KeyTypes.sk, attributes2);
        }
        return this;
      }
      setType(type) {
        if (!QueryTypes[type]) {
          throw new Error(`Invalid query type: "${type}"`);
        }
        this.query.type = QueryTypes[type];
        return this;
      }
      setMethod(method) {
        if (!MethodTypes[method]) {
          throw new Error(`Invalid method type: "${method}"`);
        }
        this.query.method = MethodTypes[method];
        return this;
      }
      setCollection(collection) {
        this.query.collection = collection;
        return this;
      }
      createSubState() {
        let subState = new _ChainState({
          parentState: this,
          index: this.query.index,
          attributes: this.attributes,
          hasSortKey: this.hasSortKey,
          options: this.query.options,
          compositeAttributes: this.query.facets
        });
        this.subStates.push(subState);
        return subState;
      }
      getError() {
        return this.error;
      }
      setError(err) {
        this.error = err;
        if (this.parentState) {
          this.parentState.setError(err);
        }
      }
      applyUpsert(operation = UpsertOperations.set, data = {}) {
        this.query.upsert.addData(operation, data);
        return this;
      }
      applyPut(data = {}) {
        this.query.put.data = { ...this.query.put.data, ...data };
        return this;
      }
      whenOptions(fn) {
        if (v.isFunction(fn)) {
          this.applyAfterOptions.push((options) => {
            fn({ options, state: this });
          });
        }
        return this;
      }
      // these are ran before "beforeBuildParams"
      applyWithOptions(options = {}) {
        this.applyAfterOptions.forEach((fn) => fn(options));
      }
      beforeBuildParams(fn) {
        if (v.isFunction(fn)) {
          this.beforeBuildParamsOperations.push((options) => {
            fn({ options, state: this });
          });
        }
        return this;
      }
      applyBeforeBuildParams(options = {}) {
        if (!this.beforeBuildParamsHasRan) {
          this.beforeBuildParamsHasRan = true;
          this.beforeBuildParamsOperations.forEach((fn) => fn(options));
        }
      }
    };
    module.exports = {
      clauses,
      ChainState
    };
  }
});

// node_modules/electrodb/src/events.js
var require_events = __commonJS({
  "node_modules/electrodb/src/events.js"(exports, module) {
    var e = require_errors();
    var v = require_validations();
    var EventManager = class _EventManager {
      static createSafeListener(listener) {
        if (listener === void 0) {
          return void 0;
        }
        if (!v.isFunction(listener)) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidListenerProvided,
            `Provided listener is not of type 'function'`
          );
        } else {
          return (...params) => {
            try {
              listener(...params);
            } catch (err) {
              console.error(`Error invoking user supplied listener`, err);
            }
          };
        }
      }
      static normalizeListeners(listeners = []) {
        if (!Array.isArray(listeners)) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidListenerProvided,
            `Listeners must be provided as an array of functions`
          );
        }
        return listeners.map((listener) => _EventManager.createSafeListener(listener)).filter((listener) => {
          switch (typeof listener) {
            case "function":
              return true;
            case "undefined":
              return false;
            default:
              throw new e.ElectroError(
                e.ErrorCodes.InvalidListenerProvided,
                `Provided listener is not of type 'function`
              );
          }
        });
      }
      constructor({ listeners = [] } = {}) {
        this.listeners = _EventManager.normalizeListeners(listeners);
      }
      add(listeners = []) {
        if (!Array.isArray(listeners)) {
          listeners = [listeners];
        }
        this.listeners = this.listeners.concat(
          _EventManager.normalizeListeners(listeners)
        );
      }
      trigger(event, adHocListeners = []) {
        const allListeners = [
          ...this.listeners,
          ..._EventManager.normalizeListeners(adHocListeners)
        ];
        for (const listener of allListeners) {
          listener(event);
        }
      }
    };
    module.exports = {
      EventManager
    };
  }
});

// node_modules/electrodb/src/client.js
var require_client = __commonJS({
  "node_modules/electrodb/src/client.js"(exports, module) {
    var lib = __require("@aws-sdk/lib-dynamodb");
    var util = __require("@aws-sdk/util-dynamodb");
    var { isFunction } = require_validations();
    var { ElectroError, ErrorCodes } = require_errors();
    var { EntityIdentifiers } = require_types();
    var DocumentClientVersions = {
      v2: "v2",
      v3: "v3",
      electro: "electro"
    };
    var unmarshallItem = (value) => {
      const unmarshall = util.unmarshall || ((val2) => val2);
      try {
        value.Item = unmarshall(value.Item);
      } catch (err) {
        console.error("Internal Error: Failed to unmarshal input", err);
      }
      return value;
    };
    var v3Methods = ["send"];
    var v2Methods = [
      "get",
      "put",
      "update",
      "delete",
      "batchWrite",
      "batchGet",
      "scan",
      "query",
      "createSet",
      "transactWrite",
      "transactGet"
    ];
    var supportedClientVersions = {
      [DocumentClientVersions.v2]: v2Methods,
      [DocumentClientVersions.v3]: v3Methods
    };
    var DocumentClientV2Wrapper = class _DocumentClientV2Wrapper {
      static init(client2) {
        return new _DocumentClientV2Wrapper(client2, lib);
      }
      constructor(client2, lib2) {
        this.client = client2;
        this.lib = lib2;
        this.__v = "v2";
      }
      _wrapRequest(makeRequest, signal) {
        return {
          promise: () => {
            return new Promise((resolve, reject) => {
              if (signal && signal.aborted) {
                return reject(
                  new ElectroError(
                    ErrorCodes.OperationAborted,
                    "The operation was aborted"
                  )
                );
              }
              const request = makeRequest();
              const onAbort = () => {
                request.abort();
                reject(
                  new ElectroError(
                    ErrorCodes.OperationAborted,
                    "The operation was aborted"
                  )
                );
              };
              if (signal) {
                signal.addEventListener("abort", onAbort, { once: true });
              }
              request.promise().then((result) => {
                if (signal) {
                  signal.removeEventListener("abort", onAbort);
                }
                resolve(result);
              }).catch((err) => {
                if (signal) {
                  signal.removeEventListener("abort", onAbort);
                }
                reject(err);
              });
            });
          }
        };
      }
      get(params, options = {}) {
        return this._wrapRequest(() => this.client.get(params), options.abortSignal);
      }
      put(params, options = {}) {
        return this._wrapRequest(() => this.client.put(params), options.abortSignal);
      }
      update(params, options = {}) {
        return this._wrapRequest(() => this.client.update(params), options.abortSignal);
      }
      delete(params, options = {}) {
        return this._wrapRequest(() => this.client.delete(params), options.abortSignal);
      }
      batchWrite(params, options = {}) {
        return this._wrapRequest(() => this.client.batchWrite(params), options.abortSignal);
      }
      batchGet(params, options = {}) {
        return this._wrapRequest(() => this.client.batchGet(params), options.abortSignal);
      }
      scan(params, options = {}) {
        return this._wrapRequest(() => this.client.scan(params), options.abortSignal);
      }
      query(params, options = {}) {
        return this._wrapRequest(() => this.client.query(params), options.abortSignal);
      }
      _transact(makeTransactionRequest, signal) {
        return {
          promise: () => {
            return new Promise((resolve, reject) => {
              if (signal && signal.aborted) {
                return reject(
                  new ElectroError(
                    ErrorCodes.OperationAborted,
                    "The operation was aborted"
                  )
                );
              }
              const transactionRequest = makeTransactionRequest();
              let cancellationReasons;
              transactionRequest.on("extractError", (response) => {
                try {
                  cancellationReasons = JSON.parse(
                    response.httpResponse.body.toString()
                  ).CancellationReasons;
                } catch (err) {
                }
              });
              const onAbort = () => {
                transactionRequest.abort();
                reject(
                  new ElectroError(
                    ErrorCodes.OperationAborted,
                    "The operation was aborted"
                  )
                );
              };
              if (signal) {
                signal.addEventListener("abort", onAbort, { once: true });
              }
              transactionRequest.promise().then((result) => {
                if (signal) {
                  signal.removeEventListener("abort", onAbort);
                }
                resolve(result);
              }).catch((err) => {
                if (signal) {
                  signal.removeEventListener("abort", onAbort);
                }
                if (err) {
                  if (Array.isArray(cancellationReasons)) {
                    resolve({
                      canceled: cancellationReasons.map((reason) => {
                        if (reason.Item) {
                          return unmarshallItem(reason);
                        }
                        return reason;
                      })
                    });
                  } else {
                    reject(err);
                  }
                }
              });
            });
          }
        };
      }
      transactWrite(params, options = {}) {
        return this._transact(() => this.client.transactWrite(params), options.abortSignal);
      }
      transactGet(params, options = {}) {
        return this._transact(() => this.client.transactGet(params), options.abortSignal);
      }
      createSet(value, ...rest) {
        if (Array.isArray(value)) {
          return this.client.createSet(value, ...rest);
        } else {
          return this.client.createSet([value], ...rest);
        }
      }
    };
    var DocumentClientV3Wrapper = class _DocumentClientV3Wrapper {
      static init(client2) {
        return new _DocumentClientV3Wrapper(client2, lib);
      }
      constructor(client2, lib2) {
        this.client = client2;
        this.lib = lib2;
        this.__v = "v3";
      }
      promiseWrap(fn, signal) {
        return {
          promise: async () => {
            if (signal && signal.aborted) {
              throw new ElectroError(
                ErrorCodes.OperationAborted,
                "The operation was aborted"
              );
            }
            try {
              return await fn();
            } catch (err) {
              if (signal && signal.aborted) {
                throw new ElectroError(
                  ErrorCodes.OperationAborted,
                  "The operation was aborted"
                );
              }
              throw err;
            }
          }
        };
      }
      get(params, options = {}) {
        return this.promiseWrap(() => {
          const command = new this.lib.GetCommand(params);
          return this.client.send(command, { abortSignal: options.abortSignal });
        }, options.abortSignal);
      }
      put(params, options = {}) {
        return this.promiseWrap(() => {
          const command = new this.lib.PutCommand(params);
          return this.client.send(command, { abortSignal: options.abortSignal });
        }, options.abortSignal);
      }
      update(params, options = {}) {
        return this.promiseWrap(() => {
          const command = new this.lib.UpdateCommand(params);
          return this.client.send(command, { abortSignal: options.abortSignal });
        }, options.abortSignal);
      }
      delete(params, options = {}) {
        return this.promiseWrap(() => {
          const command = new this.lib.DeleteCommand(params);
          return this.client.send(command, { abortSignal: options.abortSignal });
        }, options.abortSignal);
      }
      batchWrite(params, options = {}) {
        return this.promiseWrap(() => {
          const command = new this.lib.BatchWriteCommand(params);
          return this.client.send(command, { abortSignal: options.abortSignal });
        }, options.abortSignal);
      }
      batchGet(params, options = {}) {
        return this.promiseWrap(() => {
          const command = new this.lib.BatchGetCommand(params);
          return this.client.send(command, { abortSignal: options.abortSignal });
        }, options.abortSignal);
      }
      scan(params, options = {}) {
        return this.promiseWrap(() => {
          const command = new this.lib.ScanCommand(params);
          return this.client.send(command, { abortSignal: options.abortSignal });
        }, options.abortSignal);
      }
      query(params, options = {}) {
        return this.promiseWrap(() => {
          const command = new this.lib.QueryCommand(params);
          return this.client.send(command, { abortSignal: options.abortSignal });
        }, options.abortSignal);
      }
      transactWrite(params, options = {}) {
        return this.promiseWrap(() => {
          const command = new this.lib.TransactWriteCommand(params);
          return this.client.send(command, { abortSignal: options.abortSignal }).then((result) => {
            return result;
          }).catch((err) => {
            if (err.CancellationReasons) {
              return {
                canceled: err.CancellationReasons.map((reason) => {
                  if (reason.Item) {
                    return unmarshallItem(reason);
                  }
                  return reason;
                })
              };
            }
            throw err;
          });
        }, options.abortSignal);
      }
      transactGet(params, options = {}) {
        return this.promiseWrap(() => {
          const command = new this.lib.TransactGetCommand(params);
          return this.client.send(command, { abortSignal: options.abortSignal }).then((result) => {
            return result;
          }).catch((err) => {
            if (err.CancellationReasons) {
              return {
                canceled: err.CancellationReasons.map((reason) => {
                  if (reason.Item) {
                    return unmarshallItem(reason);
                  }
                  return reason;
                })
              };
            }
            throw err;
          });
        }, options.abortSignal);
      }
      createSet(value) {
        if (Array.isArray(value)) {
          return new Set(value);
        } else {
          return /* @__PURE__ */ new Set([value]);
        }
      }
    };
    function identifyClientVersion(client2 = {}) {
      if (client2 instanceof DocumentClientV3Wrapper || client2 instanceof DocumentClientV2Wrapper) {
        return DocumentClientVersions.electro;
      }
      for (const [version2, methods] of Object.entries(supportedClientVersions)) {
        const hasMethods = methods.every((method) => {
          return method in client2 && isFunction(client2[method]);
        });
        if (hasMethods) {
          return version2;
        }
      }
    }
    function normalizeClient(client2) {
      if (client2 === void 0) return client2;
      const version2 = identifyClientVersion(client2);
      switch (version2) {
        case DocumentClientVersions.v3:
          return DocumentClientV3Wrapper.init(client2);
        case DocumentClientVersions.v2:
          return DocumentClientV2Wrapper.init(client2);
        case DocumentClientVersions.electro:
          return client2;
        default:
          throw new ElectroError(
            ErrorCodes.InvalidClientProvided,
            "Invalid DynamoDB Document Client provided. ElectroDB supports the v2 and v3 DynamoDB Document Clients from the aws-sdk"
          );
      }
    }
    function normalizeConfig(config2 = {}) {
      const identifiers = config2.identifiers || {};
      return {
        ...config2,
        client: normalizeClient(config2.client),
        identifiers: {
          entity: identifiers.entity || EntityIdentifiers.entity,
          version: identifiers.version || EntityIdentifiers.version
        }
      };
    }
    module.exports = {
      util,
      v2Methods,
      v3Methods,
      normalizeClient,
      normalizeConfig,
      identifyClientVersion,
      DocumentClientVersions,
      supportedClientVersions,
      DocumentClientV3Wrapper,
      DocumentClientV2Wrapper
    };
  }
});

// node_modules/electrodb/src/entity.js
var require_entity = __commonJS({
  "node_modules/electrodb/src/entity.js"(exports, module) {
    "use strict";
    var { Schema } = require_schema();
    var {
      AllPages,
      KeyCasing,
      DefaultKeyCasing,
      TableIndex,
      FormatToReturnValues,
      ReturnValues,
      EntityVersions,
      ItemOperations,
      UnprocessedTypes,
      Pager,
      ElectroInstance,
      KeyTypes,
      QueryTypes,
      MethodTypes,
      Comparisons,
      ExpressionTypes,
      ModelVersions,
      ElectroInstanceTypes,
      MaxBatchItems,
      TerminalOperation,
      ResultOrderOption,
      ResultOrderParam,
      IndexTypes,
      KeyAttributesComparisons,
      MethodTypeTranslation,
      TransactionCommitSymbol,
      CastKeyOptions,
      ComparisonTypes,
      DataOptions,
      IndexProjectionOptions
    } = require_types();
    var { FilterFactory } = require_filters();
    var { FilterOperations, ExpressionState, formatExpressionName } = require_operations();
    var { WhereFactory } = require_where();
    var { clauses, ChainState } = require_clauses();
    var { EventManager } = require_events();
    var validations = require_validations();
    var c = require_client();
    var u = require_util();
    var e = require_errors();
    var v = require_validations();
    var ImpactedIndexTypeSource = {
      composite: "composite",
      provided: "provided"
    };
    var Entity20 = class {
      constructor(model, config2 = {}) {
        this.config = c.normalizeConfig(config2);
        this.identifiers = this.config.identifiers;
        this.client = this.config.client;
        this.eventManager = new EventManager({
          listeners: this.config.listeners
        });
        this.eventManager.add(this.config.logger);
        this._validateModel(model);
        this.version = EntityVersions.v1;
        this.model = this._parseModel(model, this.config);
        this.config.table = config2.table || model.table;
        this._filterBuilder = new FilterFactory(
          this.model.schema.attributes,
          FilterOperations
        );
        this._whereBuilder = new WhereFactory(
          this.model.schema.attributes,
          FilterOperations
        );
        this._clausesWithFilters = this._filterBuilder.injectFilterClauses(
          clauses,
          this.model.filters
        );
        this._clausesWithFilters = this._whereBuilder.injectWhereClauses(
          this._clausesWithFilters
        );
        this.query = {};
        for (let accessPattern in this.model.indexes) {
          let index = this.model.indexes[accessPattern].index;
          this.query[accessPattern] = (...values) => {
            const options = {
              indexType: this.model.indexes[accessPattern].type || IndexTypes.isolated
            };
            return this._makeChain(
              index,
              this._clausesWithFilters,
              clauses.index,
              options
            ).query(...values);
          };
        }
        this._instance = ElectroInstance.entity;
        this._instanceType = ElectroInstanceTypes.entity;
        this.schema = model;
      }
      get scan() {
        const result = this._makeChain(
          TableIndex,
          this._clausesWithFilters,
          clauses.index,
          { _isPagination: true }
        ).scan();
        for (const accessPattern in this.model.indexes) {
          const index = this.model.indexes[accessPattern].index;
          result[accessPattern] = this._makeChain(
            index,
            this._clausesWithFilters,
            clauses.index,
            { _isPagination: true }
          ).scan();
        }
        return result;
      }
      setIdentifier(type = "", identifier = "") {
        if (!this.identifiers[type]) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidIdentifier,
            `Invalid identifier type: "${type}". Valid identifiers include: ${u.commaSeparatedString(
              Object.keys(this.identifiers)
            )}`
          );
        } else {
          this.identifiers[type] = identifier;
        }
      }
      getName() {
        return this.model.entity;
      }
      getVersion() {
        return this.model.version;
      }
      ownsItem(item) {
        return item && this.getName() === item[this.identifiers.entity] && this.getVersion() === item[this.identifiers.version] && validations.isStringHasLength(item[this.identifiers.entity]) && validations.isStringHasLength(item[this.identifiers.version]);
      }
      _itemIncludesKeys(item) {
        let { pk, sk } = this.model.prefixes[TableIndex];
        return item[pk.field] !== void 0 && (sk.field === void 0 || item[sk.field] !== void 0);
      }
      ownsKeys(key2 = {}) {
        const accessPattern = this.model.translations.indexes.fromIndexToAccessPattern[TableIndex];
        let { pk, sk } = this.model.prefixes[TableIndex];
        let hasSK = this.model.lookup.indexHasSortKeys[TableIndex];
        const typeofPkProvided = typeof key2[pk.field];
        const pkPrefixMatch = typeofPkProvided === "string" && key2[pk.field].startsWith(pk.prefix) && (!pk.postfix || key2[pk.field].endsWith(pk.postfix));
        const isNumericPk = typeofPkProvided === "number" && pk.cast === "number";
        let pkMatch = pkPrefixMatch || isNumericPk;
        let skMatch = pkMatch && !hasSK;
        if (pkMatch && hasSK) {
          const typeofSkProvided = typeof key2[sk.field];
          if (typeofSkProvided === "number") {
            skMatch = sk.cast === "number";
          } else if (typeofSkProvided === "string") {
            const hasNoPrefixOrStartsWithPrefix = !sk.prefix || key2[sk.field].startsWith(sk.prefix);
            const hasNoPostfixOrEndsWithPostfix = !sk.postfix || key2[sk.field].endsWith(sk.postfix);
            skMatch = hasNoPrefixOrStartsWithPrefix && hasNoPostfixOrEndsWithPostfix;
          }
        }
        return pkMatch && skMatch && this._formatKeysToItem(TableIndex, key2) !== null;
      }
      ownsCursor(cursor) {
        if (typeof cursor === "string") {
          cursor = u.cursorFormatter.deserialize(cursor);
        }
        return this.ownsKeys(cursor);
      }
      serializeCursor(key2) {
        return u.cursorFormatter.serialize(key2);
      }
      deserializeCursor(cursor) {
        return u.cursorFormatter.deserialize(cursor);
      }
      /** @depricated pagers no longer exist, use the new cursor api */
      ownsPager(pager, index = TableIndex) {
        if (pager === null) {
          return false;
        }
        let tableIndexFacets = this.model.facets.byIndex[index];
        let indexFacets = this.model.facets.byIndex[index];
        if (tableIndexFacets === void 0 || indexFacets === void 0) {
          return false;
        }
        let matchesTableIndex = tableIndexFacets.all.every((facet) => {
          return pager[facet.name] !== void 0;
        });
        if (!matchesTableIndex) {
          return false;
        }
        return indexFacets.all.every((facet) => {
          return pager[facet.name] !== void 0;
        });
      }
      match(facets = {}) {
        const options = { _isPagination: true };
        const match = this._findBestIndexKeyMatch(facets);
        if (match.shouldScan) {
          return this._makeChain(
            TableIndex,
            this._clausesWithFilters,
            clauses.index,
            options
          ).scan().filter((attr) => {
            let eqFilters = [];
            for (let facet of Object.keys(facets)) {
              if (attr[facet] !== void 0 && facets[facet] !== void 0) {
                eqFilters.push(attr[facet].eq(facets[facet]));
              }
            }
            return eqFilters.join(" AND ");
          });
        } else {
          return this._makeChain(
            match.index,
            this._clausesWithFilters,
            clauses.index,
            options
          ).query(facets).filter((attr) => {
            let eqFilters = [];
            for (let facet of Object.keys(facets)) {
              if (attr[facet] !== void 0 && facets[facet] !== void 0) {
                eqFilters.push(attr[facet].eq(facets[facet]));
              }
            }
            return eqFilters.join(" AND ");
          });
        }
      }
      find(facets = {}) {
        const options = { _isPagination: true };
        const match = this._findBestIndexKeyMatch(facets);
        if (match.shouldScan) {
          return this._makeChain(
            TableIndex,
            this._clausesWithFilters,
            clauses.index,
            options
          ).scan();
        } else {
          return this._makeChain(
            match.index,
            this._clausesWithFilters,
            clauses.index,
            options
          ).query(facets);
        }
      }
      collection(collection = "", clauses2 = {}, facets = {}, options = {}) {
        const chainOptions = {
          ...options,
          _isPagination: true,
          _isCollectionQuery: true
        };
        let index = this.model.translations.collections.fromCollectionToIndex[collection];
        if (index === void 0) {
          throw new Error(`Invalid collection: ${collection}`);
        }
        const chain = this._makeChain(index, clauses2, clauses2.index, chainOptions);
        if (options.indexType === IndexTypes.clustered) {
          return chain.clusteredCollection(collection, facets);
        } else if (options.indexType === IndexTypes.composite) {
          return chain.compositeCollection(collection, facets);
        } else {
          return chain.collection(collection, facets);
        }
      }
      _validateModel(model) {
        return validations.model(model);
      }
      check(compositeAttributes = {}) {
        return this._makeChain(
          TableIndex,
          this._clausesWithFilters,
          clauses.index
        ).check(compositeAttributes);
      }
      get(facets = {}) {
        let index = TableIndex;
        if (Array.isArray(facets)) {
          return this._makeChain(
            index,
            this._clausesWithFilters,
            clauses.index
          ).batchGet(facets);
        } else {
          return this._makeChain(
            index,
            this._clausesWithFilters,
            clauses.index
          ).get(facets);
        }
      }
      delete(facets = {}) {
        let index = TableIndex;
        if (Array.isArray(facets)) {
          return this._makeChain(
            index,
            this._clausesWithFilters,
            clauses.index
          ).batchDelete(facets);
        } else {
          return this._makeChain(
            index,
            this._clausesWithFilters,
            clauses.index
          ).delete(facets);
        }
      }
      put(attributes2 = {}) {
        let index = TableIndex;
        if (Array.isArray(attributes2)) {
          return this._makeChain(
            index,
            this._clausesWithFilters,
            clauses.index
          ).batchPut(attributes2);
        } else {
          return this._makeChain(
            index,
            this._clausesWithFilters,
            clauses.index
          ).put(attributes2);
        }
      }
      upsert(attributes2 = {}) {
        let index = TableIndex;
        return this._makeChain(
          index,
          this._clausesWithFilters,
          clauses.index
        ).upsert(attributes2);
      }
      create(attributes2 = {}) {
        let index = TableIndex;
        let options = {};
        return this._makeChain(
          index,
          this._clausesWithFilters,
          clauses.index,
          options
        ).create(attributes2);
      }
      update(facets = {}) {
        let index = TableIndex;
        return this._makeChain(
          index,
          this._clausesWithFilters,
          clauses.index
        ).update(facets);
      }
      patch(facets = {}) {
        let index = TableIndex;
        let options = {};
        return this._makeChain(
          index,
          this._clausesWithFilters,
          clauses.index,
          options
        ).patch(facets);
      }
      remove(facets = {}) {
        let index = TableIndex;
        let options = {};
        return this._makeChain(
          index,
          this._clausesWithFilters,
          clauses.index,
          options
        ).remove(facets);
      }
      async transactWrite(parameters, config2) {
        return this._exec(
          MethodTypes.transactWrite,
          parameters,
          config2
        );
      }
      async transactGet(parameters, config2) {
        return this._exec(
          MethodTypes.transactGet,
          parameters,
          config2
        );
      }
      async go(method, parameters = {}, config2 = {}) {
        let stackTrace;
        if (!config2.originalErr) {
          stackTrace = new e.ElectroError(e.ErrorCodes.AWSError);
        }
        try {
          switch (method) {
            case MethodTypes.batchWrite:
              return await this.executeBulkWrite(parameters, config2);
            case MethodTypes.batchGet:
              return await this.executeBulkGet(parameters, config2);
            case MethodTypes.query:
            case MethodTypes.scan:
              return await this.executeQuery(method, parameters, config2);
            default:
              return await this.executeOperation(method, parameters, config2);
          }
        } catch (err) {
          if (config2.originalErr || stackTrace === void 0) {
            return Promise.reject(err);
          } else {
            if (err.__isAWSError) {
              stackTrace.message = `Error thrown by DynamoDB client: "${err.message}" - For more detail on this error reference: https://electrodb.dev/en/reference/errors/#aws-error`;
              stackTrace.cause = err;
              e.applyParamsFn(stackTrace, err.__edb_params);
              return Promise.reject(stackTrace);
            } else if (err.isElectroError) {
              e.applyParamsFn(err, err.__edb_params);
              return Promise.reject(err);
            } else {
              stackTrace.message = new e.ElectroError(
                e.ErrorCodes.UnknownError,
                err.message,
                err
              ).message;
              e.applyParamsFn(stackTrace, err.__edb_params);
              return Promise.reject(stackTrace);
            }
          }
        }
      }
      async _exec(method, params, config2 = {}) {
        const notifyQuery = () => {
          this.eventManager.trigger(
            {
              type: "query",
              method,
              params,
              config: config2
            },
            config2.listeners
          );
        };
        const notifyResults = (results, success) => {
          this.eventManager.trigger(
            {
              type: "results",
              method,
              config: config2,
              success,
              results
            },
            config2.listeners
          );
        };
        const dynamoDBMethod = MethodTypeTranslation[method];
        const client2 = config2.client || this.client;
        const clientOptions = { abortSignal: config2.abortSignal };
        return client2[dynamoDBMethod](params, clientOptions).promise().then((results) => {
          notifyQuery();
          notifyResults(results, true);
          return results;
        }).catch((err) => {
          notifyQuery();
          notifyResults(err, false);
          Object.defineProperty(err, "__edb_params", {
            enumerable: false,
            value: params
          });
          if (!err.isElectroError) {
            err.__isAWSError = true;
          }
          throw err;
        });
      }
      async executeBulkWrite(parameters, config2) {
        if (!Array.isArray(parameters)) {
          parameters = [parameters];
        }
        let results = [];
        let concurrent = this._normalizeConcurrencyValue(config2.concurrent);
        let concurrentOperations = u.batchItems(parameters, concurrent);
        for (let operation of concurrentOperations) {
          if (config2.abortSignal && config2.abortSignal.aborted) {
            throw new e.ElectroError(
              e.ErrorCodes.OperationAborted,
              "The operation was aborted"
            );
          }
          await Promise.all(
            operation.map(async (params) => {
              let response = await this._exec(
                MethodTypes.batchWrite,
                params,
                config2
              );
              if (validations.isFunction(config2.parse)) {
                let parsed = config2.parse(config2, response);
                if (parsed) {
                  results.push(parsed);
                }
              } else {
                let { unprocessed } = this.formatBulkWriteResponse(
                  response,
                  config2
                );
                for (let u2 of unprocessed) {
                  results.push(u2);
                }
              }
            })
          );
        }
        return { unprocessed: results };
      }
      _createNewBatchGetOrderMaintainer(config2 = {}) {
        const pkName = this.model.translations.keys[TableIndex].pk;
        const skName = this.model.translations.keys[TableIndex].sk;
        const enabled = !!config2.preserveBatchOrder;
        const table2 = this.config.table;
        const keyFormatter = (record2 = {}) => {
          const pk = record2[pkName];
          const sk = record2[skName];
          return `${pk}${sk}`;
        };
        return new u.BatchGetOrderMaintainer({
          table: table2,
          enabled,
          keyFormatter
        });
      }
      _safeMinimum(...values) {
        let eligibleNumbers = [];
        for (let value of values) {
          if (typeof value === "number") {
            eligibleNumbers.push(value);
          }
        }
        if (eligibleNumbers.length) {
          return Math.min(...eligibleNumbers);
        }
        return void 0;
      }
      async executeBulkGet(parameters, config2) {
        if (!Array.isArray(parameters)) {
          parameters = [parameters];
        }
        const orderMaintainer = this._createNewBatchGetOrderMaintainer(config2);
        orderMaintainer.defineOrder(parameters);
        let concurrent = this._normalizeConcurrencyValue(config2.concurrent);
        let concurrentOperations = u.batchItems(parameters, concurrent);
        let resultsAll = config2.preserveBatchOrder ? new Array(orderMaintainer.getSize()).fill(null) : [];
        let unprocessedAll = [];
        for (let operation of concurrentOperations) {
          if (config2.abortSignal && config2.abortSignal.aborted) {
            throw new e.ElectroError(
              e.ErrorCodes.OperationAborted,
              "The operation was aborted"
            );
          }
          await Promise.all(
            operation.map(async (params) => {
              let response = await this._exec(MethodTypes.batchGet, params, config2);
              if (validations.isFunction(config2.parse)) {
                resultsAll.push(config2.parse(config2, response));
              } else {
                this.applyBulkGetResponseFormatting({
                  orderMaintainer,
                  resultsAll,
                  unprocessedAll,
                  response,
                  config: config2
                });
              }
            })
          );
        }
        return { data: resultsAll, unprocessed: unprocessedAll };
      }
      async hydrate(index, keys = [], config2) {
        const items = [];
        const validKeys = [];
        for (let i = 0; i < keys.length; i++) {
          const key2 = keys[i];
          const item = this._formatKeysToItem(TableIndex, key2);
          if (item !== null) {
            items.push(item);
            validKeys.push(key2);
          }
        }
        const results = await this.get(items).go({
          ...config2,
          hydrate: false,
          parse: void 0,
          hydrator: void 0,
          _isCollectionQuery: false,
          preserveBatchOrder: true,
          ignoreOwnership: config2._providedIgnoreOwnership,
          attributes: config2._providedAttributes
        });
        const unprocessed = [];
        const data = [];
        for (let i = 0; i < results.data.length; i++) {
          const key2 = validKeys[i];
          const item = results.data[i];
          if (!item) {
            if (key2) {
              unprocessed.push(key2);
            }
          } else {
            data.push(item);
          }
        }
        return {
          unprocessed,
          data
        };
      }
      async executeQuery(method, parameters, config2 = {}) {
        const indexName = parameters.IndexName;
        let results = config2._isCollectionQuery ? {} : [];
        let ExclusiveStartKey = this._formatExclusiveStartKey({
          indexName,
          config: config2
        });
        if (ExclusiveStartKey === null) {
          ExclusiveStartKey = void 0;
        }
        let pages = this._normalizePagesValue(config2.pages);
        let iterations = 0;
        let count = 0;
        let hydratedUnprocessed = [];
        const shouldHydrate = config2.hydrate && (method === MethodTypes.query || method === MethodTypes.scan);
        do {
          if (config2.abortSignal && config2.abortSignal.aborted) {
            throw new e.ElectroError(
              e.ErrorCodes.OperationAborted,
              "The operation was aborted"
            );
          }
          let response = await this._exec(
            method,
            { ExclusiveStartKey, ...parameters },
            config2
          );
          ExclusiveStartKey = response.LastEvaluatedKey;
          response = this.formatResponse(response, parameters.IndexName, {
            ...config2,
            data: shouldHydrate && (!config2.data || config2.data === DataOptions.attributes) ? "includeKeys" : config2.data,
            ignoreOwnership: shouldHydrate || config2.ignoreOwnership
          });
          if (config2.data === DataOptions.raw) {
            return response;
          } else if (config2._isCollectionQuery) {
            for (const entity in response.data) {
              let items = response.data[entity];
              if (shouldHydrate && items.length) {
                const hydrated = await config2.hydrator(
                  entity,
                  parameters.IndexName,
                  items,
                  config2
                );
                items = hydrated.data;
                hydratedUnprocessed = hydratedUnprocessed.concat(
                  hydrated.unprocessed
                );
              }
              results[entity] = results[entity] || [];
              results[entity] = [...results[entity], ...items];
            }
          } else if (Array.isArray(response.data)) {
            let prevCount = count;
            if (config2.count) {
              count += response.data.length;
            }
            let items = response.data;
            const moreItemsThanRequired = !!config2.count && count > config2.count;
            if (moreItemsThanRequired) {
              items = items.slice(0, config2.count - prevCount);
            }
            if (shouldHydrate) {
              const hydrated = await this.hydrate(
                parameters.IndexName,
                items,
                config2
              );
              items = hydrated.data;
              hydratedUnprocessed = hydratedUnprocessed.concat(
                hydrated.unprocessed
              );
            }
            results = [...results, ...items];
            if (moreItemsThanRequired || count === config2.count) {
              const lastItem = results[results.length - 1];
              ExclusiveStartKey = this._fromCompositeToKeysByIndex({
                indexName,
                provided: lastItem
              });
              break;
            }
          } else {
            return response;
          }
          iterations++;
        } while (ExclusiveStartKey && (pages === AllPages || config2.count !== void 0 || iterations < pages) && (config2.count === void 0 || count < config2.count));
        const cursor = this._formatReturnPager(config2, ExclusiveStartKey);
        if (shouldHydrate) {
          return {
            cursor,
            data: results,
            unprocessed: hydratedUnprocessed
          };
        }
        return { data: results, cursor };
      }
      async executeOperation(method, parameters, config2) {
        const conditionCheckMode = config2.returnOnConditionCheckFailure;
        const hasConditionCheck = conditionCheckMode === "all_old" || conditionCheckMode === true;
        let response;
        try {
          response = await this._exec(method, parameters, config2);
        } catch (err) {
          if (hasConditionCheck && this._isConditionalCheckFailedException(err)) {
            if (conditionCheckMode === "all_old") {
              const rawItem = err.Item;
              if (rawItem) {
                const item = c.util.unmarshall(rawItem);
                const formatted = this.formatResponse({ Item: item }, TableIndex, config2);
                return { rejected: true, data: formatted.data };
              }
              return { rejected: true, data: null };
            }
            return { rejected: true };
          }
          throw err;
        }
        let result;
        switch (parameters.ReturnValues) {
          case FormatToReturnValues.none:
            result = { data: null };
            break;
          case FormatToReturnValues.all_new:
          case FormatToReturnValues.all_old:
          case FormatToReturnValues.updated_new:
          case FormatToReturnValues.updated_old:
            result = this.formatResponse(response, TableIndex, config2);
            break;
          case FormatToReturnValues.default:
          default:
            result = this._formatDefaultResponse(
              method,
              parameters.IndexName,
              parameters,
              config2,
              response
            );
            break;
        }
        if (hasConditionCheck) {
          return { rejected: false, data: result.data };
        }
        return result;
      }
      _isConditionalCheckFailedException(err) {
        return err.name === "ConditionalCheckFailedException" || err.code === "ConditionalCheckFailedException";
      }
      _formatDefaultResponse(method, index, parameters, config2 = {}, response) {
        switch (method) {
          case MethodTypes.put:
          case MethodTypes.create:
            return this.formatResponse(parameters, index, config2);
          case MethodTypes.update:
          case MethodTypes.patch:
          case MethodTypes.delete:
          case MethodTypes.remove:
          case MethodTypes.upsert:
            return this.formatResponse(response, index, {
              ...config2,
              _objectOnEmpty: true
            });
          default:
            return this.formatResponse(response, index, config2);
        }
      }
      cleanseRetrievedData(item = {}, options = {}) {
        let data = {};
        let names = this.model.schema.translationForRetrieval;
        for (let [attr, value] of Object.entries(item)) {
          let name = names[attr];
          if (name) {
            data[name] = value;
          } else if (options.data === DataOptions.includeKeys) {
            data[attr] = value;
          }
        }
        return data;
      }
      formatBulkWriteResponse(response = {}, config2 = {}) {
        if (!response || !response.UnprocessedItems) {
          return response;
        }
        const table2 = config2.table || this.getTableName();
        const index = TableIndex;
        let unprocessed = response.UnprocessedItems[table2];
        if (Array.isArray(unprocessed) && unprocessed.length) {
          unprocessed = unprocessed.map((request) => {
            if (request.PutRequest) {
              return this.formatResponse(request.PutRequest, index, config2).data;
            } else if (request.DeleteRequest) {
              if (config2.unprocessed === UnprocessedTypes.raw) {
                return request.DeleteRequest.Key;
              } else {
                return this._formatKeysToItem(index, request.DeleteRequest.Key);
              }
            } else {
              throw new Error("Unknown response format");
            }
          });
        } else {
          unprocessed = [];
        }
        return { unprocessed };
      }
      applyBulkGetResponseFormatting({
        resultsAll,
        unprocessedAll,
        orderMaintainer,
        response = {},
        config: config2 = {}
      }) {
        const table2 = config2.table || this.getTableName();
        const index = TableIndex;
        if (!response.UnprocessedKeys || !response.Responses) {
          throw new Error("Unknown response format");
        }
        if (response.UnprocessedKeys[table2] && response.UnprocessedKeys[table2].Keys && Array.isArray(response.UnprocessedKeys[table2].Keys)) {
          for (let value of response.UnprocessedKeys[table2].Keys) {
            if (config2 && config2.unprocessed === UnprocessedTypes.raw) {
              unprocessedAll.push(value);
            } else {
              unprocessedAll.push(this._formatKeysToItem(index, value));
            }
          }
        }
        if (response.Responses[table2] && Array.isArray(response.Responses[table2])) {
          const responses = response.Responses[table2];
          for (let i = 0; i < responses.length; i++) {
            const item = responses[i];
            const slot = orderMaintainer.getOrder(item);
            const formatted = this.formatResponse({ Item: item }, index, config2);
            if (slot !== -1) {
              resultsAll[slot] = formatted.data;
            } else {
              resultsAll.push(formatted.data);
            }
          }
        }
      }
      is(item, config2) {
        return config2.ignoreOwnership && config2.attributes && config2.attributes.length > 0 && !this._itemIncludesKeys(item) || (config2.ignoreOwnership || config2.hydrate) && this.ownsKeys(item) || this.ownsItem(item);
      }
      formatResponse(response, index, config2 = {}) {
        try {
          let results = {};
          if (validations.isFunction(config2.parse)) {
            results = config2.parse(config2, response);
          } else if (config2.data === DataOptions.raw && !config2._isPagination) {
            if (response.TableName) {
              results = {};
            } else {
              results = response;
            }
          } else if (config2.data === DataOptions.raw && (config2._isPagination || config2.lastEvaluatedKeyRaw)) {
            results = response;
          } else {
            if (response.Item) {
              if (this.is(response.Item, config2)) {
                results = this.model.schema.formatItemForRetrieval(
                  response.Item,
                  config2
                );
              } else if (!config2._objectOnEmpty) {
                results = null;
              }
            } else if (response.Items) {
              results = [];
              for (let item of response.Items) {
                if (this.is(item, config2)) {
                  let record2 = this.model.schema.formatItemForRetrieval(
                    item,
                    config2
                  );
                  results.push(record2);
                }
              }
            } else if (response.Attributes) {
              results = this.model.schema.formatItemForRetrieval(
                response.Attributes,
                config2
              );
              if (Object.keys(results).length === 0 && !config2._objectOnEmpty) {
                results = null;
              }
            } else if (config2._objectOnEmpty) {
              return {
                data: {
                  ...config2._includeOnResponseItem
                }
              };
            } else {
              results = null;
            }
          }
          if (config2._isPagination || response.LastEvaluatedKey) {
            const nextPage = this._formatReturnPager(
              config2,
              response.LastEvaluatedKey
            );
            return { cursor: nextPage || null, data: results };
          }
          return { data: results };
        } catch (err) {
          if (config2.originalErr || err.isElectroError) {
            throw err;
          } else {
            const stackTrace = new e.ElectroError(e.ErrorCodes.AWSError);
            stackTrace.message = `Error thrown by DynamoDB client: "${err.message}" - For more detail on this error reference: https://electrodb.dev/en/reference/errors/#aws-error`;
            stackTrace.cause = err;
            throw stackTrace;
          }
        }
      }
      parse(item, options = {}) {
        if (item === void 0 || item === null) {
          return null;
        }
        const config2 = {
          ignoreOwnership: true,
          ...options || {}
        };
        return this.formatResponse(item, TableIndex, config2);
      }
      _fromCompositeToKeys({ provided }, options = {}) {
        if (!provided || Object.keys(provided).length === 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionCompositeProvided,
            "Invalid conversion composite provided"
          );
        }
        let keys = {};
        const secondaryIndexStrictMode = options.strict === "all" || options.strict === "pk" ? "pk" : "none";
        for (const index of Object.values(this.model.indexes)) {
          const indexName = index.index;
          const indexKeys = this._fromCompositeToKeysByIndex(
            { indexName, provided },
            {
              strict: indexName === TableIndex ? options.strict : secondaryIndexStrictMode
            }
          );
          if (indexKeys) {
            keys = {
              ...keys,
              ...indexKeys
            };
          }
        }
        if (Object.keys(keys).length === 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionCompositeProvided,
            "Invalid conversion composite provided"
          );
        }
        return keys;
      }
      _fromCompositeToCursor({ provided }, options = {}) {
        const keys = this._fromCompositeToKeys({ provided }, options);
        if (!keys || Object.keys(keys).length === 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionCompositeProvided,
            "Invalid conversion composite provided"
          );
        }
        return u.cursorFormatter.serialize(keys);
      }
      _fromKeysToCursor({ provided }, options = {}) {
        if (!provided || Object.keys(provided).length === 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionKeysProvided,
            "Invalid keys provided"
          );
        }
        return u.cursorFormatter.serialize(provided);
      }
      _fromKeysToComposite({ provided }, options = {}) {
        if (!provided || Object.keys(provided).length === 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionKeysProvided,
            "Provided keys could not be used to form composite attributes"
          );
        }
        let keys = {};
        for (const { index } of Object.values(this.model.indexes)) {
          const composite = this._fromKeysToCompositeByIndex(
            { indexName: index, provided },
            options
          );
          if (composite) {
            for (const attribute in composite) {
              if (keys[attribute] === void 0) {
                keys[attribute] = composite[attribute];
              }
            }
          }
        }
        if (Object.keys(keys).length === 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionKeysProvided,
            "Provided keys could not be used to form composite attributes"
          );
        }
        return keys;
      }
      _fromCursorToKeys({ provided }, options = {}) {
        if (typeof provided !== "string") {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionCursorProvided,
            "Invalid conversion cursor provided"
          );
        }
        return u.cursorFormatter.deserialize(provided);
      }
      _fromCursorToComposite({ provided }, options = {}) {
        if (typeof provided !== "string") {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionCursorProvided,
            "Invalid conversion cursor provided"
          );
        }
        const keys = this._fromCursorToKeys({ provided }, options);
        if (!keys) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionCursorProvided,
            "Invalid conversion cursor provided"
          );
        }
        return this._fromKeysToComposite({ provided: keys }, options);
      }
      _fromCompositeToCursorByIndex({ indexName = TableIndex, provided }, options = {}) {
        if (!provided || Object.keys(provided).length === 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionCompositeProvided,
            "Invalid conversion composite provided"
          );
        }
        const keys = this._formatSuppliedPager(indexName, provided, {
          relaxedPk: false,
          relaxedSk: false
        });
        return this._fromKeysToCursorByIndex(
          { indexName, provided: keys },
          options
        );
      }
      _fromCompositeToKeysByIndex({ indexName = TableIndex, provided }, options = {}) {
        return this._formatSuppliedPager(indexName, provided, {
          relaxedPk: options.strict !== "pk" && options.strict !== "all",
          relaxedSk: options.strict !== "all"
        });
      }
      _fromCursorToKeysByIndex({ provided }, options = {}) {
        if (typeof provided !== "string" || provided.length < 1) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionCursorProvided,
            "Invalid conversion cursor provided"
          );
        }
        return u.cursorFormatter.deserialize(provided);
      }
      _fromKeysToCursorByIndex({ indexName = TableIndex, provided }, options = {}) {
        const isValidTableIndex = this._verifyKeys({
          indexName: TableIndex,
          provided
        });
        const isValidIndex = this._verifyKeys({ indexName, provided });
        if (!isValidTableIndex) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionKeysProvided,
            "Provided keys did not include valid properties for the primary index"
          );
        } else if (!isValidIndex) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionKeysProvided,
            `Provided keys did not include valid properties for the index "${indexName}"`
          );
        }
        const keys = this._trimKeysToIndex({ indexName, provided });
        if (!keys || Object.keys(keys).length === 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionKeysProvided,
            `Provided keys not defined`
          );
        }
        return u.cursorFormatter.serialize(provided);
      }
      _fromKeysToCompositeByIndex({ indexName = TableIndex, provided }, options = {}) {
        let allKeys = {};
        if (this._getIndexType(indexName) === IndexTypes.composite) {
          const item = this.model.schema.translateFromFields(provided);
          allKeys = {
            ...this._findFacets(item, this.model.facets.byIndex[indexName].pk),
            ...this._findFacets(item, this.model.facets.byIndex[indexName].sk)
          };
        } else {
          const indexKeys = this._deconstructIndex({
            index: indexName,
            keys: provided
          });
          if (!indexKeys) {
            throw new e.ElectroError(
              e.ErrorCodes.InvalidConversionKeysProvided,
              `Provided keys did not include valid properties for the index "${indexName}"`
            );
          }
          allKeys = {
            ...indexKeys
          };
        }
        let tableKeys;
        if (indexName !== TableIndex) {
          tableKeys = this._deconstructIndex({ index: TableIndex, keys: provided });
        }
        if (tableKeys === null) {
          return allKeys;
        }
        allKeys = {
          ...allKeys,
          ...tableKeys
        };
        if (Object.keys(allKeys).length === 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionKeysProvided,
            "Provided keys could not be used to form composite attributes"
          );
        }
        return allKeys;
      }
      _fromCursorToCompositeByIndex({ indexName = TableIndex, provided }, options = {}) {
        const keys = this._fromCursorToKeysByIndex(
          { indexName, provided },
          options
        );
        if (!keys || Object.keys(keys).length === 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionCursorProvided,
            "Invalid conversion cursor provided"
          );
        }
        return this._fromKeysToCompositeByIndex(
          { indexName, provided: keys },
          options
        );
      }
      _getIndexType(indexName) {
        return this.model.facets.byIndex[indexName].type;
      }
      _trimKeysToIndex({ indexName = TableIndex, provided }) {
        if (!provided) {
          return null;
        }
        if (this.model.facets.byIndex[indexName].type === IndexTypes.composite) {
          return provided;
        }
        const pkName = this.model.translations.keys[indexName].pk;
        const skName = this.model.translations.keys[indexName].sk;
        const tablePKName = this.model.translations.keys[TableIndex].pk;
        const tableSKName = this.model.translations.keys[TableIndex].sk;
        const keys = {
          [pkName]: provided[pkName],
          [skName]: provided[skName],
          [tablePKName]: provided[tablePKName],
          [tableSKName]: provided[tableSKName]
        };
        if (!keys || Object.keys(keys).length === 0) {
          return null;
        }
        return keys;
      }
      _verifyKeys({ indexName, provided }) {
        if (!provided) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConversionKeysProvided,
            `Provided keys not defined`
          );
        }
        if (this._getIndexType(indexName) === IndexTypes.composite) {
          const item = this.model.schema.translateFromFields(provided);
          return this.model.facets.byIndex[indexName].pk.every((attr) => item[attr] !== void 0);
        } else {
          const pkName = this.model.translations.keys[indexName].pk;
          const skName = this.model.translations.keys[indexName].sk;
          return provided[pkName] !== void 0 && (!skName || provided[skName] !== void 0);
        }
      }
      _formatReturnPager(config2, lastEvaluatedKey) {
        let page = lastEvaluatedKey || null;
        if (config2.data === DataOptions.raw || config2.pager === Pager.raw) {
          return page;
        }
        return config2.formatCursor.serialize(page) || null;
      }
      _formatExclusiveStartKey({ config: config2, indexName = TableIndex }) {
        let exclusiveStartKey = config2.cursor;
        if (config2.data === DataOptions.raw || config2.pager === Pager.raw) {
          return this._trimKeysToIndex({ provided: exclusiveStartKey, indexName }) || null;
        }
        let keys;
        if (config2.pager === Pager.item) {
          keys = this._fromCompositeToKeysByIndex({
            indexName,
            provided: exclusiveStartKey
          });
        } else {
          keys = config2.formatCursor.deserialize(exclusiveStartKey);
        }
        if (!keys) {
          return null;
        }
        return this._trimKeysToIndex({ provided: keys, indexName }) || null;
      }
      setClient(client2) {
        if (client2) {
          this.client = c.normalizeClient(client2);
        }
      }
      setTableName(tableName2) {
        this.config.table = tableName2;
      }
      getTableName() {
        return this.config.table;
      }
      _chain(state, clauses2, clause) {
        let current = {};
        for (let child of clause.children) {
          current[child] = (...args) => {
            state.prev = state.self;
            state.self = child;
            let results = clauses2[child].action(this, state, ...args);
            if (clauses2[child].children.length) {
              return this._chain(results, clauses2, clauses2[child]);
            } else {
              return results;
            }
          };
        }
        return current;
      }
      /* istanbul ignore next */
      _makeChain(index = TableIndex, clauses2, rootClause, options = {}) {
        let state = new ChainState({
          index,
          options,
          attributes: options.attributes || this.model.schema.attributes,
          hasSortKey: options.hasSortKey || this.model.lookup.indexHasSortKeys[index],
          compositeAttributes: options.compositeAttributes || this.model.facets.byIndex[index]
        });
        return state.init(this, clauses2, rootClause);
      }
      _regexpEscape(string3) {
        return string3.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      }
      _normalizeConcurrencyValue(value = 1) {
        value = parseInt(value);
        if (isNaN(value) || value < 1) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidConcurrencyOption,
            "Query option 'concurrent' must be of type 'number' and greater than zero."
          );
        }
        return value;
      }
      _normalizePagesValue(value) {
        if (value === AllPages) {
          return value;
        }
        value = parseInt(value);
        if (isNaN(value) || value < 1) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidPagesOption,
            `Query option 'pages' must be of type 'number' and greater than zero or the string value '${AllPages}'`
          );
        }
        return value;
      }
      _normalizeLimitValue(value) {
        if (value !== void 0) {
          value = parseInt(value);
          if (isNaN(value) || value < 1) {
            throw new e.ElectroError(
              e.ErrorCodes.InvalidLimitOption,
              "Query option 'limit' must be of type 'number' and greater than zero."
            );
          }
        }
        return value;
      }
      _createKeyDeconstructor(prefixes = {}, labels = [], attributes2 = {}) {
        let { prefix, isCustom, postfix, cast } = prefixes;
        let names = [];
        let types = [];
        let pattern = `^${this._regexpEscape(prefix || "")}`;
        for (let { name, label } of labels) {
          let attr = attributes2[name];
          if (isCustom && !name && label) {
            pattern += `${this._regexpEscape(label)}`;
          } else if (isCustom) {
            pattern += `${this._regexpEscape(
              label === void 0 ? "" : label
            )}(.+)`;
          } else {
            pattern += `#${this._regexpEscape(
              label === void 0 ? name : label
            )}_(.+)`;
          }
          names.push(name);
          if (attr) {
            types.push(attr.type);
          }
        }
        if (typeof postfix === "string") {
          pattern += this._regexpEscape(postfix);
        }
        pattern += "$";
        let regex = new RegExp(pattern, "i");
        return ({ key: key2 } = {}) => {
          const typeofKey = typeof key2;
          if (!["string", "number"].includes(typeofKey)) {
            return null;
          }
          key2 = `${key2}`;
          const isNumeric = cast === CastKeyOptions.number && typeofKey === "number";
          let match = key2.match(regex);
          let results = {};
          if (match || isNumeric) {
            for (let i = 0; i < names.length; i++) {
              let keyName = names[i];
              let value = isNumeric ? key2 : match[i + 1];
              let type = types[i];
              switch (type) {
                case "number": {
                  value = parseFloat(value);
                  break;
                }
                case "boolean": {
                  value = value === "true";
                  break;
                }
              }
              if (keyName && value !== void 0) {
                results[keyName] = value;
              }
            }
          } else {
            results = null;
          }
          return results;
        };
      }
      _deconstructIndex({ index = TableIndex, keys = {} } = {}) {
        const hasIndex = !!this.model.translations.keys[index];
        if (!hasIndex) {
          return null;
        }
        let pkName = this.model.translations.keys[index].pk;
        let skName = this.model.translations.keys[index].sk;
        const indexHasSortKey = this.model.lookup.indexHasSortKeys[index];
        const deconstructors = this.model.keys.deconstructors[index];
        const pk = keys[pkName];
        if (pk === void 0) {
          return null;
        }
        const pkComposites = deconstructors.pk({ key: pk });
        if (pkComposites === null) {
          return null;
        }
        let skComposites = {};
        if (indexHasSortKey) {
          const sk = keys[skName];
          if (sk === void 0) {
            return null;
          }
          skComposites = deconstructors.sk({ key: sk });
          if (skComposites === null) {
            return null;
          }
        }
        return {
          ...pkComposites,
          ...skComposites
        };
      }
      _formatKeysToItem(index = TableIndex, keys) {
        if (keys === null || typeof keys !== "object" || Object.keys(keys).length === 0) {
          return keys;
        }
        let tableIndex = TableIndex;
        let indexParts = this._deconstructIndex({ index, keys });
        if (indexParts === null) {
          return null;
        }
        if (index !== tableIndex) {
          const tableIndexParts = this._deconstructIndex({
            index: tableIndex,
            keys
          });
          if (tableIndexParts === null) {
            return null;
          }
          indexParts = { ...indexParts, ...tableIndexParts };
        }
        let noPartsFound = Object.keys(indexParts).length === 0 && this.model.facets.byIndex[tableIndex].all.length > 0;
        let partsAreIncomplete = this.model.facets.byIndex[tableIndex].all.find(
          (facet) => indexParts[facet.name] === void 0
        );
        if (noPartsFound || partsAreIncomplete) {
          return null;
        }
        return indexParts;
      }
      _constructPagerIndex(index = TableIndex, item, options = {}) {
        let pkAttributes = options.relaxedPk ? this._findFacets(item, this.model.facets.byIndex[index].pk) : this._expectFacets(item, this.model.facets.byIndex[index].pk);
        let skAttributes = options.relaxedSk ? this._findFacets(item, this.model.facets.byIndex[index].sk) : this._expectFacets(item, this.model.facets.byIndex[index].sk);
        if (this._getIndexType(index) === IndexTypes.composite) {
          return this.model.schema.translateToFields({
            ...pkAttributes,
            ...skAttributes
          });
        }
        let keys = this._makeIndexKeys({
          index,
          pkAttributes,
          skAttributes: [skAttributes]
        });
        return this._makeParameterKey(index, keys.pk, ...keys.sk);
      }
      _formatSuppliedPager(index = TableIndex, item, options = {}) {
        if (typeof item !== "object" || Object.keys(item).length === 0) {
          return item;
        }
        let tableIndex = TableIndex;
        let pager = this._constructPagerIndex(index, item, options);
        if (index !== tableIndex) {
          pager = {
            ...pager,
            ...this._constructPagerIndex(tableIndex, item, options)
          };
        }
        return pager;
      }
      _normalizeExecutionOptions({ provided = [], context = {} } = {}) {
        let config2 = {
          includeKeys: false,
          originalErr: false,
          raw: false,
          params: {},
          page: {},
          lastEvaluatedKeyRaw: false,
          table: void 0,
          concurrent: void 0,
          parse: void 0,
          pager: Pager.named,
          unprocessed: UnprocessedTypes.item,
          response: "default",
          cursor: null,
          data: "attributes",
          consistent: void 0,
          compare: ComparisonTypes.keys,
          complete: false,
          ignoreOwnership: !!this.config.ignoreOwnership,
          _providedIgnoreOwnership: false,
          _isPagination: false,
          _isCollectionQuery: false,
          pages: 1,
          count: void 0,
          listeners: [],
          preserveBatchOrder: false,
          attributes: [],
          _providedAttributes: [],
          terminalOperation: void 0,
          formatCursor: u.cursorFormatter,
          order: void 0,
          hydrate: false,
          hydrator: (_entity, _indexName, items) => items,
          _objectOnEmpty: false,
          _includeOnResponseItem: {},
          abortSignal: void 0
        };
        if (context.state && context.state.query && context.state.query.index) {
          const indexName = context.state.query.index;
          const accessPattern = this.model.translations.indexes.fromIndexToAccessPattern[indexName];
          if (accessPattern) {
            const indexDefinition = this.model.indexes[accessPattern];
            config2.ignoreOwnership = indexDefinition.projection === IndexProjectionOptions.keys_only || Array.isArray(indexDefinition.projection) && !this.model.indexes[accessPattern].identifiersAreProjected;
          }
        }
        return provided.filter(Boolean).reduce((config3, option) => {
          if (typeof option.order === "string") {
            switch (option.order.toLowerCase()) {
              case "asc":
                config3.params[ResultOrderParam] = ResultOrderOption.asc;
                break;
              case "desc":
                config3.params[ResultOrderParam] = ResultOrderOption.desc;
                break;
              default:
                throw new e.ElectroError(
                  e.ErrorCodes.InvalidOptions,
                  `Invalid value for query option "order" provided. Valid options include 'asc' and 'desc, received: "${option.order}"`
                );
            }
          }
          if (typeof option.compare === "string") {
            const type = ComparisonTypes[option.compare.toLowerCase()];
            if (type) {
              config3.compare = type;
              if (type === ComparisonTypes.v2 && option.complete === void 0) {
                config3.complete = true;
              }
            } else {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidOptions,
                `Invalid value for query option "compare" provided. Valid options include ${u.commaSeparatedString(
                  Object.keys(ComparisonTypes)
                )}, received: "${option.compare}"`
              );
            }
          }
          if (typeof option.response === "string" && option.response.length) {
            const format = ReturnValues[option.response];
            if (format === void 0) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidOptions,
                `Invalid value for query option "format" provided: "${option.format}". Allowed values include ${u.commaSeparatedString(
                  Object.keys(ReturnValues)
                )}.`
              );
            } else if (format !== ReturnValues.default) {
              config3.response = format;
              if (context.operation === MethodTypes.transactWrite) {
                config3.params.ReturnValuesOnConditionCheckFailure = FormatToReturnValues[format];
              } else {
                config3.params.ReturnValues = FormatToReturnValues[format];
              }
            }
          }
          if (option.formatCursor) {
            const isValid = ["serialize", "deserialize"].every(
              (method) => method in option.formatCursor && validations.isFunction(option.formatCursor[method])
            );
            if (isValid) {
              config3.formatCursor = option.formatCursor;
            } else {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidOptions,
                `Invalid value for query option "formatCursor" provided. Formatter interface must have serialize and deserialize functions`
              );
            }
          }
          if (option.terminalOperation in TerminalOperation) {
            config3.terminalOperation = TerminalOperation[option.terminalOperation];
          }
          if (Array.isArray(option.attributes)) {
            config3.attributes = config3.attributes.concat(option.attributes);
            config3._providedAttributes = option.attributes;
          }
          if (option.preserveBatchOrder === true) {
            config3.preserveBatchOrder = true;
          }
          if (option.pages !== void 0) {
            config3.pages = option.pages;
          }
          if (option._isCollectionQuery === true) {
            config3._isCollectionQuery = true;
          }
          if (option.includeKeys === true) {
            config3.includeKeys = true;
          }
          if (option.originalErr === true) {
            config3.originalErr = true;
          }
          if (typeof option.returnOnConditionCheckFailure === "boolean") {
            if (option.returnOnConditionCheckFailure === true) {
              config3.returnOnConditionCheckFailure = true;
            }
          } else if (typeof option.returnOnConditionCheckFailure === "string") {
            const value = option.returnOnConditionCheckFailure.toLowerCase();
            if (value === "all_old") {
              config3.returnOnConditionCheckFailure = "all_old";
              config3.params.ReturnValuesOnConditionCheckFailure = "ALL_OLD";
            } else {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidOptions,
                `Invalid value for query option "returnOnConditionCheckFailure" provided: "${option.returnOnConditionCheckFailure}". Allowed values include true, false, or "all_old".`
              );
            }
          }
          if (option.raw === true) {
            config3.raw = true;
          }
          if (option._isPagination) {
            config3._isPagination = true;
          }
          if (option.lastEvaluatedKeyRaw === true) {
            config3.lastEvaluatedKeyRaw = true;
            config3.pager = Pager.raw;
            config3.unprocessed = UnprocessedTypes.raw;
          }
          if (option.cursor) {
            config3.cursor = option.cursor;
          }
          if (option.data) {
            if (!DataOptions[option.data]) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidOptions,
                `Query option 'data' must be one of ${u.commaSeparatedString(
                  Object.keys(DataOptions)
                )}.`
              );
            }
            config3.data = option.data;
            switch (option.data) {
              case DataOptions.raw:
                config3.raw = true;
                break;
              case DataOptions.includeKeys:
                config3.includeKeys = true;
                break;
            }
          }
          if (option.count !== void 0) {
            if (typeof option.count !== "number" || option.count < 1) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidOptions,
                `Query option 'count' must be of type 'number' and greater than zero.`
              );
            }
            config3.count = option.count;
          }
          if (option.consistent === true) {
            config3.consistent = true;
            config3.params.ConsistentRead = true;
          }
          if (option.limit !== void 0) {
            config3.limit = option.limit;
            config3.params.Limit = option.limit;
          }
          if (validations.isStringHasLength(option.table)) {
            config3.params.TableName = option.table;
            config3.table = option.table;
          }
          if (option.concurrent !== void 0) {
            config3.concurrent = option.concurrent;
          }
          if (validations.isFunction(option.parse)) {
            config3.parse = option.parse;
          }
          if (typeof option.pager === "string") {
            if (typeof Pager[option.pager] === "string") {
              config3.pager = option.pager;
            } else {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidOptions,
                `Invalid value for option "pager" provided: "${option.pager}". Allowed values include ${u.commaSeparatedString(
                  Object.keys(Pager)
                )}.`
              );
            }
          }
          if (typeof option.unprocessed === "string") {
            if (typeof UnprocessedTypes[option.unprocessed] === "string") {
              config3.unprocessed = UnprocessedTypes[option.unprocessed];
            } else {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidOptions,
                `Invalid value for option "unprocessed" provided: "${option.unprocessed}". Allowed values include ${u.commaSeparatedString(
                  Object.keys(UnprocessedTypes)
                )}.`
              );
            }
          }
          if (option.ignoreOwnership !== void 0) {
            config3.ignoreOwnership = option.ignoreOwnership;
            config3._providedIgnoreOwnership = option.ignoreOwnership;
          }
          if (option.listeners) {
            if (Array.isArray(option.listeners)) {
              config3.listeners = config3.listeners.concat(option.listeners);
            }
          }
          if (option.logger) {
            if (validations.isFunction(option.logger)) {
              config3.listeners.push(option.logger);
            } else {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidLoggerProvided,
                `Loggers must be of type function`
              );
            }
          }
          if (option.hydrate) {
            config3.hydrate = true;
            config3.ignoreOwnership = true;
            config3.attributes = [];
          }
          if (validations.isFunction(option.hydrator)) {
            config3.hydrator = option.hydrator;
          }
          if (option.client !== void 0) {
            config3.client = c.normalizeClient(option.client);
          }
          if (option.abortSignal !== void 0) {
            if (!validations.isAbortSignal(option.abortSignal)) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidOptions,
                "Invalid 'abortSignal' option provided. Expected an AbortSignal-like object with an 'aborted' boolean and 'addEventListener'/'removeEventListener' methods."
              );
            }
            config3.abortSignal = option.abortSignal;
          }
          if (option._includeOnResponseItem) {
            config3._includeOnResponseItem = {
              ...config3._includeOnResponseItem,
              ...option._includeOnResponseItem
            };
          }
          config3.page = Object.assign({}, config3.page, option.page);
          config3.params = Object.assign({}, config3.params, option.params);
          return config3;
        }, config2);
      }
      _applyParameterOptions({ params = {}, options = {} } = {}) {
        let parameters = Object.assign({}, params);
        for (let customParameter of Object.keys(options.params || {})) {
          if (options.params[customParameter] !== void 0) {
            parameters[customParameter] = options.params[customParameter];
          }
        }
        return parameters;
      }
      addListeners(logger2) {
        this.eventManager.add(logger2);
      }
      _addLogger(logger2) {
        if (validations.isFunction(logger2)) {
          this.addListeners(logger2);
        } else {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidLoggerProvided,
            `Logger must be of type function`
          );
        }
      }
      _getPrimaryIndexFieldNames() {
        let hasSortKey = this.model.lookup.indexHasSortKeys[TableIndex];
        let accessPattern = this.model.translations.indexes.fromIndexToAccessPattern[TableIndex];
        let pkField = this.model.indexes[accessPattern].pk.field;
        let skField;
        if (hasSortKey) {
          skField = this.model.indexes[accessPattern].sk.field;
        }
        return {
          pk: pkField,
          sk: skField
        };
      }
      _applyParameterExpressionTypes(params, filter) {
        const conditions = filter[ExpressionTypes.ConditionExpression];
        if (conditions.build().length > 0) {
          if (typeof params[ExpressionTypes.ConditionExpression] === "string" && params[ExpressionTypes.ConditionExpression].length > 0) {
            params[ExpressionTypes.ConditionExpression] = `${params[ExpressionTypes.ConditionExpression]} AND ${conditions.build()}`;
          } else {
            params[ExpressionTypes.ConditionExpression] = conditions.build();
          }
          if (Object.keys(conditions.getNames()).length > 0) {
            params.ExpressionAttributeNames = params.ExpressionAttributeNames || {};
            params.ExpressionAttributeNames = Object.assign(
              {},
              conditions.getNames(),
              params.ExpressionAttributeNames
            );
          }
          if (Object.keys(conditions.getValues()).length > 0) {
            params.ExpressionAttributeValues = params.ExpressionAttributeValues || {};
            params.ExpressionAttributeValues = Object.assign(
              {},
              conditions.getValues(),
              params.ExpressionAttributeValues
            );
          }
        }
        return params;
      }
      /* istanbul ignore next */
      _params(state, config2 = {}) {
        const {
          keys = {},
          method = "",
          put = {},
          update = {},
          filter = {},
          upsert,
          updateProxy
        } = state.query;
        let consolidatedQueryFacets = this._consolidateQueryFacets(keys.sk);
        let params = {};
        switch (method) {
          case MethodTypes.check:
          case MethodTypes.get:
          case MethodTypes.delete:
          case MethodTypes.remove:
            params = this._makeSimpleIndexParams(
              keys.pk,
              ...consolidatedQueryFacets
            );
            break;
          case MethodTypes.upsert:
            params = this._makeUpsertParams(
              { update, upsert, updateProxy },
              keys.pk,
              ...keys.sk
            );
            break;
          case MethodTypes.put:
          case MethodTypes.create:
            params = this._makePutParams(put, keys.pk, ...keys.sk);
            break;
          case MethodTypes.update:
          case MethodTypes.patch:
            params = this._makeUpdateParams(
              update,
              keys.pk,
              ...consolidatedQueryFacets
            );
            break;
          case MethodTypes.scan:
            params = this._makeScanParam(
              filter[ExpressionTypes.FilterExpression],
              config2,
              state
            );
            break;
          /* istanbul ignore next */
          default:
            throw new Error(`Invalid method: ${method}`);
        }
        let appliedParameters = this._applyParameterOptions({
          params,
          options: config2
        });
        return this._applyParameterExpressions(
          method,
          appliedParameters,
          config2,
          filter
        );
      }
      _applyParameterExpressions(method, parameters, config2, filter) {
        if (method !== MethodTypes.get) {
          return this._applyParameterExpressionTypes(parameters, filter);
        } else {
          parameters = this._applyProjectionExpressions({ parameters, config: config2 });
          return this._applyParameterExpressionTypes(parameters, filter);
        }
      }
      _applyProjectionExpressions({ parameters = {}, config: config2 = {} } = {}) {
        const attributes2 = config2.attributes || [];
        if (attributes2.length === 0) {
          return parameters;
        }
        const requiresRawResponse = config2.data === DataOptions.raw;
        const enforcesOwnership = !config2.ignoreOwnership;
        const requiresUserInvolvedPagination = TerminalOperation[config2.terminalOperation] === TerminalOperation.page;
        const isServerBound = TerminalOperation[config2.terminalOperation] === TerminalOperation.go || TerminalOperation[config2.terminalOperation] === TerminalOperation.page;
        let hasTableIndexPk = false;
        let hasTableIndexSk = !this.model.translations.keys[TableIndex].sk;
        const attributeFields = /* @__PURE__ */ new Map();
        for (let [key2, name] of Object.entries(parameters.ExpressionAttributeNames || {})) {
          if (key2.startsWith("#")) {
            key2 = key2.slice(1);
          }
          attributeFields.set(key2, name);
          if (name === this.model.translations.keys[TableIndex].pk) {
            hasTableIndexPk = true;
          }
          if (name === this.model.translations.keys[TableIndex].sk) {
            hasTableIndexSk = true;
          }
        }
        if (!hasTableIndexPk) {
          const field = this.model.translations.keys[TableIndex].pk;
          const name = formatExpressionName(field, attributeFields);
          attributeFields.set(name, field);
        }
        if (!hasTableIndexSk) {
          const field = this.model.translations.keys[TableIndex].sk;
          const name = formatExpressionName(field, attributeFields);
          attributeFields.set(name, field);
        }
        for (const attributeName of attributes2) {
          const fieldName = this.model.schema.getFieldName(attributeName) || attributeName;
          if (fieldName) {
            const formatted = formatExpressionName(fieldName, attributeFields);
            attributeFields.set(formatted, fieldName);
          }
        }
        parameters.ExpressionAttributeNames = parameters.ExpressionAttributeNames || {};
        if (
          // The response you're returning:
          // 1. is not expected to be raw
          !requiresRawResponse && // 2. is making a request to the server
          isServerBound && // 3. will expect entity identifiers down stream
          enforcesOwnership
        ) {
          attributeFields.set(this.identifiers.entity, this.identifiers.entity);
          attributeFields.set(this.identifiers.version, this.identifiers.version);
          if (requiresUserInvolvedPagination && config2.pager !== Pager.raw) {
            let tableIndexFacets = this.model.facets.byIndex[TableIndex];
            let indexFacets = this.model.facets.byIndex[parameters.IndexName] || {
              all: []
            };
            for (const attribute of [...tableIndexFacets.all, ...indexFacets.all]) {
              const fieldName = this.model.schema.getFieldName(attribute.name);
              const formatted = formatExpressionName(attribute.name, attributeFields);
              attributeFields.set(formatted, fieldName);
            }
          }
        }
        for (const [attributeField, attributeName] of attributeFields.entries()) {
          parameters.ExpressionAttributeNames["#" + attributeField] = attributeName;
        }
        if (typeof parameters.ProjectionExpression === "string") {
          parameters.ProjectionExpression = [
            parameters.ProjectionExpression,
            ...Object.keys(parameters.ExpressionAttributeNames)
          ].join(", ");
        } else {
          parameters.ProjectionExpression = Object.keys(
            parameters.ExpressionAttributeNames
          ).join(", ");
        }
        return parameters;
      }
      _batchGetParams(state, config2 = {}) {
        let table2 = config2.table || this.getTableName();
        let userDefinedParams = this._applyProjectionExpressions({
          parameters: config2.params || {},
          config: config2
        });
        delete userDefinedParams.TableName;
        let records = [];
        for (let itemState of state.subStates) {
          let method = itemState.query.method;
          let params = this._params(itemState, config2);
          if (method === MethodTypes.get) {
            let { Key } = params;
            records.push(Key);
          }
        }
        let batches = u.batchItems(records, MaxBatchItems.batchGet);
        return batches.map((batch) => {
          return {
            RequestItems: {
              [table2]: {
                ...userDefinedParams,
                Keys: batch
              }
            }
          };
        });
      }
      _batchWriteParams(state, config2 = {}) {
        let table2 = config2.table || this.getTableName();
        let records = [];
        for (let itemState of state.subStates) {
          let method = itemState.query.method;
          let params = this._params(itemState, config2);
          switch (method) {
            case MethodTypes.put:
              let { Item } = params;
              records.push({ PutRequest: { Item } });
              break;
            case MethodTypes.delete:
              let { Key } = params;
              records.push({ DeleteRequest: { Key } });
              break;
            /* istanbul ignore next */
            default:
              throw new Error("Invalid method type");
          }
        }
        let batches = u.batchItems(records, MaxBatchItems.batchWrite);
        return batches.map((batch) => {
          return {
            RequestItems: {
              [table2]: batch
            }
          };
        });
      }
      _makeParameterKey(index, pk, sk) {
        let hasSortKey = this.model.lookup.indexHasSortKeys[index];
        let accessPattern = this.model.translations.indexes.fromIndexToAccessPattern[index];
        let pkField = this.model.indexes[accessPattern].pk.field;
        let key2 = {
          [pkField]: pk
        };
        if (hasSortKey && sk !== void 0) {
          let skField = this.model.indexes[accessPattern].sk.field;
          key2[skField] = sk;
        }
        return key2;
      }
      applyIdentifierExpressionState(expressionState, alias) {
        const name = this.getName();
        const version2 = this.getVersion();
        const nameRef = expressionState.setName({}, this.identifiers.entity, this.identifiers.entity);
        const versionRef = expressionState.setName({}, this.identifiers.version, this.identifiers.version);
        const nameVal = expressionState.setValue(
          `${this.identifiers.entity}_${alias || name}`,
          name
        );
        const versionVal = expressionState.setValue(
          `${this.identifiers.version}_${alias || name}`,
          version2
        );
        return `(${nameRef.expression} = ${nameVal} AND ${versionRef.expression} = ${versionVal})`;
      }
      /* istanbul ignore next */
      _makeScanParam(filter = {}, options = {}, state = {}) {
        let index = state.query.index || TableIndex;
        let hasSortKey = this.model.lookup.indexHasSortKeys[index];
        let accessPattern = this.model.translations.indexes.fromIndexToAccessPattern[index];
        let pkField = this.model.indexes[accessPattern].pk.field;
        let { pk, sk } = this._makeIndexKeys({
          index
        });
        let keys = this._makeParameterKey(index, pk, ...sk);
        for (let key2 in keys) {
          if (keys[key2] === void 0 || keys[key2] === "") {
            delete keys[key2];
          }
        }
        let keyExpressions = this._expressionAttributeBuilder(keys);
        const expressionAttributeNames = this._mergeExpressionsAttributes(
          filter.getNames(),
          keyExpressions.ExpressionAttributeNames
        );
        const expressionAttributeValues = this._mergeExpressionsAttributes(
          filter.getValues(),
          keyExpressions.ExpressionAttributeValues
        );
        let params = {
          TableName: this.getTableName()
        };
        if (Object.keys(expressionAttributeNames).length) {
          params["ExpressionAttributeNames"] = expressionAttributeNames;
        }
        if (Object.keys(expressionAttributeValues).length) {
          params["ExpressionAttributeValues"] = expressionAttributeValues;
        }
        let filterExpressions = [];
        if (keys[pkField]) {
          filterExpressions.push(`begins_with(#${pkField}, :${pkField})`);
        }
        if (hasSortKey) {
          let skField = this.model.indexes[accessPattern].sk.field;
          if (keys[skField]) {
            filterExpressions.push(`begins_with(#${skField}, :${skField})`);
          }
        }
        if (filter.build()) {
          filterExpressions.push(filter.build());
        }
        if (filterExpressions.length) {
          params.FilterExpression = filterExpressions.join(" AND ");
        }
        if (index) {
          params.IndexName = index;
        }
        return this._applyProjectionExpressions({
          parameters: params,
          config: options
        });
      }
      _makeSimpleIndexParams(partition, sort) {
        let index = TableIndex;
        let keys = this._makeIndexKeys({
          index,
          pkAttributes: partition,
          skAttributes: [sort]
        });
        let Key = this._makeParameterKey(index, keys.pk, ...keys.sk);
        let TableName = this.getTableName();
        return { Key, TableName };
      }
      _removeAttributes(item, keys) {
        let copy = { ...item };
        for (let key2 of Object.keys(keys)) {
          delete copy[key2];
        }
        return copy;
      }
      _makeUpdateParams(update = {}, pk = {}, sk = {}) {
        let primaryIndexAttributes = { ...pk, ...sk };
        let modifiedAttributeValues = {};
        let modifiedAttributeNames = {};
        for (const path of Object.keys(update.paths)) {
          const { value, name } = update.paths[path];
          modifiedAttributeValues[path] = value;
          modifiedAttributeNames[path] = name;
        }
        const removed = {};
        for (const name in update.impacted) {
          if (update.impacted[name] === ItemOperations.remove) {
            removed[name] = name;
          }
        }
        modifiedAttributeValues = this._removeAttributes(modifiedAttributeValues, {
          ...pk,
          ...sk,
          ...this.model.schema.getReadOnly()
        });
        const preparedUpdateValues = this.model.schema.applyAttributeSetters(
          modifiedAttributeValues
        );
        const attributesAndComposites = {
          ...preparedUpdateValues
        };
        const {
          indexKey,
          updatedKeys,
          deletedKeys = []
        } = this._getUpdatedKeys(
          pk,
          sk,
          attributesAndComposites,
          removed,
          update.composites
        );
        const accessPattern = this.model.translations.indexes.fromIndexToAccessPattern[TableIndex];
        for (const path of Object.keys(preparedUpdateValues)) {
          if (modifiedAttributeNames[path] !== void 0 && preparedUpdateValues[path] !== void 0) {
            update.updateValue(
              modifiedAttributeNames[path],
              preparedUpdateValues[path]
            );
          } else if (preparedUpdateValues[path] !== void 0) {
            const attr = this.model.schema.getAttribute(path);
            if (attr) {
              update.set(attr.field, preparedUpdateValues[path]);
            } else {
              update.set(path, preparedUpdateValues[path]);
            }
          }
        }
        for (const indexKey2 of Object.keys(updatedKeys)) {
          const isNotTablePK = indexKey2 !== this.model.indexes[accessPattern].pk.field;
          const isNotTableSK = indexKey2 !== this.model.indexes[accessPattern].sk.field;
          const wasNotAlreadyModified = modifiedAttributeNames[indexKey2] === void 0;
          if (isNotTablePK && isNotTableSK && wasNotAlreadyModified) {
            update.set(indexKey2, updatedKeys[indexKey2]);
          }
        }
        for (const indexKey2 of deletedKeys) {
          const isNotTablePK = indexKey2 !== this.model.indexes[accessPattern].pk.field;
          const isNotTableSK = indexKey2 !== this.model.indexes[accessPattern].sk.field;
          const wasNotAlreadyModified = modifiedAttributeNames[indexKey2] === void 0;
          if (isNotTablePK && isNotTableSK && wasNotAlreadyModified) {
            update.remove(indexKey2);
          }
        }
        for (const primaryIndexAttribute of Object.keys(primaryIndexAttributes)) {
          const attribute = this.model.schema.attributes[primaryIndexAttribute];
          const isNotTablePK = !!(attribute && attribute.field !== this.model.indexes[accessPattern].pk.field);
          const isNotTableSK = !!(attribute && attribute.field !== this.model.indexes[accessPattern].sk.field);
          const wasNotAlreadyModified = modifiedAttributeNames[primaryIndexAttribute] === void 0;
          if (isNotTablePK && isNotTableSK && wasNotAlreadyModified) {
            update.set(
              attribute.field,
              primaryIndexAttributes[primaryIndexAttribute]
            );
          }
        }
        update.set(this.identifiers.entity, this.getName());
        update.set(this.identifiers.version, this.getVersion());
        return {
          UpdateExpression: update.build(),
          ExpressionAttributeNames: update.getNames(),
          ExpressionAttributeValues: update.getValues(),
          TableName: this.getTableName(),
          Key: indexKey
        };
      }
      /* istanbul ignore next */
      _makePutParams({ data } = {}, pk, sk) {
        let appliedData = this.model.schema.applyAttributeSetters(data);
        let { updatedKeys, setAttributes } = this._getPutKeys(
          pk,
          sk && sk.facets,
          appliedData
        );
        let translatedFields = this.model.schema.translateToFields(setAttributes);
        return {
          Item: {
            ...translatedFields,
            ...updatedKeys,
            [this.identifiers.entity]: this.getName(),
            [this.identifiers.version]: this.getVersion()
          },
          TableName: this.getTableName()
        };
      }
      _maybeApplyUpsertUpdate({ fields = [], operation, updateProxy, update }) {
        for (let [field, value] of fields) {
          const name = this.model.schema.translationForRetrieval[field];
          if (name) {
            const attribute = this.model.schema.attributes[name];
            if (this.model.schema.readOnlyAttributes.has(name) && (!attribute || !attribute.indexes || attribute.indexes.length === 0)) {
              update.set(field, value, ItemOperations.ifNotExists);
            } else {
              updateProxy.performOperation({
                value,
                operation,
                path: name,
                force: true
              });
            }
          } else {
            update.set(field, value, operation);
          }
        }
      }
      _makeUpsertParams({ update, upsert } = {}) {
        return {
          TableName: this.getTableName(),
          UpdateExpression: update.build(),
          ExpressionAttributeNames: update.getNames(),
          ExpressionAttributeValues: update.getValues(),
          Key: upsert.indexKey
        };
      }
      _updateExpressionBuilder(data) {
        let accessPattern = this.model.translations.indexes.fromIndexToAccessPattern[TableIndex];
        let skip = [
          // Removing readOnly from here because this should have been validated earlier in the process. Not checking
          // readOnly here also allows `watch` properties to circumnavigate the readOnly check for attributes that
          // should be calculated but not updatable by the user.
          // ...this.model.schema.getReadOnly(),
          // ...this.model.facets.fields,
          this.model.indexes[accessPattern].pk.field,
          this.model.indexes[accessPattern].sk.field
        ];
        return this._expressionAttributeBuilder(data, ItemOperations.set, { skip });
      }
      _queryKeyExpressionAttributeBuilder(index, pk, ...sks) {
        let translate = { ...this.model.translations.keys[index] };
        let restrict = ["pk"];
        let keys = { pk };
        sks = sks.filter((sk) => sk !== void 0);
        for (let i = 0; i < sks.length; i++) {
          let id = `sk${i + 1}`;
          keys[id] = sks[i];
          restrict.push(id);
          translate[id] = translate["sk"];
        }
        let keyExpressions = this._expressionAttributeBuilder(
          keys,
          ItemOperations.set,
          {
            translate,
            restrict
          }
        );
        return {
          ExpressionAttributeNames: Object.assign(
            {},
            keyExpressions.ExpressionAttributeNames
          ),
          ExpressionAttributeValues: Object.assign(
            {},
            keyExpressions.ExpressionAttributeValues
          )
        };
      }
      /* istanbul ignore next */
      _expressionAttributeBuilder(item = {}, operation = "", options = {}) {
        let {
          require: require2 = [],
          reject = [],
          restrict = [],
          skip = [],
          translate = {}
        } = options;
        let expressions = {
          UpdateExpression: [],
          ExpressionAttributeNames: {},
          ExpressionAttributeValues: {}
        };
        if (require2.length) {
          let props = Object.keys(item);
          let missing = require2.filter((prop) => !props.includes(prop));
          if (!missing) {
            throw new e.ElectroError(
              e.ErrorCodes.MissingAttribute,
              `Item is missing attributes: ${u.commaSeparatedString(missing)}`
            );
          }
        }
        for (let prop in item) {
          if (reject.includes(prop)) {
            throw new Error(`Invalid attribute ${prop}`);
          }
          if (restrict.length && !restrict.includes(prop)) {
            throw new Error(
              `${prop} is not a valid attribute: ${u.commaSeparatedString(
                restrict
              )}`
            );
          }
          if (prop === void 0 || skip.includes(prop)) {
            continue;
          }
          let name = prop;
          let value = item[prop];
          let nameProp = `#${prop}`;
          let valProp = `:${prop}`;
          if (translate[prop]) {
            name = translate[prop];
          }
          expressions.UpdateExpression.push(`${nameProp} = ${valProp}`);
          expressions.ExpressionAttributeNames[nameProp] = name;
          expressions.ExpressionAttributeValues[valProp] = value;
        }
        expressions.UpdateExpression = `${operation.toUpperCase()} ${expressions.UpdateExpression.join(
          ", "
        )}`.trim();
        return expressions;
      }
      _makeQueryKeys(state, options) {
        let consolidatedQueryFacets = this._consolidateQueryFacets(
          state.query.keys.sk
        );
        switch (state.query.type) {
          case QueryTypes.is:
            return this._makeIndexKeys({
              index: state.query.index,
              pkAttributes: state.query.keys.pk,
              skAttributes: consolidatedQueryFacets,
              indexType: state.query.options.indexType,
              queryType: state.query.type,
              isCollection: state.query.options._isCollectionQuery
            });
          default:
            return this._makeIndexKeysWithoutTail(
              state,
              consolidatedQueryFacets,
              options
            );
        }
      }
      _compositeQueryParams(state = {}, options = {}) {
        const consolidated = this._consolidateQueryFacets(
          state.query.keys.sk
        ) || [];
        const pkAttributes = state.query.keys.pk;
        const skAttributes = consolidated[0] || {};
        const provided = state.query.keys.provided;
        const all = state.query.facets.all || [];
        const queryType = state.query.type;
        const expressionState = new ExpressionState({ prefix: "k_" });
        const expressions = [];
        if (queryType === QueryTypes.between) {
          for (const [name, value] of Object.entries(pkAttributes)) {
            const field = this.model.schema.getFieldName(name);
            const nameRef = expressionState.setName({}, name, field);
            const valueRef = expressionState.setValue(name, value);
            expressions.push(`${nameRef.expression} = ${valueRef}`);
          }
          let is = {};
          let start = {};
          let end = {};
          (state.query.keys.sk || []).forEach(({ type, facets }) => {
            if (type === QueryTypes.is || type === QueryTypes.composite_collection) {
              is = facets;
            } else if (type === QueryTypes.between) {
              start = facets;
            } else if (type === QueryTypes.and) {
              end = facets;
            } else {
              throw new Error("Internal error: Invalid sort key type in composite between query");
            }
          });
          let lastFound;
          const skNames = state.query.facets.sk || [];
          for (const name of skNames) {
            if (is[name] !== void 0) {
              lastFound = name;
            } else if (start[name] !== void 0 && end[name] !== void 0) {
              lastFound = name;
            } else if (start[name] !== void 0 || end[name] !== void 0) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidQueryParameters,
                `Invalid attribute combination provided to between query. Between queries on composite indexes must have the same attribute for start and end values until the last sort key attribute. The provided attribute ${name} is missing ${start[name] !== void 0 ? "an end" : "a start"} value. This is a DynamoDB constraint.`
              );
            } else {
              break;
            }
          }
          for (let i = 0; i < skNames.length; i++) {
            const name = skNames[i];
            if (lastFound === name) {
              const startValue = start[name];
              const endValue = end[name];
              const field = this.model.schema.getFieldName(name);
              const nameRef = expressionState.setName({}, name, field);
              const startValueRef = expressionState.setValue(name, startValue);
              const endValueRef = expressionState.setValue(name, endValue);
              expressions.push(`${nameRef.expression} BETWEEN ${startValueRef} AND ${endValueRef}`);
            } else if (is[name] !== void 0) {
              const value = is[name];
              const field = this.model.schema.getFieldName(name);
              const nameRef = expressionState.setName({}, name, field);
              const valueRef = expressionState.setValue(name, value);
              expressions.push(`${nameRef.expression} = ${valueRef}`);
            } else if (start[name] !== void 0 && end[name] !== void 0) {
              if (start[name] !== end[name]) {
                throw new e.ElectroError(
                  e.ErrorCodes.InvalidQueryParameters,
                  `Invalid attribute combination provided to between query. Between queries on composite indexes must have the same attribute for start and end values until the last sort key attribute. The provided attribute ${name} has different start and end values. This is a DynamoDB constraint.`
                );
              }
              const value = start[name];
              const field = this.model.schema.getFieldName(name);
              const nameRef = expressionState.setName({}, name, field);
              const valueRef = expressionState.setValue(name, value);
              expressions.push(`${nameRef.expression} = ${valueRef}`);
            }
          }
        } else {
          const attrs = [];
          for (const { type, name } of all) {
            const value = type === "pk" ? pkAttributes[name] : skAttributes[name];
            if (value === void 0) {
              break;
            }
            attrs.push({ type, name, value });
          }
          for (let i = 0; i < attrs.length; i++) {
            const { type, name, value } = attrs[i];
            const field = this.model.schema.getFieldName(name);
            const nameRef = expressionState.setName({}, name, field);
            const valueRef = expressionState.setValue(name, value);
            const shouldApplyEq = !(type === "sk" && i === attrs.length - 1);
            if (shouldApplyEq) {
              expressions.push(`${nameRef.expression} = ${valueRef}`);
              continue;
            }
            switch (queryType) {
              case QueryTypes.is:
              case QueryTypes.eq:
              case QueryTypes.collection:
              case QueryTypes.composite_collection:
                expressions.push(`${nameRef.expression} = ${valueRef}`);
                break;
              case QueryTypes.begins:
                expressions.push(`begins_with(${nameRef.expression}, ${valueRef})`);
                break;
              case QueryTypes.gt:
                expressions.push(`${nameRef.expression} > ${valueRef}`);
                break;
              case QueryTypes.gte:
                expressions.push(`${nameRef.expression} >= ${valueRef}`);
                break;
              case QueryTypes.lt:
                expressions.push(`${nameRef.expression} < ${valueRef}`);
                break;
              case QueryTypes.lte:
                expressions.push(`${nameRef.expression} <= ${valueRef}`);
                break;
              case QueryTypes.between: {
                const second = consolidated[consolidated.length - 1];
                const value2 = second[name];
                const valueRef2 = expressionState.setValue(name, value2);
                expressions.push(`${nameRef.expression} BETWEEN ${valueRef} AND ${valueRef2}`);
                break;
              }
              // todo: clean up here
              case QueryTypes.clustered_collection:
              default:
                throw new Error("Not supported");
            }
          }
        }
        const filter = state.query.filter[ExpressionTypes.FilterExpression];
        const customExpressions = {
          names: state.query.options.expressions && state.query.options.expressions.names || {},
          values: state.query.options.expressions && state.query.options.expressions.values || {},
          expression: state.query.options.expressions && state.query.options.expressions.expression || ""
        };
        const identifierExpression = !options.ignoreOwnership && !customExpressions.expression ? this.applyIdentifierExpressionState(expressionState) : "";
        const params = {
          IndexName: state.query.index,
          KeyConditionExpression: expressions.join(" AND "),
          TableName: this.getTableName(),
          ExpressionAttributeNames: this._mergeExpressionsAttributes(
            filter.getNames(),
            expressionState.getNames(),
            customExpressions.names
          ),
          ExpressionAttributeValues: this._mergeExpressionsAttributes(
            filter.getValues(),
            expressionState.getValues(),
            customExpressions.values
          )
        };
        let filerExpressions = [customExpressions.expression || "", filter.build(), identifierExpression].map((s) => s.trim()).filter(Boolean).join(" AND ");
        if (filerExpressions.length) {
          params.FilterExpression = filerExpressions;
        }
        return params;
      }
      _makeQueryParams(state = {}, options = {}, indexKeys) {
        switch (state.query.type) {
          case QueryTypes.is:
            return this._makeIsQueryParams(
              state.query,
              state.query.index,
              state.query.filter[ExpressionTypes.FilterExpression],
              indexKeys.pk,
              ...indexKeys.sk
            );
          case QueryTypes.begins:
            return this._makeBeginsWithQueryParams(
              state.query.options,
              state.query.index,
              state.query.filter[ExpressionTypes.FilterExpression],
              indexKeys.pk,
              ...indexKeys.sk
            );
          case QueryTypes.collection:
            return this._makeBeginsWithQueryParams(
              state.query.options,
              state.query.index,
              state.query.filter[ExpressionTypes.FilterExpression],
              indexKeys.pk,
              this._getCollectionSk(state.query.collection)
            );
          case QueryTypes.clustered_collection:
            return this._makeBeginsWithQueryParams(
              state.query.options,
              state.query.index,
              state.query.filter[ExpressionTypes.FilterExpression],
              indexKeys.pk,
              ...indexKeys.sk
            );
          case QueryTypes.between:
            return this._makeBetweenQueryParams(
              state.query.options,
              state.query.index,
              state.query.filter[ExpressionTypes.FilterExpression],
              indexKeys.pk,
              ...indexKeys.sk
            );
          case QueryTypes.gte:
          case QueryTypes.gt:
          case QueryTypes.lte:
          case QueryTypes.lt:
            return this._makeComparisonQueryParams(
              state.query.index,
              state.query.type,
              state.query.filter[ExpressionTypes.FilterExpression],
              indexKeys,
              options,
              state.query.options
            );
          default:
            throw new Error(`Invalid query type: ${state.query.type}`);
        }
      }
      /* istanbul ignore next */
      _queryParams(state = {}, options = {}) {
        const indexKeys = this._makeQueryKeys(state, options);
        let parameters;
        if (state.query.options.indexType !== IndexTypes.composite) {
          parameters = this._makeQueryParams(state, options, indexKeys);
        } else {
          parameters = this._compositeQueryParams(state, options);
        }
        const appliedParameters = this._applyParameterOptions({
          params: parameters,
          options
        });
        return this._applyProjectionExpressions({
          parameters: appliedParameters,
          config: options
        });
      }
      _makeBetweenQueryParams(queryOptions, index, filter, pk, ...sk) {
        let keyExpressions = this._queryKeyExpressionAttributeBuilder(
          index,
          pk,
          ...sk
        );
        delete keyExpressions.ExpressionAttributeNames["#sk2"];
        const customExpressions = {
          names: queryOptions.expressions && queryOptions.expressions.names || {},
          values: queryOptions.expressions && queryOptions.expressions.values || {},
          expression: queryOptions.expressions && queryOptions.expressions.expression || ""
        };
        let params = {
          TableName: this.getTableName(),
          ExpressionAttributeNames: this._mergeExpressionsAttributes(
            filter.getNames(),
            keyExpressions.ExpressionAttributeNames,
            customExpressions.names
          ),
          ExpressionAttributeValues: this._mergeExpressionsAttributes(
            filter.getValues(),
            keyExpressions.ExpressionAttributeValues,
            customExpressions.values
          ),
          KeyConditionExpression: `#pk = :pk and #sk1 BETWEEN :sk1 AND :sk2`
        };
        if (index) {
          params["IndexName"] = index;
        }
        let expressions = [customExpressions.expression, filter.build()].filter(Boolean).join(" AND ");
        if (expressions.length) {
          params.FilterExpression = expressions;
        }
        return params;
      }
      _makeInclusiveQueryParams(options, index, filter, pk, sk, type) {
        let keyExpressions = this._queryKeyExpressionAttributeBuilder(
          index,
          pk,
          sk
        );
        let KeyConditionExpression = "#pk = :pk";
        if (this.model.lookup.indexHasSortKeys[index] && (typeof keyExpressions.ExpressionAttributeValues[":sk1"] === "number" || typeof keyExpressions.ExpressionAttributeValues[":sk1"] === "string" && keyExpressions.ExpressionAttributeValues[":sk1"].length > 0)) {
          if (type === QueryTypes.is) {
            KeyConditionExpression = `${KeyConditionExpression} and #sk1 = :sk1`;
          } else {
            KeyConditionExpression = `${KeyConditionExpression} and begins_with(#sk1, :sk1)`;
          }
        } else {
          delete keyExpressions.ExpressionAttributeNames["#sk1"];
          delete keyExpressions.ExpressionAttributeValues[":sk1"];
        }
        let customExpressions = {
          names: options.expressions && options.expressions.names || {},
          values: options.expressions && options.expressions.values || {},
          expression: options.expressions && options.expressions.expression || ""
        };
        let params = {
          KeyConditionExpression,
          TableName: this.getTableName(),
          ExpressionAttributeNames: this._mergeExpressionsAttributes(
            filter.getNames(),
            keyExpressions.ExpressionAttributeNames,
            customExpressions.names
          ),
          ExpressionAttributeValues: this._mergeExpressionsAttributes(
            filter.getValues(),
            keyExpressions.ExpressionAttributeValues,
            customExpressions.values
          )
        };
        if (index) {
          params["IndexName"] = index;
        }
        let expressions = [customExpressions.expression, filter.build()].filter(Boolean).join(" AND ");
        if (expressions.length) {
          params.FilterExpression = expressions;
        }
        return params;
      }
      _makeIsQueryParams(query, index, filter, pk, sk) {
        const { options, keys } = query;
        const providedSks = keys.provided.filter((item) => item.type === KeyTypes.sk).map((item) => item.attribute);
        const skDefinition = this.model.facets.byIndex[index] && this.model.facets.byIndex[index].sk && Array.isArray(this.model.facets.byIndex[index].sk) && this.model.facets.byIndex[index].sk || [];
        const skCompositeAttributes = new Set(skDefinition);
        const skIsCompletelyFulfilled = skCompositeAttributes.size === providedSks.length && skDefinition.every((attr) => providedSks.includes(attr));
        if (skIsCompletelyFulfilled) {
          return this._makeInclusiveQueryParams(
            options,
            index,
            filter,
            pk,
            sk,
            QueryTypes.is
          );
        } else {
          return this._makeBeginsWithQueryParams(options, index, filter, pk, sk);
        }
      }
      _makeBeginsWithQueryParams(options, index, filter, pk, sk) {
        return this._makeInclusiveQueryParams(
          options,
          index,
          filter,
          pk,
          sk,
          QueryTypes.begins
        );
      }
      _mergeExpressionsAttributes(...expressionAttributes) {
        let merged = {};
        for (let obj of expressionAttributes) {
          if (obj) {
            merged = { ...merged, ...obj };
          }
        }
        return merged;
      }
      _getComparisonOperator(comparison, skType, comparisonType) {
        if (skType === "number") {
          return Comparisons[comparison];
        } else if (comparisonType === ComparisonTypes.v2) {
          return KeyAttributesComparisons[comparison];
        } else {
          return Comparisons[comparison];
        }
      }
      /* istanbul ignore next */
      _makeComparisonQueryParams(index = TableIndex, comparison = "", filter = {}, indexKeys = {}, options = {}, queryOptions = {}) {
        const { pk } = indexKeys;
        const sk = indexKeys.sk[0];
        let operator = this._getComparisonOperator(
          comparison,
          typeof sk,
          options.compare
        );
        if (!operator) {
          throw new Error(
            `Unexpected comparison operator "${comparison}", expected ${u.commaSeparatedString(
              Object.keys(KeyAttributesComparisons)
            )}`
          );
        }
        let customExpressions = {
          names: queryOptions.expressions && queryOptions.expressions.names || {},
          values: queryOptions.expressions && queryOptions.expressions.values || {},
          expression: queryOptions.expressions && queryOptions.expressions.expression || ""
        };
        let keyExpressions = this._queryKeyExpressionAttributeBuilder(
          index,
          pk,
          sk
        );
        let params = {
          TableName: this.getTableName(),
          ExpressionAttributeNames: this._mergeExpressionsAttributes(
            filter.getNames(),
            keyExpressions.ExpressionAttributeNames,
            customExpressions.names
          ),
          ExpressionAttributeValues: this._mergeExpressionsAttributes(
            filter.getValues(),
            keyExpressions.ExpressionAttributeValues,
            customExpressions.values
          ),
          KeyConditionExpression: `#pk = :pk and #sk1 ${operator} :sk1`
        };
        if (index) {
          params["IndexName"] = index;
        }
        let expressions = [customExpressions.expression, filter.build()].filter(Boolean).join(" AND ");
        if (expressions.length) {
          params.FilterExpression = expressions;
        }
        return params;
      }
      _expectIndexFacets(attributes2, facets, { utilizeIncludedOnlyIndexes, skipConditionCheck } = {}) {
        let [isIncomplete, { incomplete, complete }] = this._getIndexImpact(
          attributes2,
          facets,
          { utilizeIncludedOnlyIndexes, skipConditionCheck }
        );
        if (isIncomplete) {
          let incompleteAccessPatterns = incomplete.map(
            ({ index }) => this.model.translations.indexes.fromIndexToAccessPattern[index]
          );
          let missingFacets = incomplete.reduce(
            (result, { missing }) => [...result, ...missing],
            []
          );
          throw new e.ElectroError(
            e.ErrorCodes.IncompleteCompositeAttributes,
            `Incomplete composite attributes: Without the composite attributes ${u.commaSeparatedString(
              missingFacets
            )} the following access patterns cannot be updated: ${u.commaSeparatedString(
              incompleteAccessPatterns.filter((val2) => val2 !== void 0)
            )}. If a composite attribute is readOnly and cannot be set, use the 'composite' chain method on update to supply the value for key formatting purposes.`
          );
        }
        return complete;
      }
      _makeKeysFromAttributes(indexes, attributes2, conditions) {
        let indexKeys = {};
        for (let [index, keyTypes] of Object.entries(indexes)) {
          if (this.model.lookup.compositeIndexes.has(index)) {
            continue;
          }
          const shouldMakeKeys = !this._indexConditionIsDefined(index) || conditions[index];
          if (!shouldMakeKeys && index !== TableIndex) {
            continue;
          }
          let keys = this._makeIndexKeys({
            index,
            pkAttributes: attributes2,
            skAttributes: [attributes2]
          });
          if (keyTypes.pk || keyTypes.sk) {
            indexKeys[index] = {};
          }
          if (keyTypes.pk && keys.pk) {
            indexKeys[index].pk = keys.pk;
          }
          if (keyTypes.sk && keys.sk) {
            indexKeys[index].sk = keys.sk;
          } else {
            indexKeys[index].sk = [];
          }
        }
        return indexKeys;
      }
      _makePutKeysFromAttributes(indexes, attributes2) {
        let indexKeys = {};
        for (let index of indexes) {
          const shouldMakeKeys = this.model.indexes[this.model.translations.indexes.fromIndexToAccessPattern[index]].condition(attributes2);
          if (!shouldMakeKeys) {
            continue;
          }
          indexKeys[index] = this._makeIndexKeys({
            index,
            pkAttributes: attributes2,
            skAttributes: [attributes2]
          });
        }
        return indexKeys;
      }
      _getPutKeys(pk, sk, set, validationAssistance) {
        let setAttributes = set;
        let updateIndex = TableIndex;
        let keyTranslations = this.model.translations.keys;
        let keyAttributes = { ...sk, ...pk };
        let completeFacets = this._expectIndexFacets(
          { ...setAttributes, ...validationAssistance },
          { ...keyAttributes },
          { set }
        );
        let deletedKeys = [];
        for (const [indexName, condition] of Object.entries(
          completeFacets.conditions
        )) {
          if (!condition) {
            deletedKeys.push(this.model.translations.keys[indexName][KeyTypes.pk]);
            if (this.model.translations.keys[indexName][KeyTypes.sk]) {
              deletedKeys.push(
                this.model.translations.keys[indexName][KeyTypes.sk]
              );
            }
          }
        }
        if (!completeFacets.indexes.includes(updateIndex)) {
          completeFacets.indexes.push(updateIndex);
        }
        let composedKeys = this._makePutKeysFromAttributes(completeFacets.indexes, {
          ...keyAttributes,
          ...setAttributes
        });
        let updatedKeys = {};
        let indexKey = {};
        for (let [index, keys] of Object.entries(composedKeys)) {
          let { pk: pk2, sk: sk2 } = keyTranslations[index];
          if (index === updateIndex) {
            indexKey[pk2] = keys.pk;
            if (sk2) {
              indexKey[sk2] = keys.sk[0];
            }
          }
          if (keys.pk !== void 0 && keys.pk !== "") {
            updatedKeys[pk2] = keys.pk;
          }
          if (sk2 && keys.sk[0] !== void 0 && keys.sk[0] !== "") {
            updatedKeys[sk2] = keys.sk[0];
          }
        }
        return { indexKey, updatedKeys, setAttributes, deletedKeys };
      }
      _getUpdatedKeys(pk, sk, set, removed, composite = {}) {
        let updateIndex = TableIndex;
        let keyTranslations = this.model.translations.keys;
        let keyAttributes = { ...sk, ...pk };
        let completeFacets = this._expectIndexFacets(
          { ...set },
          { ...composite, ...keyAttributes },
          { utilizeIncludedOnlyIndexes: true }
        );
        const removedKeyImpact = this._expectIndexFacets(
          { ...removed },
          { ...keyAttributes },
          { skipConditionCheck: true }
        );
        if (completeFacets.impactedIndexTypes[updateIndex] === void 0) {
          completeFacets.impactedIndexTypes[updateIndex] = {
            pk: "pk",
            sk: "sk"
          };
        }
        let composedKeys = this._makeKeysFromAttributes(
          completeFacets.impactedIndexTypes,
          { ...composite, ...set, ...keyAttributes },
          completeFacets.conditions
        );
        let updatedKeys = {};
        let deletedKeys = [];
        let indexKey = {};
        for (const [indexName, condition] of Object.entries(
          completeFacets.conditions
        )) {
          if (!condition) {
            deletedKeys.push(this.model.translations.keys[indexName][KeyTypes.pk]);
            if (this.model.translations.keys[indexName][KeyTypes.sk]) {
              deletedKeys.push(
                this.model.translations.keys[indexName][KeyTypes.sk]
              );
            }
          }
        }
        for (const keys of Object.values(removedKeyImpact.impactedIndexTypes)) {
          deletedKeys = deletedKeys.concat(Object.values(keys));
        }
        for (let [index, keys] of Object.entries(composedKeys)) {
          let { pk: pk2, sk: sk2 } = keyTranslations[index];
          if (index === updateIndex) {
            indexKey[pk2] = keys.pk;
            if (sk2) {
              indexKey[sk2] = keys.sk[0];
            }
          } else {
            let noImpactSk = Array.isArray(keys.sk) && keys.sk.length === 0;
            let indexHasSk = this.model.lookup.indexHasSortKeys[index];
            let noAttributeSk = indexHasSk && this.model.facets.byIndex[index].sk.length === 0;
            let hasPrefix = indexHasSk && this.model.prefixes[index].sk.prefix !== void 0;
            let hasPostfix = indexHasSk && this.model.prefixes[index].sk.prefix !== void 0;
            if (noImpactSk && noAttributeSk) {
              let key2 = hasPrefix ? this.model.prefixes[index].sk.prefix : "";
              if (hasPostfix) {
                key2 = `${key2}${this.model.prefixes[index].sk.postfix}`;
              }
              if (key2) {
                keys.sk.push(key2);
              }
            }
          }
          if (keys.pk) {
            updatedKeys[pk2] = keys.pk;
          }
          if (sk2 && keys.sk[0]) {
            updatedKeys[sk2] = keys.sk[0];
          }
        }
        return { indexKey, updatedKeys, deletedKeys };
      }
      _indexConditionIsDefined(index) {
        const definition = this.model.indexes[this.model.translations.indexes.fromIndexToAccessPattern[index]];
        return definition && definition.conditionDefined;
      }
      /* istanbul ignore next */
      _getIndexImpact(attributes2 = {}, included = {}, { utilizeIncludedOnlyIndexes, skipConditionCheck } = {}) {
        let includedFacets = Object.keys(included);
        let impactedIndexes = {};
        let conditions = {};
        let impactedIndexTypes = {};
        let impactedIndexTypeSources = {};
        let completedIndexes = [];
        let facets = {};
        for (let [attribute, indexes] of Object.entries(this.model.facets.byAttr)) {
          if (attributes2[attribute] !== void 0) {
            facets[attribute] = attributes2[attribute];
            indexes.forEach((definition) => {
              if (definition.type === IndexTypes.composite) {
                return;
              }
              const { index, type } = definition;
              impactedIndexes[index] = impactedIndexes[index] || {};
              impactedIndexes[index][type] = impactedIndexes[index][type] || [];
              impactedIndexes[index][type].push(attribute);
              impactedIndexTypes[index] = impactedIndexTypes[index] || {};
              impactedIndexTypes[index][type] = this.model.translations.keys[index][type];
              impactedIndexTypeSources[index] = impactedIndexTypeSources[index] || {};
              impactedIndexTypeSources[index][type] = ImpactedIndexTypeSource.provided;
            });
          }
        }
        if (utilizeIncludedOnlyIndexes) {
          for (const [index, { pk, sk, type }] of Object.entries(
            this.model.facets.byIndex
          )) {
            if (type === IndexTypes.composite) {
              continue;
            }
            if (index === TableIndex || !this._indexConditionIsDefined(index)) {
              continue;
            }
            if (pk && pk.length && pk.every((attr) => included[attr] !== void 0)) {
              pk.forEach((attr) => {
                facets[attr] = included[attr];
              });
              impactedIndexes[index] = impactedIndexes[index] || {};
              impactedIndexes[index][KeyTypes.pk] = [...pk];
              impactedIndexTypes[index] = impactedIndexTypes[index] || {};
              impactedIndexTypes[index][KeyTypes.pk] = this.model.translations.keys[index][KeyTypes.pk];
              impactedIndexTypeSources[index] = impactedIndexTypeSources[index] || {};
              impactedIndexTypeSources[index][KeyTypes.pk] = impactedIndexTypeSources[index][KeyTypes.pk] || ImpactedIndexTypeSource.composite;
            }
            if (sk && sk.length && sk.every((attr) => included[attr] !== void 0)) {
              if (this.model.translations.keys[index][KeyTypes.sk]) {
                sk.forEach((attr) => {
                  facets[attr] = included[attr];
                });
                impactedIndexes[index] = impactedIndexes[index] || {};
                impactedIndexes[index][KeyTypes.sk] = [...sk];
                impactedIndexTypes[index] = impactedIndexTypes[index] || {};
                impactedIndexTypes[index][KeyTypes.sk] = this.model.translations.keys[index][KeyTypes.sk];
                impactedIndexTypeSources[index] = impactedIndexTypeSources[index] || {};
                impactedIndexTypeSources[index][KeyTypes.sk] = impactedIndexTypeSources[index][KeyTypes.sk] || ImpactedIndexTypeSource.composite;
              }
            }
          }
        }
        let indexesWithMissingComposites = [];
        for (const [index, definition] of Object.entries(this.model.facets.byIndex)) {
          const { pk, sk, type } = definition;
          if (type === IndexTypes.composite) {
            continue;
          }
          let impacted = impactedIndexes[index];
          let impact = {
            index,
            definition,
            missing: []
          };
          if (impacted) {
            let missingPk = impacted[KeyTypes.pk] && impacted[KeyTypes.pk].length !== pk.length;
            let missingSk = impacted[KeyTypes.sk] && impacted[KeyTypes.sk].length !== sk.length;
            if (missingPk) {
              impact.missing = [
                ...impact.missing,
                ...pk.filter((attr) => {
                  return !impacted[KeyTypes.pk].includes(attr) && !includedFacets.includes(attr);
                })
              ];
            }
            if (missingSk) {
              impact.missing = [
                ...impact.missing,
                ...sk.filter(
                  (attr) => !impacted[KeyTypes.sk].includes(attr) && !includedFacets.includes(attr)
                )
              ];
            }
            if (!missingPk && !missingSk) {
              completedIndexes.push(index);
            }
          }
          indexesWithMissingComposites.push(impact);
        }
        let incomplete = [];
        for (const { index, missing, definition } of indexesWithMissingComposites) {
          const indexConditionIsDefined = this._indexConditionIsDefined(index);
          if (skipConditionCheck || index === TableIndex || !indexConditionIsDefined) {
            incomplete.push({ index, missing });
            conditions[index] = true;
            continue;
          }
          const memberAttributeIsImpacted = impactedIndexTypeSources[index] && (impactedIndexTypeSources[index][KeyTypes.pk] === ImpactedIndexTypeSource.provided || impactedIndexTypeSources[index][KeyTypes.sk] === ImpactedIndexTypeSource.provided);
          const allMemberAttributesAreIncluded = definition.all.every(
            ({ name }) => included[name] !== void 0
          );
          if (memberAttributeIsImpacted || allMemberAttributesAreIncluded) {
            const missingAttributes = definition.all.filter(
              ({ name }) => attributes2[name] === void 0 && included[name] === void 0 || missing.includes(name)
            ).map(({ name }) => name);
            if (missingAttributes.length) {
              throw new e.ElectroError(
                e.ErrorCodes.IncompleteIndexCompositesAttributesProvided,
                `Incomplete composite attributes provided for index ${index}. Write operations that include composite attributes, for indexes with a condition callback defined, must always provide values for every index composite. This is to ensure consistency between index values and attribute values. Missing composite attributes identified: ${u.commaSeparatedString(
                  missingAttributes
                )}`
              );
            }
            const accessPattern = this.model.translations.indexes.fromIndexToAccessPattern[index];
            let shouldMakeKeys = !!this.model.indexes[accessPattern].condition({
              ...attributes2,
              ...included
            });
            conditions[index] = shouldMakeKeys;
            if (!shouldMakeKeys) {
              continue;
            }
          } else {
            incomplete.push({ index, missing });
          }
        }
        incomplete = incomplete.filter(({ missing }) => missing.length);
        let isIncomplete = !!incomplete.length;
        let complete = {
          facets,
          indexes: completedIndexes,
          impactedIndexTypes,
          conditions
        };
        return [isIncomplete, { incomplete, complete }];
      }
      _consolidateQueryFacets(queryFacets) {
        let sk1 = {};
        let sk2 = {};
        for (let { type, facets } of queryFacets) {
          if (type === QueryTypes.between) {
            sk1 = { ...sk1, ...facets };
          } else if (type === QueryTypes.and) {
            sk2 = { ...sk2, ...facets };
          } else {
            sk1 = { ...sk1, ...facets };
            sk2 = { ...sk2, ...facets };
          }
        }
        return [sk1, sk2];
      }
      _buildQueryFacets(facets, skFacets) {
        let queryFacets = this._findProperties(facets, skFacets).reduce(
          (result, [name, value]) => {
            if (value !== void 0) {
              result[name] = value;
            }
            return result;
          },
          {}
        );
        return { ...queryFacets };
      }
      /* istanbul ignore next */
      _expectFacets(obj = {}, properties = [], type = "key composite attributes") {
        let [incompletePk, missing, matching] = this._expectProperties(
          obj,
          properties
        );
        if (incompletePk) {
          throw new e.ElectroError(
            e.ErrorCodes.IncompleteCompositeAttributes,
            `Incomplete or invalid ${type} supplied. Missing properties: ${u.commaSeparatedString(
              missing
            )}`
          );
        } else {
          return matching;
        }
      }
      _findFacets(obj, properties) {
        return Object.fromEntries(this._findProperties(obj, properties));
      }
      _findProperties(obj, properties = []) {
        return properties.map((name) => [name, obj[name]]);
      }
      _expectProperties(obj, properties) {
        let missing = [];
        let matching = {};
        this._findProperties(obj, properties).forEach(([name, value]) => {
          if (value === void 0) {
            missing.push(name);
          } else {
            matching[name] = value;
          }
        });
        return [!!missing.length, missing, matching];
      }
      _makeKeyFixings({
        service: service2,
        entity,
        version: version2 = "1",
        tableIndex,
        modelVersion,
        isClustered,
        schema,
        prefixes = {}
      }) {
        let keys = {
          pk: {
            prefix: "",
            field: tableIndex.pk.field,
            casing: tableIndex.pk.casing,
            isCustom: tableIndex.customFacets.pk,
            cast: tableIndex.pk.cast
          },
          sk: {
            prefix: "",
            casing: tableIndex.sk.casing,
            isCustom: tableIndex.customFacets.sk,
            field: tableIndex.sk ? tableIndex.sk.field : void 0,
            cast: tableIndex.sk ? tableIndex.sk.cast : void 0
          }
        };
        let previouslyDefinedPk = null;
        let previouslyDefinedSk = null;
        for (const [indexName, definition] of Object.entries(prefixes)) {
          if (definition.pk.field === tableIndex.pk.field) {
            previouslyDefinedPk = { indexName, definition: definition.pk };
          } else if (definition.sk && definition.sk.field === tableIndex.pk.field) {
            previouslyDefinedPk = { indexName, definition: definition.sk };
          }
          if (tableIndex.sk) {
            if (definition.pk.field === tableIndex.sk.field) {
              previouslyDefinedSk = { indexName, definition: definition.pk };
            } else if (definition.sk && definition.sk.field === tableIndex.sk.field) {
              previouslyDefinedSk = { indexName, definition: definition.sk };
            }
          }
          if (previouslyDefinedPk && (previouslyDefinedSk || !tableIndex.sk)) {
            break;
          }
        }
        let pk = `$${service2}`;
        let sk = "";
        let entityKeys = "";
        let postfix = "";
        let collectionPrefix = this._makeCollectionPrefix(tableIndex.collection);
        if (validations.isStringHasLength(collectionPrefix)) {
          sk = `${collectionPrefix}`;
          entityKeys += `#${entity}`;
        } else {
          entityKeys += `$${entity}`;
        }
        if (modelVersion === ModelVersions.beta) {
          pk = `${pk}_${version2}`;
        } else {
          entityKeys = `${entityKeys}_${version2}`;
        }
        if (isClustered) {
          postfix = entityKeys;
        } else {
          sk = `${sk}${entityKeys}`;
        }
        if (Object.keys(tableIndex.sk).length === 0) {
          pk += sk;
          if (isClustered) {
            pk += postfix;
          }
        }
        if (!keys.pk.isCustom) {
          if (tableIndex.scope) {
            pk = `${pk}_${tableIndex.scope}`;
          }
          keys.pk.prefix = u.formatKeyCasing(pk, tableIndex.pk.casing);
        }
        if (!keys.sk.isCustom) {
          keys.sk.prefix = u.formatKeyCasing(sk, tableIndex.sk.casing);
          keys.sk.postfix = u.formatKeyCasing(postfix, tableIndex.sk.casing);
        }
        const castKeys = tableIndex.hasSk ? [tableIndex.pk, tableIndex.sk] : [tableIndex.pk];
        for (const castKey of castKeys) {
          if (castKey.cast === CastKeyOptions.string) {
            keys[castKey.type].cast = CastKeyOptions.string;
          } else if (
            // custom keys with only one facet and no labels are numeric by default
            castKey.cast === void 0 && castKey.isCustom && castKey.facets.length === 1 && castKey.facetLabels.every(({ label }) => !label) && schema.attributes[castKey.facets[0]] && schema.attributes[castKey.facets[0]].type === "number"
          ) {
            keys[castKey.type].cast = CastKeyOptions.number;
          } else if (castKey.cast === CastKeyOptions.number && castKey.facets.length === 1 && schema.attributes[castKey.facets[0]] && ["number", "string", "boolean"].includes(
            schema.attributes[castKey.facets[0]].type
          )) {
            keys[castKey.type].cast = CastKeyOptions.number;
          } else if (castKey.cast === CastKeyOptions.number && castKey.facets.length > 1) {
            throw new e.ElectroError(
              e.ErrorCodes.InvalidModel,
              `Invalid "cast" option provided for ${castKey.type} definition on index "${u.formatIndexNameForDisplay(
                tableIndex.index
              )}". Keys can only be cast to 'number' if they are a composite of one numeric attribute.`
            );
          } else {
            keys[castKey.type].cast = CastKeyOptions.string;
          }
        }
        if (previouslyDefinedPk) {
          const casingMatch = u.toKeyCasingOption(keys.pk.casing) === u.toKeyCasingOption(previouslyDefinedPk.definition.casing);
          if (!casingMatch) {
            throw new e.ElectroError(
              e.ErrorCodes.IncompatibleKeyCasing,
              `Partition Key (pk) on Access Pattern '${u.formatIndexNameForDisplay(
                tableIndex.index
              )}' is defined with the casing ${keys.pk.casing}, but the Access Pattern '${u.formatIndexNameForDisplay(
                previouslyDefinedPk.definition.accessPattern
              )}' defines the same index field with the ${previouslyDefinedPk.definition.casing === DefaultKeyCasing ? "(default)" : ""} casing ${previouslyDefinedPk.definition.casing}. Key fields must have the same casing definitions across all indexes they are involved with.`
            );
          }
          keys.pk = previouslyDefinedPk.definition;
        }
        if (previouslyDefinedSk) {
          const casingMatch = u.toKeyCasingOption(keys.sk.casing) === u.toKeyCasingOption(previouslyDefinedSk.definition.casing);
          if (!casingMatch) {
            throw new e.ElectroError(
              e.ErrorCodes.IncompatibleKeyCasing,
              `Sort Key (sk) on Access Pattern '${u.formatIndexNameForDisplay(
                tableIndex.index
              )}' is defined with the casing ${keys.sk.casing}, but the Access Pattern '${u.formatIndexNameForDisplay(
                previouslyDefinedSk.definition.accessPattern
              )}' defines the same index field with the ${previouslyDefinedSk.definition.casing === DefaultKeyCasing ? "(default)" : ""} casing ${previouslyDefinedSk.definition.casing}. Key fields must have the same casing definitions across all indexes they are involved with.`
            );
          }
          keys.sk = previouslyDefinedSk.definition;
        }
        return keys;
      }
      _formatKeyCasing(accessPattern, key2) {
        const casing = this.model.indexes[accessPattern] !== void 0 ? this.model.indexes[accessPattern].sk.casing : void 0;
        return u.formatKeyCasing(key2, casing);
      }
      _validateIndex(index) {
        if (!this.model.facets.byIndex[index]) {
          throw new Error(`Invalid index: ${index}`);
        }
      }
      _getCollectionSk(collection = "") {
        const subCollections = this.model.subCollections[collection];
        const index = this.model.translations.collections.fromCollectionToIndex[collection];
        const accessPattern = this.model.translations.indexes.fromIndexToAccessPattern[index];
        const prefixes = this.model.prefixes[index];
        const prefix = this._makeCollectionPrefix(subCollections);
        if (prefixes.sk && prefixes.sk.isCustom) {
          return "";
        }
        return this._formatKeyCasing(accessPattern, prefix);
      }
      _makeCollectionPrefix(collection = []) {
        let prefix = "";
        if (validations.isArrayHasLength(collection)) {
          for (let i = 0; i < collection.length; i++) {
            let subCollection = collection[i];
            if (i === 0) {
              prefix += `$${subCollection}`;
            } else {
              prefix += `#${subCollection}`;
            }
          }
        } else if (validations.isStringHasLength(collection)) {
          prefix = `$${collection}`;
        }
        return prefix;
      }
      _makeKeyTransforms(queryType, options = {}) {
        const transforms = [];
        const shiftUp = (val2) => u.shiftSortOrder(val2, 1);
        const noop = (val2) => val2;
        if (options.compare !== ComparisonTypes.v2) {
          transforms.push(noop);
        } else if (queryType === QueryTypes.between) {
          transforms.push(noop, shiftUp);
        } else if (queryType === QueryTypes.lte || queryType === QueryTypes.gt) {
          transforms.push(shiftUp);
        } else {
          transforms.push(noop);
        }
        return transforms;
      }
      /* istanbul ignore next */
      _makeIndexKeysWithoutTail(state = {}, skFacets = [], options) {
        const index = state.query.index || TableIndex;
        this._validateIndex(index);
        const pkFacets = state.query.keys.pk || {};
        const excludePostfix = state.query.options.indexType === IndexTypes.clustered && state.query.options._isCollectionQuery;
        const transforms = this._makeKeyTransforms(state.query.type, options);
        if (!skFacets.length) {
          skFacets.push({});
        }
        let facets = this.model.facets.byIndex[index];
        let prefixes = this.model.prefixes[index];
        if (!prefixes) {
          throw new Error(`Invalid index: ${index}`);
        }
        let partitionKey = this._makeKey(
          prefixes.pk,
          facets.pk,
          pkFacets,
          this.model.facets.labels[index].pk
        );
        let pk = partitionKey.key;
        let sk = [];
        let fulfilled = false;
        if (this.model.lookup.indexHasSortKeys[index]) {
          for (let i = 0; i < skFacets.length; i++) {
            const skFacet = skFacets[i];
            const transform2 = transforms[i];
            let hasLabels = this.model.facets.labels[index] && Array.isArray(this.model.facets.labels[index].sk);
            let labels = hasLabels ? this.model.facets.labels[index].sk : [];
            let sortKey = this._makeKey(prefixes.sk, facets.sk, skFacet, labels, {
              excludeLabelTail: true,
              excludePostfix,
              transform: transform2
            });
            if (sortKey.key !== void 0) {
              sk.push(sortKey.key);
            }
            if (sortKey.fulfilled) {
              fulfilled = true;
            }
          }
        }
        return {
          pk,
          sk,
          fulfilled
        };
      }
      /* istanbul ignore next */
      _makeIndexKeys({
        index = TableIndex,
        pkAttributes = {},
        skAttributes = [],
        queryType,
        indexType,
        isCollection = false
      }) {
        this._validateIndex(index);
        const excludePostfix = indexType === IndexTypes.clustered && isCollection;
        const transforms = this._makeKeyTransforms(queryType);
        if (!skAttributes.length) {
          skAttributes.push({});
        }
        let facets = this.model.facets.byIndex[index];
        let prefixes = this.model.prefixes[index];
        if (!prefixes) {
          throw new Error(`Invalid index: ${index}`);
        }
        let pk = this._makeKey(
          prefixes.pk,
          facets.pk,
          pkAttributes,
          this.model.facets.labels[index].pk
        );
        let sk = [];
        let fulfilled = false;
        if (this.model.lookup.indexHasSortKeys[index]) {
          for (let i = 0; i < skAttributes.length; i++) {
            const skFacet = skAttributes[i];
            const transform2 = transforms[i];
            let hasLabels = this.model.facets.labels[index] && Array.isArray(this.model.facets.labels[index].sk);
            let labels = hasLabels ? this.model.facets.labels[index].sk : [];
            let sortKey = this._makeKey(prefixes.sk, facets.sk, skFacet, labels, {
              excludePostfix,
              transform: transform2
            });
            if (sortKey.key !== void 0) {
              sk.push(sortKey.key);
            }
            if (sortKey.fulfilled) {
              fulfilled = true;
            }
          }
        }
        return {
          pk: pk.key,
          sk,
          fulfilled
        };
      }
      _formatNumericCastKey(attributeName, key2) {
        const fulfilled = key2 !== void 0;
        if (!fulfilled) {
          return {
            fulfilled,
            key: key2
          };
        }
        if (typeof key2 === "number") {
          return {
            fulfilled,
            key: key2
          };
        }
        if (typeof key2 === "string") {
          const parsed = parseInt(key2);
          if (!isNaN(parsed)) {
            return {
              fulfilled,
              key: parsed
            };
          }
        }
        if (typeof key2 === "boolean") {
          return {
            fulfilled,
            key: key2 === true ? 1 : 0
          };
        }
        throw new e.ElectroAttributeValidationError(
          attributeName,
          `Invalid key value provided, could not cast composite attribute ${attributeName} to number for index`
        );
      }
      /* istanbul ignore next */
      _makeKey({ prefix, isCustom, casing, postfix, cast } = {}, facets = [], supplied = {}, labels = [], { excludeLabelTail, excludePostfix, transform: transform2 = (val2) => val2 } = {}) {
        if (cast === CastKeyOptions.number) {
          return this._formatNumericCastKey(facets[0], supplied[facets[0]]);
        }
        let key2 = prefix;
        let foundCount = 0;
        for (let i = 0; i < labels.length; i++) {
          const { name, label } = labels[i];
          const attribute = this.model.schema.getAttribute(name);
          let value = supplied[name];
          if (value === void 0 && excludeLabelTail) {
            break;
          }
          if (attribute && validations.isFunction(attribute.format)) {
            value = attribute.format(`${value}`);
          }
          if (isCustom) {
            key2 = `${key2}${label}`;
          } else {
            key2 = `${key2}#${label}_`;
          }
          if (supplied[name] === void 0) {
            break;
          }
          foundCount++;
          key2 = `${key2}${value}`;
        }
        const fulfilled = foundCount === labels.length;
        const shouldApplyPostfix = typeof postfix === "string" && !excludePostfix;
        if (fulfilled && shouldApplyPostfix) {
          key2 += postfix;
        }
        const transformedKey = transform2(u.formatKeyCasing(key2, casing));
        return {
          fulfilled,
          key: transformedKey
        };
      }
      _findBestIndexKeyMatch(attributes2 = {}) {
        let facets = this.model.facets.bySlot;
        let matches = [];
        for (let f = 0; f < facets.length; f++) {
          const slots = facets[f] || [];
          for (let s = 0; s < slots.length; s++) {
            const accessPatternSlot = slots[s];
            matches[s] = matches[s] || {
              index: accessPatternSlot.index,
              allKeys: false,
              hasSk: false,
              count: 0,
              done: false,
              keys: []
            };
            const indexOutOfContention = matches[s].done;
            const lacksAttributeAtSlot = !accessPatternSlot;
            const attributeNotProvided = accessPatternSlot && attributes2[accessPatternSlot.name] === void 0;
            const nextAttributeIsSortKey = accessPatternSlot && accessPatternSlot.next && facets[f + 1][s].type === "sk";
            const hasAllKeys = accessPatternSlot && !accessPatternSlot.next;
            if (indexOutOfContention || lacksAttributeAtSlot || attributeNotProvided) {
              matches[s].done = true;
              continue;
            }
            if (nextAttributeIsSortKey) {
              matches[s].hasSk = true;
            } else if (hasAllKeys) {
              matches[s].allKeys = true;
            }
            matches[s].count++;
            matches[s].keys.push({
              name: accessPatternSlot.name,
              type: accessPatternSlot.type
            });
          }
        }
        let max = 0;
        matches = matches.filter((match2) => match2.hasSk || match2.allKeys).map((match2) => {
          max = Math.max(max, match2.count);
          return match2;
        });
        const matched = [];
        for (let m = 0; m < matches.length; m++) {
          const match2 = matches[m];
          const primaryIndexIsFinished = match2.index === "" && match2.allKeys;
          const primaryIndexIsMostMatched = match2.index === "" && match2.count === max;
          const indexRequirementsFulfilled = match2.allKeys;
          const hasTheMostAttributeMatches = match2.count === max;
          if (primaryIndexIsFinished) {
            matched[0] = match2;
          } else if (primaryIndexIsMostMatched) {
            matched[1] = match2;
          } else if (indexRequirementsFulfilled) {
            matched[2] = match2;
          } else if (hasTheMostAttributeMatches) {
            matched[3] = match2;
          }
        }
        const match = matched.find((value) => !!value);
        let keys = [];
        let index = "";
        let shouldScan = true;
        if (match) {
          keys = match.keys;
          index = match.index;
          shouldScan = false;
        }
        return { keys, index, shouldScan };
      }
      /* istanbul ignore next */
      _parseComposedKey(key2 = TableIndex) {
        let attributes2 = {};
        let names = key2.match(/:[A-Z1-9]+/gi);
        if (!names) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidKeyCompositeAttributeTemplate,
            `Invalid key composite attribute template. No composite attributes provided, expected at least one composite attribute with the format ":attributeName". Received: ${key2}`
          );
        }
        let labels = key2.split(/:[A-Z1-9]+/gi);
        for (let i = 0; i < names.length; i++) {
          let name = names[i].replace(":", "");
          let label = labels[i];
          if (name !== "") {
            attributes2[name] = attributes2[name] || [];
            attributes2[name].push(label);
          }
        }
        return attributes2;
      }
      _parseTemplateKey(template = "") {
        let attributes2 = [];
        let current = {
          label: "",
          name: ""
        };
        let type = "label";
        for (let i = 0; i < template.length; i++) {
          let char = template[i];
          let last = template[i - 1];
          let next = template[i + 1];
          if (char === "{" && last === "$" && type === "label") {
            type = "name";
          } else if (char === "}" && type === "name") {
            if (current.name.match(/^\s*$/)) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidKeyCompositeAttributeTemplate,
                `Invalid key composite attribute template. Empty expression "\${${current.name}}" provided. Expected attribute name.`
              );
            }
            attributes2.push({ name: current.name, label: current.label });
            current.name = "";
            current.label = "";
            type = "label";
          } else if (char === "$" && next === "{" && type === "label") {
            continue;
          } else {
            current[type] += char;
          }
        }
        if (current.name.length > 0 || current.label.length > 0) {
          attributes2.push({ name: current.name, label: current.label });
        }
        return attributes2;
      }
      _parseFacets(facets) {
        let isCustom = !Array.isArray(facets) && typeof facets === "string";
        if (isCustom && facets.length > 0) {
          let labels = this._parseComposedKey(facets);
          return {
            isCustom,
            labels: [],
            attributes: Object.keys(attributes)
          };
        } else if (isCustom && facets.length === 0) {
          return {
            isCustom: false,
            labels: [],
            attributes: []
          };
        } else {
          return {
            isCustom,
            labels: [],
            attributes: Object.keys(facets)
          };
        }
      }
      _parseTemplateAttributes(composite = []) {
        let isCustom = !Array.isArray(composite) && typeof composite === "string";
        if (isCustom && composite.length > 0) {
          let labels = this._parseTemplateKey(composite);
          return {
            isCustom,
            labels,
            attributes: labels.map(({ name }) => name).filter((name) => !!name)
          };
        } else if (isCustom && composite.length === 0) {
          return {
            isCustom: false,
            labels: [],
            attributes: []
          };
        } else {
          return {
            isCustom,
            labels: composite.map((name) => ({ name })),
            attributes: composite
          };
        }
      }
      _compositeTemplateAreCompatible(parsedAttributes, composite) {
        if (!Array.isArray(composite) || !parsedAttributes || !parsedAttributes.isCustom) {
          return true;
        }
        return validations.stringArrayMatch(composite, parsedAttributes.attributes);
      }
      _optimizeIndexKey(keyDefinition) {
        const hasTemplate = typeof keyDefinition.template === "string";
        const hasSingleItemComposite = Array.isArray(keyDefinition.facets) && keyDefinition.facets.length === 1 && keyDefinition.facets[0] === keyDefinition.field;
        if (!hasTemplate && hasSingleItemComposite) {
          keyDefinition.facets = "${" + keyDefinition.field + "}";
        }
        return keyDefinition;
      }
      _optimizeMatchingKeyAttributes(model = {}) {
        const attributeFields = [];
        for (const name of Object.keys(model.attributes)) {
          const { field } = model.attributes[name];
          attributeFields.push(field || name);
        }
        for (const accessPattern of Object.keys(model.indexes)) {
          let { pk, sk } = model.indexes[accessPattern];
          if (attributeFields.includes(pk.field)) {
            model.indexes[accessPattern].pk = this._optimizeIndexKey(pk);
          }
          if (sk && attributeFields.includes(sk.field)) {
            model.indexes[accessPattern].sk = this._optimizeIndexKey(sk);
          }
        }
        return model;
      }
      _normalizeIndexes(indexes, config2) {
        let normalized = {};
        let indexFieldTranslation = {};
        let indexHasSortKeys = {};
        let indexHasSubCollections = {};
        let clusteredIndexes = /* @__PURE__ */ new Set();
        let compositeIndexes = /* @__PURE__ */ new Set();
        let indexAccessPatternTransaction = {
          fromAccessPatternToIndex: {},
          fromIndexToAccessPattern: {}
        };
        let collectionIndexTranslation = {
          fromCollectionToIndex: {},
          fromIndexToCollection: {}
        };
        let subCollections = {};
        let collections = {};
        let facets = {
          byIndex: {},
          byField: {},
          byFacet: {},
          byAttr: {},
          byType: {},
          bySlot: [],
          fields: [],
          attributes: [],
          labels: {},
          projections: []
        };
        let seenIndexes = {};
        let seenIndexFields = {};
        let accessPatterns = Object.keys(indexes);
        for (let i in accessPatterns) {
          let accessPattern = accessPatterns[i];
          let index = indexes[accessPattern];
          let indexName = index.index || TableIndex;
          let indexType = typeof index.type === "string" ? index.type : IndexTypes.isolated;
          let indexScope = index.scope || "";
          if (index.index === void 0 && v.isFunction(index.condition)) {
            throw new e.ElectroError(
              e.ErrorCodes.InvalidIndexCondition,
              `The index option 'condition' is only allowed on secondary indexes`
            );
          }
          let conditionDefined = v.isFunction(index.condition);
          let indexCondition = index.condition || (() => true);
          if (indexType === IndexTypes.clustered) {
            clusteredIndexes.add(accessPattern);
          } else if (indexType === IndexTypes.composite) {
            if (indexName === TableIndex) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidIndexDefinition,
                `The Access Pattern "${accessPattern}" cannot be defined as a composite index. AWS DynamoDB does not allow for composite indexes on the main table index.`
              );
            }
            if (conditionDefined) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidIndexCondition,
                `The Access Pattern "${accessPattern}" is defined as a "${indexType}" index, but a condition callback is defined. Composite indexes do not support the use of a condition callback.`
              );
            }
            if (index.scope !== void 0) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidIndexCondition,
                `The Access Pattern "${accessPattern}" is defined as a "${indexType}" index, but a "scope" value was defined. Composite indexes do not support the use of scope.`
              );
            }
            if (index.pk.field !== void 0 || index.sk && index.sk.field !== void 0) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidIndexDefinition,
                `The Access Pattern "${accessPattern}" is defined as a "${indexType}" index, but the Partition Key or Sort Key is defined with a field property. Composite indexes do not support the use of a field property, their attributes defined in the composite array define the indexes member attributes.`
              );
            }
            compositeIndexes.add(indexName);
          }
          if (indexType !== IndexTypes.composite) {
            if (index.pk.field === void 0 || index.sk && index.sk.field === void 0) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidIndexDefinition,
                `The Access Pattern "${accessPattern}" is defined as a "${indexType}" index, but the Partition Key or Sort Key is defined without a field property. Unless using composite attributes, indexes must be defined with a field property that maps to the field name on the DynamoDB table KeySchema.`
              );
            }
          }
          if (seenIndexes[indexName] !== void 0) {
            if (indexName === TableIndex) {
              throw new e.ElectroError(
                e.ErrorCodes.DuplicateIndexes,
                `Duplicate index defined in model found in Access Pattern '${accessPattern}': '${u.formatIndexNameForDisplay(
                  indexName
                )}'. This could be because you forgot to specify the index name of a secondary index defined in your model.`
              );
            } else {
              throw new e.ElectroError(
                e.ErrorCodes.DuplicateIndexes,
                `Duplicate index defined in model found in Access Pattern '${accessPattern}': '${indexName}'`
              );
            }
          }
          seenIndexes[indexName] = indexName;
          let hasSk = !!index.sk;
          let inCollection = !!index.collection;
          if (!hasSk && inCollection) {
            throw new e.ElectroError(
              e.ErrorCodes.CollectionNoSK,
              `Invalid Access pattern definition for '${accessPattern}': '${u.formatIndexNameForDisplay(
                indexName
              )}', contains a collection definition without a defined SK. Collections can only be defined on indexes with a defined SK.`
            );
          }
          if (indexType !== IndexTypes.composite) {
            if (hasSk && index.sk.field === void 0) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidIndexCompositeAttributes,
                `The ${accessPattern} Access pattern is defined as a "${indexType}" index, but a Sort Key is defined without a Range Key field mapping.`
              );
            }
            if (index.pk.field === void 0) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidIndexCompositeAttributes,
                `The ${accessPattern} Access pattern is defined as a "${indexType}" index, but a Partition Key is defined without a HasKey field mapping.`
              );
            }
          }
          let collection = index.collection || "";
          let customFacets = {
            pk: false,
            sk: false
          };
          const pkCasing = KeyCasing[index.pk.casing] === void 0 ? KeyCasing.default : index.pk.casing;
          let skCasing = KeyCasing.default;
          if (hasSk && KeyCasing[index.sk.casing] !== void 0) {
            skCasing = index.sk.casing;
          }
          indexHasSortKeys[indexName] = hasSk;
          let parsedPKAttributes = this._parseTemplateAttributes(index.pk.facets);
          customFacets.pk = parsedPKAttributes.isCustom;
          facets.labels[indexName] = facets.labels[indexName] || {};
          facets.labels[indexName]["pk"] = facets.labels[indexName]["pk"] || parsedPKAttributes;
          facets.labels[indexName]["sk"] = facets.labels[indexName]["sk"] || this._parseTemplateAttributes();
          let pk = {
            inCollection,
            accessPattern,
            index: indexName,
            casing: pkCasing,
            type: KeyTypes.pk,
            cast: index.pk.cast,
            field: index.pk.field || "",
            facets: parsedPKAttributes.attributes,
            isCustom: parsedPKAttributes.isCustom,
            facetLabels: parsedPKAttributes.labels,
            template: index.pk.template
          };
          let sk = {};
          let parsedSKAttributes = {};
          if (hasSk) {
            parsedSKAttributes = this._parseTemplateAttributes(index.sk.facets);
            customFacets.sk = parsedSKAttributes.isCustom;
            facets.labels[indexName]["sk"] = parsedSKAttributes;
            sk = {
              inCollection,
              accessPattern,
              index: indexName,
              casing: skCasing,
              type: KeyTypes.sk,
              cast: index.sk.cast,
              field: index.sk.field || "",
              facets: parsedSKAttributes.attributes,
              isCustom: parsedSKAttributes.isCustom,
              facetLabels: parsedSKAttributes.labels,
              template: index.sk.template
            };
            facets.fields.push(sk.field);
          }
          if (Array.isArray(sk.facets)) {
            let duplicates = pk.facets.filter((facet) => sk.facets.includes(facet));
            if (duplicates.length !== 0) {
              if (sk.facets.length > 1) {
                throw new e.ElectroError(
                  e.ErrorCodes.DuplicateIndexCompositeAttributes,
                  `The Access Pattern '${accessPattern}' contains duplicate references the composite attribute(s): ${u.commaSeparatedString(
                    duplicates
                  )}. Composite attributes can only be used more than once in an index if your sort key is limited to a single attribute. This is to prevent unexpected runtime errors related to the inability to generate keys.`
                );
              }
            }
          }
          let definition = {
            pk,
            sk,
            hasSk,
            collection,
            customFacets,
            type: indexType,
            index: indexName,
            scope: indexScope,
            condition: indexCondition,
            conditionDefined,
            projection: index.projection,
            identifiersAreProjected: false
          };
          let projections = [];
          if (index.projection !== void 0) {
            if (typeof index.projection === "string" && (index.projection.toLowerCase() === IndexProjectionOptions.keys_only || index.projection.toLowerCase() === IndexProjectionOptions.all)) {
              definition.projection = index.projection.toLowerCase();
            } else if (Array.isArray(index.projection) && index.projection.length > 0 && index.projection.every((attr) => typeof attr === "string")) {
              definition.projection = index.projection;
              let nameIdentifierPresent = false;
              let versionIdentiferPresent = false;
              for (const name of definition.projection) {
                projections.push({ name, accessPattern });
                if (name === config2.identifiers.entity) {
                  nameIdentifierPresent = true;
                } else if (name === config2.identifiers.version) {
                  versionIdentiferPresent = true;
                }
              }
              definition.identifiersAreProjected = nameIdentifierPresent && versionIdentiferPresent;
            } else {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidProjectionDefinition,
                `The Access Pattern '${accessPattern}' contains an invalid "projection" value: ${u.toDisplayString(index.projection)}. Valid projection values include ${u.commaSeparatedString(Object.values(IndexProjectionOptions))}, or an array of attribute names with a length greater than one.`
              );
            }
          }
          indexHasSubCollections[indexName] = inCollection && Array.isArray(collection);
          if (inCollection) {
            let collectionArray = this._toSubCollectionArray(collection);
            for (let collectionName of collectionArray) {
              if (collections[collectionName] !== void 0) {
                throw new e.ElectroError(
                  e.ErrorCodes.DuplicateCollections,
                  `Duplicate collection, "${collectionName}" is defined across multiple indexes "${collections[collectionName]}" and "${accessPattern}". Collections must be unique names across indexes for an Entity.`
                );
              } else {
                collections[collectionName] = accessPattern;
              }
              collectionIndexTranslation.fromCollectionToIndex[collectionName] = indexName;
              collectionIndexTranslation.fromIndexToCollection[indexName] = collectionIndexTranslation.fromIndexToCollection[indexName] || [];
              collectionIndexTranslation.fromIndexToCollection[indexName].push(
                collection
              );
            }
            subCollections = {
              ...subCollections,
              ...this._normalizeSubCollections(collectionArray)
            };
          }
          let attributes2 = [
            ...pk.facets.map((name) => ({
              name,
              index: indexName,
              type: KeyTypes.pk
            })),
            ...(sk.facets || []).map((name) => ({
              name,
              index: indexName,
              type: KeyTypes.sk
            }))
          ];
          normalized[accessPattern] = definition;
          indexAccessPatternTransaction.fromAccessPatternToIndex[accessPattern] = indexName;
          indexAccessPatternTransaction.fromIndexToAccessPattern[indexName] = accessPattern;
          indexFieldTranslation[indexName] = {
            pk: pk.field,
            sk: sk.field || ""
          };
          facets.attributes = [...facets.attributes, ...attributes2];
          facets.projections = [...facets.projections, ...projections];
          if (definition.type !== IndexTypes.composite) {
            facets.fields.push(pk.field);
          }
          facets.byIndex[indexName] = {
            customFacets,
            pk: pk.facets,
            sk: sk.facets,
            all: attributes2,
            type: index.type,
            collection: index.collection,
            hasSortKeys: !!indexHasSortKeys[indexName],
            hasSubCollections: !!indexHasSubCollections[indexName],
            casing: {
              pk: pkCasing,
              sk: skCasing
            }
          };
          if (definition.type !== IndexTypes.composite) {
            facets.byField = facets.byField || {};
            facets.byField[pk.field] = facets.byField[pk.field] || {};
            facets.byField[pk.field][indexName] = pk;
            if (sk.field) {
              facets.byField[sk.field] = facets.byField[sk.field] || {};
              facets.byField[sk.field][indexName] = sk;
            }
            if (seenIndexFields[pk.field] !== void 0) {
              const definition2 = Object.values(facets.byField[pk.field]).find(
                (definition3) => definition3.index !== indexName
              );
              const definitionsMatch = validations.stringArrayMatch(
                pk.facets,
                definition2.facets
              );
              if (!definitionsMatch) {
                throw new e.ElectroError(
                  e.ErrorCodes.InconsistentIndexDefinition,
                  `Partition Key (pk) on Access Pattern '${u.formatIndexNameForDisplay(
                    accessPattern
                  )}' is defined with the composite attribute(s) ${u.commaSeparatedString(
                    pk.facets
                  )}, but the Access Pattern '${u.formatIndexNameForDisplay(
                    definition2.accessPattern
                  )}' defines this field with the composite attributes ${u.commaSeparatedString(
                    definition2.facets
                  )}'. Key fields must have the same composite attribute definitions across all indexes they are involved with`
                );
              }
              const keyTemplatesMatch = pk.template === definition2.template;
              if (!keyTemplatesMatch) {
                throw new e.ElectroError(
                  e.ErrorCodes.IncompatibleKeyCompositeAttributeTemplate,
                  `Partition Key (pk) on Access Pattern '${u.formatIndexNameForDisplay(
                    accessPattern
                  )}' is defined with the template ${pk.template || "(undefined)"}, but the Access Pattern '${u.formatIndexNameForDisplay(
                    definition2.accessPattern
                  )}' defines this field with the key labels ${definition2.template || "(undefined)"}'. Key fields must have the same template definitions across all indexes they are involved with`
                );
              }
              seenIndexFields[pk.field].push({ accessPattern, type: "pk" });
            } else {
              seenIndexFields[pk.field] = [];
              seenIndexFields[pk.field].push({ accessPattern, type: "pk" });
            }
            if (sk.field) {
              if (sk.field === pk.field) {
                throw new e.ElectroError(
                  e.ErrorCodes.DuplicateIndexFields,
                  `The Access Pattern '${u.formatIndexNameForDisplay(
                    accessPattern
                  )}' references the field '${sk.field}' as the field name for both the PK and SK. Fields used for indexes need to be unique to avoid conflicts.`
                );
              } else if (seenIndexFields[sk.field] !== void 0) {
                const definition2 = Object.values(facets.byField[sk.field]).find(
                  (definition3) => definition3.index !== indexName
                );
                const definitionsMatch = validations.stringArrayMatch(
                  sk.facets,
                  definition2.facets
                );
                if (!definitionsMatch) {
                  throw new e.ElectroError(
                    e.ErrorCodes.DuplicateIndexFields,
                    `Sort Key (sk) on Access Pattern '${u.formatIndexNameForDisplay(
                      accessPattern
                    )}' is defined with the composite attribute(s) ${u.commaSeparatedString(
                      sk.facets
                    )}, but the Access Pattern '${u.formatIndexNameForDisplay(
                      definition2.accessPattern
                    )}' defines this field with the composite attributes ${u.commaSeparatedString(
                      definition2.facets
                    )}'. Key fields must have the same composite attribute definitions across all indexes they are involved with`
                  );
                }
                const keyTemplatesMatch = sk.template === definition2.template;
                if (!keyTemplatesMatch) {
                  throw new e.ElectroError(
                    e.ErrorCodes.IncompatibleKeyCompositeAttributeTemplate,
                    `Sort Key (sk) on Access Pattern '${u.formatIndexNameForDisplay(
                      accessPattern
                    )}' is defined with the template ${sk.template || "(undefined)"}, but the Access Pattern '${u.formatIndexNameForDisplay(
                      definition2.accessPattern
                    )}' defines this field with the key labels ${definition2.template || "(undefined)"}'. Key fields must have the same template definitions across all indexes they are involved with`
                  );
                }
                seenIndexFields[sk.field].push({ accessPattern, type: "sk" });
              } else {
                seenIndexFields[sk.field] = [];
                seenIndexFields[sk.field].push({ accessPattern, type: "sk" });
              }
            }
          }
          attributes2.forEach(({ index: index2, type, name }, j) => {
            let next = attributes2[j + 1] !== void 0 ? attributes2[j + 1].name : "";
            let facet = { index: index2, name, type, next };
            facets.byAttr[name] = facets.byAttr[name] || [];
            facets.byAttr[name].push(facet);
            facets.byType[type] = facets.byType[type] || [];
            facets.byType[type].push(facet);
            facets.byFacet[name] = facets.byFacet[name] || [];
            facets.byFacet[name][j] = facets.byFacet[name][j] || [];
            facets.byFacet[name][j].push(facet);
            facets.bySlot[j] = facets.bySlot[j] || [];
            facets.bySlot[j][i] = facet;
          });
          let pkTemplateIsCompatible = this._compositeTemplateAreCompatible(
            parsedPKAttributes,
            index.pk.composite
          );
          if (!pkTemplateIsCompatible) {
            throw new e.ElectroError(
              e.ErrorCodes.IncompatibleKeyCompositeAttributeTemplate,
              `Incompatible PK 'template' and 'composite' properties for defined on index "${u.formatIndexNameForDisplay(
                indexName
              )}". PK "template" string is defined as having composite attributes ${u.commaSeparatedString(
                parsedPKAttributes.attributes
              )} while PK "composite" array is defined with composite attributes ${u.commaSeparatedString(
                index.pk.composite
              )}`
            );
          }
          if (index.sk !== void 0 && Array.isArray(index.sk.composite) && typeof index.sk.template === "string") {
            let skTemplateIsCompatible = this._compositeTemplateAreCompatible(
              parsedSKAttributes,
              index.sk.composite
            );
            if (!skTemplateIsCompatible) {
              throw new e.ElectroError(
                e.ErrorCodes.IncompatibleKeyCompositeAttributeTemplate,
                `Incompatible SK 'template' and 'composite' properties for defined on index "${u.formatIndexNameForDisplay(
                  indexName
                )}". SK "template" string is defined as having composite attributes ${u.commaSeparatedString(
                  parsedSKAttributes.attributes
                )} while SK "composite" array is defined with composite attributes ${u.commaSeparatedString(
                  index.sk.composite
                )}`
              );
            }
          }
        }
        if (facets.byIndex[TableIndex] === void 0) {
          throw new e.ElectroError(
            e.ErrorCodes.MissingPrimaryIndex,
            "Schema is missing an index definition for the table's main index. Please update the schema to include an index without a specified name to define the table's natural index"
          );
        }
        return {
          facets,
          subCollections,
          indexHasSortKeys,
          clusteredIndexes,
          compositeIndexes,
          indexHasSubCollections,
          indexes: normalized,
          indexField: indexFieldTranslation,
          indexAccessPattern: indexAccessPatternTransaction,
          indexCollection: collectionIndexTranslation,
          collections: Object.keys(collections)
        };
      }
      _normalizeFilters(filters = {}) {
        let normalized = {};
        let invalidFilterNames = ["go", "params", "filter", "where", "set"];
        for (let [name, fn] of Object.entries(filters)) {
          if (invalidFilterNames.includes(name)) {
            throw new e.ElectroError(
              e.ErrorCodes.InvalidFilter,
              `Invalid filter name: ${name}. Filter cannot be named ${u.commaSeparatedString(
                invalidFilterNames
              )}`
            );
          } else {
            normalized[name] = fn;
          }
        }
        return normalized;
      }
      _normalizeKeyFixings({
        service: service2,
        entity,
        version: version2,
        indexes,
        modelVersion,
        clusteredIndexes,
        schema
      }) {
        let prefixes = {};
        for (let accessPattern of Object.keys(indexes)) {
          let tableIndex = indexes[accessPattern];
          prefixes[tableIndex.index] = this._makeKeyFixings({
            service: service2,
            entity,
            version: version2,
            tableIndex,
            modelVersion,
            isClustered: clusteredIndexes.has(accessPattern),
            schema,
            prefixes
          });
        }
        return prefixes;
      }
      _normalizeSubCollections(collections = []) {
        let lookup = {};
        for (let i = collections.length - 1; i >= 0; i--) {
          let subCollection = collections[i];
          lookup[subCollection] = lookup[subCollection] || [];
          for (let j = 0; j <= i; j++) {
            lookup[subCollection].push(collections[j]);
          }
        }
        return lookup;
      }
      _toSubCollectionArray(collection) {
        let collectionArray = [];
        if (Array.isArray(collection) && collection.every((col2) => validations.isStringHasLength(col2))) {
          collectionArray = collection;
        } else if (validations.isStringHasLength(collection)) {
          collectionArray.push(collection);
        } else {
          throw new Error("Invalid collection definition");
        }
        return collectionArray;
      }
      _applyCompositeToFacetConversion(model) {
        for (let accessPattern of Object.keys(model.indexes)) {
          let index = model.indexes[accessPattern];
          let invalidPK = index.pk.facets === void 0 && index.pk.composite === void 0 && index.pk.template === void 0;
          let invalidSK = index.sk && index.sk.facets === void 0 && index.sk.composite === void 0 && index.sk.template === void 0;
          if (invalidPK) {
            throw new Error("Missing Index Composite Attributes!");
          } else if (invalidSK) {
            throw new Error("Missing Index Composite Attributes!");
          }
          if (Array.isArray(index.pk.composite)) {
            index.pk = {
              ...index.pk,
              facets: index.pk.composite
            };
          }
          if (typeof index.pk.template === "string") {
            index.pk = {
              ...index.pk,
              facets: index.pk.template
            };
          }
          if (index.sk && Array.isArray(index.sk.composite)) {
            index.sk = {
              ...index.sk,
              facets: index.sk.composite
            };
          }
          if (index.sk && typeof index.sk.template === "string") {
            index.sk = {
              ...index.sk,
              facets: index.sk.template
            };
          }
          model.indexes[accessPattern] = index;
        }
        return model;
      }
      _mergeKeyDefinitions(fromIndex, fromModel) {
        let definitions = {};
        for (let indexName of Object.keys(fromIndex)) {
          let pk = fromIndex[indexName].pk;
          let sk = fromIndex[indexName].sk || { labels: [] };
          definitions[indexName] = {
            pk: [],
            sk: []
          };
          for (let { name, label } of pk.labels) {
            if (pk.isCustom) {
              definitions[indexName].pk.push({ name, label });
            } else {
              definitions[indexName].pk.push({
                name,
                label: fromModel[name] || name
              });
            }
          }
          for (let { name, label } of sk.labels) {
            if (sk.isCustom) {
              definitions[indexName].sk.push({ name, label });
            } else {
              definitions[indexName].sk.push({
                name,
                label: u.getFirstDefined(fromModel[name], name)
              });
            }
          }
        }
        return definitions;
      }
      _parseModel(model, config2 = {}) {
        let modelVersion = u.getModelVersion(model);
        let service2, entity, version2, table2, name;
        switch (modelVersion) {
          case ModelVersions.beta:
            service2 = model.service;
            entity = model.entity;
            version2 = model.version;
            table2 = config2.table || model.table;
            name = entity;
            break;
          case ModelVersions.v1:
            service2 = model.model && model.model.service;
            entity = model.model && model.model.entity;
            version2 = model.model && model.model.version;
            table2 = config2.table || model.table;
            name = entity;
            break;
          default:
            throw new Error("Invalid model");
        }
        model = this._applyCompositeToFacetConversion(model);
        model = this._optimizeMatchingKeyAttributes(model);
        let {
          facets,
          indexes,
          indexField,
          collections,
          subCollections,
          indexCollection,
          clusteredIndexes,
          compositeIndexes,
          indexHasSortKeys,
          indexAccessPattern,
          indexHasSubCollections
        } = this._normalizeIndexes(model.indexes, config2);
        let schema = new Schema(model.attributes, facets, {
          isRoot: true,
          getClient: () => this.client,
          identifiers: {
            [config2.identifiers.entity]: config2.identifiers.entity,
            [config2.identifiers.version]: config2.identifiers.version
          }
        });
        let filters = this._normalizeFilters(model.filters);
        let prefixes = this._normalizeKeyFixings({
          service: service2,
          entity,
          version: version2,
          indexes,
          modelVersion,
          clusteredIndexes,
          schema
        });
        let schemaDefinedLabels = schema.getLabels();
        const deconstructors = {};
        facets.labels = this._mergeKeyDefinitions(
          facets.labels,
          schemaDefinedLabels
        );
        for (let indexName of Object.keys(facets.labels)) {
          const accessPattern = indexAccessPattern.fromIndexToAccessPattern[indexName];
          indexes[accessPattern].pk.labels = facets.labels[indexName].pk;
          indexes[accessPattern].sk.labels = facets.labels[indexName].sk;
          const keyTypes = prefixes[indexName] || {};
          deconstructors[indexName] = {};
          for (const keyType in keyTypes) {
            const prefixes2 = keyTypes[keyType];
            const labels = facets.labels[indexName][keyType] || [];
            const attributes2 = schema.attributes;
            deconstructors[indexName][keyType] = this._createKeyDeconstructor(
              prefixes2,
              labels,
              attributes2
            );
            for (let attributeName in schema.attributes) {
              const { field } = schema.attributes[attributeName];
              if (indexes[accessPattern][keyType].field === field) {
                indexes[accessPattern][keyType].isFieldRef = true;
              }
            }
          }
        }
        return {
          name,
          table: table2,
          schema,
          facets,
          entity,
          service: service2,
          indexes,
          version: version2,
          filters,
          prefixes,
          collections,
          modelVersion,
          subCollections,
          lookup: {
            compositeIndexes,
            clusteredIndexes,
            indexHasSortKeys,
            indexHasSubCollections
          },
          translations: {
            keys: indexField,
            indexes: indexAccessPattern,
            collections: indexCollection
          },
          keys: {
            deconstructors
          },
          original: model
        };
      }
    };
    function getEntityIdentifiers(entities) {
      let identifiers = [];
      for (let alias of Object.keys(entities)) {
        let entity = entities[alias];
        let name = entity.model.entity;
        let version2 = entity.model.version;
        identifiers.push({
          name,
          alias,
          version: version2,
          entity,
          nameField: entity.identifiers.entity,
          versionField: entity.identifiers.version
        });
      }
      return identifiers;
    }
    function matchToEntityAlias({
      paramItem,
      identifiers,
      record: record2,
      entities = {},
      allowMatchOnKeys = false,
      config: config2 = {}
    } = {}) {
      let entity;
      if (paramItem && v.isFunction(paramItem[TransactionCommitSymbol])) {
        const committed = paramItem[TransactionCommitSymbol]();
        entity = committed.entity;
      }
      let entityAlias;
      for (let { name, version: version2, nameField, versionField, alias } of identifiers) {
        if (entity && entity.model.entity === name && entity.model.version === version2) {
          entityAlias = alias;
          break;
        } else if (record2[nameField] !== void 0 && record2[versionField] !== void 0 && record2[nameField] === name && record2[versionField] === version2) {
          entityAlias = alias;
          break;
        } else if (entities[alias] && entities[alias].is(record2, config2)) {
          entityAlias = alias;
          break;
        }
      }
      return entityAlias;
    }
    module.exports = {
      Entity: Entity20,
      clauses,
      getEntityIdentifiers,
      matchToEntityAlias
    };
  }
});

// node_modules/electrodb/src/transaction.js
var require_transaction = __commonJS({
  "node_modules/electrodb/src/transaction.js"(exports, module) {
    var { TableIndex, TransactionMethods, DataOptions } = require_types();
    var { getEntityIdentifiers, matchToEntityAlias } = require_entity();
    function cleanseCanceledData(index = TableIndex, entities, data = {}, config2 = {}) {
      if (config2.data === DataOptions.raw) {
        return data;
      }
      const identifiers = getEntityIdentifiers(entities);
      const canceled = data.canceled || [];
      const paramItems = config2._paramItems || [];
      const results = [];
      for (let i = 0; i < canceled.length; i++) {
        const { Item, Code, Message } = canceled[i] || {};
        const paramItem = paramItems[i];
        const code = Code || "None";
        const rejected = code !== "None";
        const result = {
          rejected,
          code,
          message: Message
        };
        if (Item) {
          const entityAlias = matchToEntityAlias({
            record: Item,
            paramItem,
            identifiers
          });
          if (entityAlias) {
            result.item = entities[entityAlias].formatResponse({ Item }, index, {
              ...config2,
              pager: false,
              parse: void 0
            }).data;
          } else {
            result.item = null;
          }
        } else {
          result.item = null;
        }
        results.push(result);
      }
      return results;
    }
    function cleanseTransactionData(index = TableIndex, entities, data = {}, config2 = {}) {
      if (config2.data === DataOptions.raw) {
        return data;
      }
      const identifiers = getEntityIdentifiers(entities);
      data.Items = data.Items || [];
      const paramItems = config2._paramItems || [];
      const results = [];
      for (let i = 0; i < data.Items.length; i++) {
        const record2 = data.Items[i];
        if (!record2) {
          results.push(null);
          continue;
        }
        const paramItem = paramItems[i];
        const entityAlias = matchToEntityAlias({ paramItem, identifiers, record: record2 });
        if (!entityAlias) {
          results.push(null);
          continue;
        }
        let formatted = entities[entityAlias].formatResponse(
          { Item: record2 },
          index,
          {
            ...config2,
            pager: false,
            parse: void 0
          }
        );
        results.push(formatted.data);
      }
      return results.map((item) => ({
        rejected: false,
        item
      }));
    }
    function createTransaction(options) {
      const { fn, method, getEntities } = options;
      const operations = {
        params: (options2 = {}) => {
          const paramItems = fn(getEntities());
          const params = {
            TransactItems: paramItems
          };
          if (typeof options2.token === "string" && options2.token.length) {
            params["ClientRequestToken"] = options2.token;
          }
          if (options2._returnParamItems) {
            return { params, paramItems };
          }
          return params;
        },
        go: async (options2) => {
          const driver = Object.values(getEntities())[0];
          if (!driver) {
            throw new Error(
              "At least one entity must exist to perform a transaction"
            );
          }
          const { params, paramItems } = operations.params({
            ...options2,
            _returnParamItems: true
          });
          let canceled = false;
          if (paramItems.length === 0) {
            return {
              canceled,
              data: []
            };
          }
          let listeners = options2 && options2.listeners ? [...options2.listeners] : [];
          if (options2 && options2.logger) {
            listeners = [...listeners, options2.logger];
          }
          const response = await driver.go(method, params, {
            ...options2,
            listeners,
            parse: (options3, data) => {
              if (options3.data === DataOptions.raw) {
                return data;
              } else if (data.canceled) {
                canceled = true;
                return cleanseCanceledData(TableIndex, getEntities(), data, {
                  ...options3,
                  _isTransaction: true,
                  _paramItems: paramItems
                });
              } else if (data.Responses) {
                return cleanseTransactionData(
                  TableIndex,
                  getEntities(),
                  {
                    Items: data.Responses.map((response2) => response2.Item)
                  },
                  {
                    ...options3,
                    _isTransaction: true,
                    _paramItems: paramItems
                  }
                );
              } else {
                return Array.from(
                  { length: paramItems ? paramItems.length : 0 },
                  () => ({
                    item: null,
                    code: "None",
                    rejected: false,
                    message: void 0
                  })
                );
              }
            }
          });
          return {
            ...response,
            canceled
          };
        }
      };
      return operations;
    }
    function createWriteTransaction(entities, fn) {
      return createTransaction({
        fn,
        method: TransactionMethods.transactWrite,
        getEntities: () => entities
      });
    }
    function createGetTransaction(entities, fn) {
      return createTransaction({
        fn,
        method: TransactionMethods.transactGet,
        getEntities: () => entities
      });
    }
    module.exports = {
      createTransaction,
      createWriteTransaction,
      createGetTransaction,
      cleanseTransactionData,
      cleanseCanceledData
    };
  }
});

// node_modules/electrodb/src/service.js
var require_service = __commonJS({
  "node_modules/electrodb/src/service.js"(exports, module) {
    var {
      Entity: Entity20,
      getEntityIdentifiers,
      matchToEntityAlias
    } = require_entity();
    var { clauses } = require_clauses();
    var {
      TableIndex,
      TransactionMethods,
      KeyCasing,
      ServiceVersions,
      ElectroInstance,
      ElectroInstanceTypes,
      ModelVersions,
      IndexTypes,
      DataOptions,
      IndexProjectionOptions
    } = require_types();
    var { FilterFactory } = require_filters();
    var { FilterOperations, ExpressionState } = require_operations();
    var { WhereFactory } = require_where();
    var v = require_validations();
    var c = require_client();
    var e = require_errors();
    var u = require_util();
    var txn = require_transaction();
    var {
      getInstanceType,
      getModelVersion,
      applyBetaModelOverrides
    } = require_util();
    var ConstructorTypes = {
      beta: "beta",
      v1: "v1",
      v1Map: "v1Map",
      unknown: "unknown"
    };
    function inferConstructorType(service2) {
      if (v.isNameEntityRecordType(service2) || v.isNameModelRecordType(service2)) {
        return ConstructorTypes.v1Map;
      } else if (v.isBetaServiceConfig(service2)) {
        return ConstructorTypes.beta;
      } else if (v.isStringHasLength(service2)) {
        return ConstructorTypes.v1;
      } else {
        return ConstructorTypes.unknown;
      }
    }
    function inferJoinValues(alias, instance, config2) {
      let hasAlias = true;
      let args = { alias, instance, config: config2, hasAlias };
      if (typeof alias !== "string") {
        args.config = instance;
        args.instance = alias;
        args.hasAlias = false;
      }
      return args;
    }
    var Service2 = class {
      _betaConstructor(service2, config2) {
        this.service = {};
        this._modelOverrides = {};
        this._modelVersion = ModelVersions.beta;
        this._modelOverrides = {
          table: service2.table,
          service: service2.service,
          version: service2.version
        };
        this.service.name = service2.name || service2.service;
        this.service.table = service2.table;
        this.service.version = service2.version;
        this.config = config2;
        this.client = config2.client;
        if (v.isFunction(config2.logger)) {
          this.logger = config2.logger;
        }
        this.entities = {};
        this.find = {};
        this.collectionSchema = {};
        this.compositeAttributes = {};
        this.collections = {};
        this.identifiers = {};
        this.transaction = {
          get: (fn) => {
            return txn.createTransaction({
              fn,
              getEntities: () => this.entities,
              method: TransactionMethods.transactGet
            });
          },
          write: (fn) => {
            return txn.createTransaction({
              fn,
              getEntities: () => this.entities,
              method: TransactionMethods.transactWrite
            });
          }
        };
        this._instance = ElectroInstance.service;
        this._instanceType = ElectroInstanceTypes.service;
      }
      _v1Constructor(service2, config2) {
        this.service = {};
        this._modelOverrides = {};
        this._modelVersion = ModelVersions.v1;
        this.service.name = service2;
        this.service.table = config2.table;
        this._modelOverrides.table = config2.table;
        this.config = config2;
        this.client = config2.client;
        if (v.isFunction(config2.logger)) {
          this.logger = config2.logger;
        }
        this.entities = {};
        this.find = {};
        this.collectionSchema = {};
        this.compositeAttributes = {};
        this.collections = {};
        this.identifiers = {};
        this.transaction = {
          get: (fn) => {
            return txn.createTransaction({
              fn,
              getEntities: () => this.entities,
              method: TransactionMethods.transactGet
            });
          },
          write: (fn) => {
            return txn.createTransaction({
              fn,
              getEntities: () => this.entities,
              method: TransactionMethods.transactWrite
            });
          }
        };
        this._instance = ElectroInstance.service;
        this._instanceType = ElectroInstanceTypes.service;
      }
      _v1MapConstructor(service2, config2) {
        let entityNames = Object.keys(service2);
        let serviceName = this._inferServiceNameFromEntityMap(service2);
        this._v1Constructor(serviceName, config2);
        for (let name of entityNames) {
          let entity = service2[name];
          this.join(name, entity, config2);
        }
      }
      constructor(service2 = "", config2 = {}) {
        config2 = c.normalizeConfig(config2);
        this.version = ServiceVersions.v1;
        let type = inferConstructorType(service2);
        switch (type) {
          case ConstructorTypes.v1Map:
            this._v1MapConstructor(service2, config2);
            break;
          case ConstructorTypes.beta:
            this._betaConstructor(service2, config2);
            break;
          case ConstructorTypes.v1:
            this._v1Constructor(service2, config2);
            break;
          default:
            throw new e.ElectroError(
              e.ErrorCodes.InvalidJoin,
              `Invalid service name: ${JSON.stringify(
                service2
              )}. Service name must have length greater than zero`
            );
        }
      }
      _inferServiceNameFromEntityMap(service2) {
        let names = Object.keys(service2);
        let entity = names.map((name) => service2[name]).map((instance) => this._inferJoinEntity(instance)).find((entity2) => entity2 && entity2.model && entity2.model.service);
        if (!entity || !entity.model || !entity.model.service) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidJoin,
            `Invalid service name: Entities/Models provided do not contain property for Service Name`
          );
        }
        return entity.model.service;
      }
      _inferJoinEntity(instance, options) {
        let entity = {};
        let type = getInstanceType(instance);
        let modelVersion = getModelVersion(instance);
        switch (type) {
          case ElectroInstanceTypes.model:
            entity = new Entity20(instance, options);
            break;
          case ElectroInstanceTypes.entity:
            entity = instance;
            break;
          default:
            if (modelVersion !== this._modelVersion) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidJoin,
                "Invalid instance: Valid instances to join include Models and Entity instances."
              );
            } else if (modelVersion === ModelVersions.beta) {
              instance = applyBetaModelOverrides(instance, this._modelOverrides);
            } else {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidJoin,
                `Invalid instance: Valid instances to join include Models and Entity instances.`
              );
            }
            entity = new Entity20(instance, options);
            break;
        }
        return entity;
      }
      /**
       * Join
       * @param {string} alias
       * @param instance
       * @param config
       * @returns {Service}
       */
      join(...args) {
        let { alias, instance, config: config2, hasAlias } = inferJoinValues(...args);
        let options = { ...config2, ...this.config };
        let entity = this._inferJoinEntity(instance, options);
        let name = hasAlias ? alias : entity.getName();
        if (this.service.name.toLowerCase() !== entity.model.service.toLowerCase()) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidJoin,
            `Service name defined on joined instance, ${entity.model.service}, does not match the name of this Service: ${this.service.name}. Verify or update the service name on the Entity/Model to match the name defined on this service.`
          );
        }
        if (this.getTableName()) {
          entity.setTableName(this.getTableName());
        }
        if (options.client) {
          entity.setClient(options.client);
        }
        if (options.logger) {
          entity._addLogger(options.logger);
        }
        if (options.listeners) {
          entity.addListeners(options.listeners);
        }
        if (this._modelVersion === ModelVersions.beta && this.service.version) {
          entity.model.version = this.service.version;
        }
        this.entities[name] = entity;
        for (let collection of this.entities[name].model.collections) {
          this._addCollectionEntity(
            collection,
            name,
            this.entities[name]
          );
          this.collections[collection] = (...facets) => {
            return this._makeCollectionChain(
              {
                name: collection,
                initialClauses: clauses
              },
              ...facets
            );
          };
        }
        for (const collection in this.collectionSchema) {
          const collectionSchema = this.collectionSchema[collection];
          this.compositeAttributes[collection] = this._collectionSchemaToCompositeAttributes(collectionSchema);
        }
        this.find = { ...this.entities, ...this.collections };
        return this;
      }
      _collectionSchemaToCompositeAttributes(schema) {
        const keys = schema.keys;
        return {
          hasSortKeys: keys.hasSk,
          customFacets: {
            pk: keys.pk.isCustom,
            sk: keys.sk.isCustom
          },
          pk: keys.pk.facets,
          sk: keys.sk.facets,
          all: [
            ...keys.pk.facets.map((name) => {
              return {
                name,
                index: keys.index,
                type: "pk"
              };
            }),
            ...keys.sk.facets.map((name) => {
              return {
                name,
                index: keys.index,
                type: "sk"
              };
            })
          ],
          collection: keys.collection,
          hasSubCollections: schema.hasSubCollections,
          casing: {
            pk: keys.pk.casing,
            sk: keys.sk.casing
          }
        };
      }
      setClient(client2) {
        if (client2 !== void 0) {
          for (let entity of Object.values(this.entities)) {
            entity.setClient(client2);
          }
        }
      }
      cleanseRetrievedData(index = TableIndex, entities, data = {}, config2 = {}) {
        if (config2.data === DataOptions.raw) {
          return data;
        }
        const identifiers = getEntityIdentifiers(entities);
        data.Items = data.Items || [];
        const results = {};
        for (let { alias } of identifiers) {
          results[alias] = [];
        }
        for (let i = 0; i < data.Items.length; i++) {
          const record2 = data.Items[i];
          if (!record2) {
            continue;
          }
          const entityAlias = matchToEntityAlias({
            identifiers,
            record: record2,
            entities: this.entities,
            allowMatchOnKeys: config2.ignoreOwnership,
            config: config2
          });
          if (!entityAlias) {
            continue;
          }
          let formatted;
          if (config2.hydrate) {
            formatted = {
              data: record2
              // entities[entityAlias]._formatKeysToItem(index, record),
            };
          } else {
            formatted = entities[entityAlias].formatResponse(
              { Item: record2 },
              index,
              {
                ...config2,
                pager: false,
                parse: void 0
              }
            );
          }
          results[entityAlias].push(formatted.data);
        }
        return results;
      }
      findKeyOwner(lastEvaluatedKey) {
        return Object.values(this.entities)[0];
      }
      expectKeyOwner(lastEvaluatedKey) {
        const owner = this.findKeyOwner(lastEvaluatedKey);
        if (owner === void 0) {
          throw new e.ElectroError(
            e.ErrorCodes.NoOwnerForCursor,
            `Supplied cursor does not resolve to Entity within the Service ${this.service.name}`
          );
        }
        return owner;
      }
      findCursorOwner(cursor) {
        return Object.values(this.entities)[0];
      }
      expectCursorOwner(cursor) {
        const owner = this.findCursorOwner(cursor);
        if (owner === void 0) {
          throw new e.ElectroError(
            e.ErrorCodes.NoOwnerForCursor,
            `Supplied cursor does not resolve to Entity within the Service ${this.service.name}`
          );
        }
        return owner;
      }
      getTableName() {
        return this.service.table;
      }
      setTableName(table2) {
        this.service.table = table2;
        for (let entity of Object.values(this.entities)) {
          entity.setTableName(table2);
        }
      }
      _makeCollectionChain({ name = "", initialClauses = {} }, facets = {}) {
        const { entities, attributes: attributes2, identifiers, indexType, index } = this.collectionSchema[name];
        const compositeAttributes = this.compositeAttributes[name];
        const allEntities = Object.values(entities);
        const entity = allEntities[0];
        let filterBuilder = new FilterFactory(attributes2, FilterOperations);
        let whereBuilder = new WhereFactory(attributes2, FilterOperations);
        let clauses2 = { ...initialClauses };
        clauses2 = filterBuilder.injectFilterClauses(clauses2);
        clauses2 = whereBuilder.injectWhereClauses(clauses2);
        const expression = identifiers.expression || "";
        let options = {
          // expressions, // DynamoDB doesn't return what I expect it would when provided with these entity filters
          parse: (options2, data) => {
            if (options2.data === DataOptions.raw) {
              return data;
            }
            return this.cleanseRetrievedData(index, entities, data, options2);
          },
          formatCursor: {
            serialize: (key2) => {
              return this.expectKeyOwner(key2).serializeCursor(key2);
            },
            deserialize: (cursor) => {
              return this.expectCursorOwner(cursor).deserializeCursor(cursor);
            }
          },
          identifiers: {
            names: identifiers.names || {},
            values: identifiers.values || {},
            expression: allEntities.length > 1 ? `(${expression})` : expression
          },
          expressions: {
            names: {},
            values: {},
            expression: ""
          },
          attributes: attributes2,
          entities,
          indexType,
          compositeAttributes,
          hydrator: async (entity2, index2, items, config2) => {
            if (entity2 && entities[entity2]) {
              return entities[entity2].hydrate(index2, items, {
                ...config2,
                parse: void 0,
                hydrator: void 0,
                _isCollectionQuery: false,
                ignoreOwnership: config2._providedIgnoreOwnership,
                attributes: config2._providedAttributes
              });
            }
            let entityItemRefs = {};
            for (let i = 0; i < items.length; i++) {
              const item = items[i];
              for (let entityName in entities) {
                entityItemRefs[entityName] = entityItemRefs[entityName] || [];
                const entity3 = entities[entityName];
                if (entity3.is(item, config2)) {
                  entityItemRefs[entityName].push({
                    item,
                    itemSlot: i
                  });
                }
              }
            }
            let unprocessed = [];
            let data = new Array(items.length).fill(null);
            for (const entityName in entityItemRefs) {
              const itemRefs = entityItemRefs[entityName];
              const items2 = itemRefs.map((ref) => ref.item);
              const results = await entities[entity2].hydrate(index2, items2, {
                ...config2,
                parse: void 0,
                hydrate: false,
                hydrator: void 0,
                _isCollectionQuery: false,
                ignoreOwnership: config2._providedIgnoreOwnership,
                attributes: config2._providedAttributes
              });
              unprocessed = unprocessed.concat(results.unprocessed);
              if (results.data.length !== itemRefs.length) {
                throw new Error("Temporary: something wrong");
              }
              for (let r = 0; r < itemRefs.length; r++) {
                const itemRef = itemRefs[r];
                const hydrated = results.data[r];
                data[itemRef.itemSlot] = hydrated;
              }
            }
            return {
              data,
              unprocessed
            };
          }
        };
        return entity.collection(name, clauses2, facets, options);
      }
      _validateIndexCasingMatch(definition = {}, providedIndex = {}) {
        const definitionSk = definition.sk || {};
        const providedSk = providedIndex.sk || {};
        const pkCasingMatch = v.isMatchingCasing(
          definition.pk.casing,
          providedIndex.pk.casing
        );
        const skCasingMatch = v.isMatchingCasing(
          definitionSk.casing,
          providedSk.casing
        );
        return {
          pk: pkCasingMatch,
          sk: skCasingMatch
        };
      }
      _validateIndexProjectionsMatch(definition = {}, providedIndex = {}) {
        const definitionProjection = definition.projection;
        const providedProjection = providedIndex.projection;
        return v.isMatchingProjection(providedIndex.projection, definition.projection);
      }
      _validateCollectionDefinition(definition = {}, providedIndex = {}) {
        let isCustomMatchPK = definition.pk.isCustom === providedIndex.pk.isCustom;
        let isCustomMatchSK = !!(definition.sk && definition.sk.isCustom) === !!(providedIndex.sk && providedIndex.sk.isCustom);
        let indexMatch = definition.index === providedIndex.index;
        let pkFieldMatch = definition.pk.field === providedIndex.pk.field;
        let pkFacetLengthMatch = definition.pk.facets.length === providedIndex.pk.facets.length;
        let scopeMatch = definition.scope === providedIndex.scope;
        let mismatchedFacetLabels = [];
        let collectionDifferences = [];
        let definitionIndexName = u.formatIndexNameForDisplay(definition.index);
        let providedIndexName = u.formatIndexNameForDisplay(providedIndex.index);
        let matchingKeyCasing = this._validateIndexCasingMatch(
          definition,
          providedIndex
        );
        const matchingProjection = v.isMatchingProjection(
          providedIndex.projection,
          definition.projection
        );
        for (let i = 0; i < Math.max(definition.pk.labels.length, providedIndex.pk.labels.length); i++) {
          let definitionFacet = definition.pk.labels[i] && definition.pk.labels[i].name;
          let definitionLabel = definition.pk.labels[i] && definition.pk.labels[i].label;
          let providedFacet = providedIndex.pk.labels[i] && providedIndex.pk.labels[i].name;
          let providedLabel = providedIndex.pk.labels[i] && providedIndex.pk.labels[i].label;
          let noLabels = definitionLabel === definitionFacet && providedLabel === providedFacet;
          if (definitionLabel !== providedLabel) {
            mismatchedFacetLabels.push({
              definitionFacet,
              definitionLabel,
              providedFacet,
              providedLabel,
              kind: "Partition",
              type: noLabels ? "facet" : "label"
            });
            break;
          } else if (definitionFacet !== providedFacet) {
            mismatchedFacetLabels.push({
              definitionFacet,
              definitionLabel,
              providedFacet,
              providedLabel,
              kind: "Partition",
              type: "facet"
            });
            break;
          }
        }
        if (!scopeMatch) {
          collectionDifferences.push(
            `The index scope value provided "${providedIndex.scope || "undefined"}" does not match established index scope value "${definition.scope || "undefined"}" on index "${providedIndexName}". Index scope options must match across all entities participating in a collection`
          );
        }
        if (!isCustomMatchPK) {
          collectionDifferences.push(
            `The usage of key templates the partition key on index ${definitionIndexName} must be consistent across all Entities, some entities provided use template while others do not`
          );
        }
        if (!isCustomMatchSK) {
          collectionDifferences.push(
            `The usage of key templates the sort key on index ${definitionIndexName} must be consistent across all Entities, some entities provided use template while others do not`
          );
        }
        if (definition.type === IndexTypes.clustered || definition.type === IndexTypes.composite) {
          for (let i = 0; i < Math.min(definition.sk.labels.length, providedIndex.sk.labels.length); i++) {
            let definitionFacet = definition.sk.labels[i] && definition.sk.labels[i].name;
            let definitionLabel = definition.sk.labels[i] && definition.sk.labels[i].label;
            let providedFacet = providedIndex.sk.labels[i] && providedIndex.sk.labels[i].name;
            let providedLabel = providedIndex.sk.labels[i] && providedIndex.sk.labels[i].label;
            let noLabels = definitionLabel === definitionFacet && providedLabel === providedFacet;
            if (definitionFacet === providedFacet) {
              if (definitionLabel !== providedLabel) {
                mismatchedFacetLabels.push({
                  definitionFacet,
                  definitionLabel,
                  providedFacet,
                  providedLabel,
                  kind: "Sort",
                  type: noLabels ? "facet" : "label"
                });
              }
            } else {
              break;
            }
          }
        }
        if (!matchingKeyCasing.pk) {
          collectionDifferences.push(
            `The pk property "casing" provided "${providedIndex.pk.casing || KeyCasing.default}" does not match established casing "${definition.pk.casing || KeyCasing.default}" on index "${providedIndexName}". Index casing options must match across all entities participating in a collection`
          );
        }
        if (!matchingProjection) {
          collectionDifferences.push(
            `The provided projection definition ${u.commaSeparatedString(providedIndex.projection !== void 0 && providedIndex.projection !== null ? providedIndex.projection : "<undefined>")} does not match the established projection definition ${u.commaSeparatedString(definition.projection)} on index ${providedIndexName}. Index projection definitions must match across all entities participating in a collection`
          );
        }
        if (!matchingKeyCasing.sk) {
          const definedSk = definition.sk || {};
          const providedSk = providedIndex.sk || {};
          collectionDifferences.push(
            `The sk property "casing" provided "${definedSk.casing || KeyCasing.default}" does not match established casing "${providedSk.casing || KeyCasing.default}" on index "${providedIndexName}". Index casing options must match across all entities participating in a collection`
          );
        }
        if (!indexMatch) {
          collectionDifferences.push(
            `Collection defined on provided index "${providedIndexName}" does not match collection established index "${definitionIndexName}". Collections must be defined on the same index across all entities within a service.`
          );
        } else if (!pkFieldMatch) {
          collectionDifferences.push(
            `Partition Key composite attributes provided "${providedIndex.pk.field}" for index "${providedIndexName}" do not match established field "${definition.pk.field}" on established index "${definitionIndexName}"`
          );
        }
        if (!pkFacetLengthMatch) {
          collectionDifferences.push(
            `Partition Key composite attributes provided [${providedIndex.pk.facets.map((val2) => `"${val2}"`).join(
              ", "
            )}] for index "${providedIndexName}" do not match established composite attributes [${definition.pk.facets.map((val2) => `"${val2}"`).join(", ")}] on established index "${definitionIndexName}"`
          );
        } else if (mismatchedFacetLabels.length > 0) {
          for (let mismatch of mismatchedFacetLabels) {
            if (mismatch.type === "facet") {
              collectionDifferences.push(
                `${mismatch.kind} Key composite attributes provided for index "${providedIndexName}" do not match established composite attribute "${mismatch.definitionFacet}" on established index "${definitionIndexName}": "${mismatch.definitionLabel}" != "${mismatch.providedLabel}"; Composite attribute definitions must match between all members of a collection to ensure key structures will resolve to identical Partition Keys. Please ensure these composite attribute definitions are identical for all entities associated with this service.`
              );
            } else {
              collectionDifferences.push(
                `${mismatch.kind} Key composite attributes provided for index "${providedIndexName}" contain conflicting composite attribute labels for established composite attribute "${mismatch.definitionFacet || ""}" on established index "${definitionIndexName}". Established composite attribute "${mismatch.definitionFacet || ""}" on established index "${definitionIndexName}" was defined with label "${mismatch.definitionLabel}" while provided composite attribute "${mismatch.providedFacet || ""}" on provided index "${providedIndexName}" is defined with label "${mismatch.providedLabel}". Composite attribute labels definitions must match between all members of a collection to ensure key structures will resolve to identical Partition Keys. Please ensure these labels definitions are identical for all entities associated with this service.`
              );
            }
          }
        }
        return [!!collectionDifferences.length, collectionDifferences];
      }
      _compareEntityAttributes(entityName, definition = {}, providedAttributes = {}, keys) {
        let results = {
          additions: {},
          invalid: []
        };
        for (let [name, detail] of Object.entries(providedAttributes)) {
          let defined2 = definition[name];
          if (defined2 === void 0) {
            results.additions[name] = detail;
          } else if (defined2.field !== detail.field) {
            results.invalid.push(
              `The attribute "${name}" with Table Field "${detail.field}" does not match established Table Field "${defined2.field}"`
            );
          }
          if (defined2 && detail && (defined2.padding || detail.padding)) {
            const definedPadding = defined2.padding || {};
            const detailPadding = detail.padding || {};
            if (keys.pk.facets.includes(name) && (definedPadding.length !== detailPadding.length || definedPadding.char !== detailPadding.char)) {
              results.invalid.push(
                `The attribute "${name}" contains inconsistent padding definitions that impact how keys are formed`
              );
            }
          }
        }
        return [!!results.invalid.length, results];
      }
      _processEntityAttributes(entityName, definition = {}, providedAttributes = {}, keys) {
        let [attributesAreIncompatible, attributeResults] = this._compareEntityAttributes(
          entityName,
          definition,
          providedAttributes,
          keys
        );
        if (attributesAreIncompatible) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidJoin,
            `Inconsistent attribute(s) on the entity "${entityName}". The following attribute(s) are defined with incompatible or conflicting definitions across participating entities: ${attributeResults.invalid.join(
              ", "
            )}. These attribute definitions must match among all members of the collection.`
          );
        } else {
          return {
            ...definition,
            ...attributeResults.additions
          };
        }
      }
      _processEntityKeys(name, definition = {}, providedIndex = {}) {
        if (!Object.keys(definition).length) {
          definition = providedIndex;
        }
        const [invalidDefinition, invalidIndexMessages] = this._validateCollectionDefinition(definition, providedIndex);
        if (invalidDefinition) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidJoin,
            `Validation Error while joining entity, "${name}". ${invalidIndexMessages.join(
              "; "
            )}`
          );
        }
        const sharedSortKeyAttributes = [];
        const sharedSortKeyCompositeAttributeLabels = [];
        const sharedSortKeyLabels = [];
        if (providedIndex.hasSk && definition.hasSk && Array.isArray(definition.sk.labels)) {
          for (let i = 0; i < definition.sk.labels.length; i++) {
            const providedLabels = providedIndex.sk.labels[i];
            const definedLabels = definition.sk.labels[i];
            const namesMatch = providedLabels && providedLabels.name === definedLabels.name;
            const labelsMatch = providedLabels && providedLabels.label === definedLabels.label;
            if (!namesMatch || !labelsMatch) {
              break;
            }
            sharedSortKeyLabels.push({ ...definedLabels });
            sharedSortKeyCompositeAttributeLabels.push({
              ...definition.sk.facetLabels[i]
            });
            sharedSortKeyAttributes.push(definition.sk.facets[i]);
          }
        }
        return {
          ...definition,
          sk: {
            ...definition.sk,
            facets: sharedSortKeyAttributes,
            facetLabels: sharedSortKeyCompositeAttributeLabels,
            labels: sharedSortKeyLabels
          }
        };
      }
      _getEntityIndexFromCollectionName(collection, entity) {
        for (let index of Object.values(entity.model.indexes)) {
          let names = [];
          if (v.isArrayHasLength(index.collection)) {
            names = index.collection;
          } else {
            names.push(index.collection);
          }
          for (let name of names) {
            if (v.isStringHasLength(name) && name === collection) {
              return index;
            }
          }
        }
        return Object.values(entity.model.indexes).find((index) => {
          if (v.isStringHasLength(index.collection)) {
            return index.collection === collection;
          } else if (v.isArrayHasLength(index.collection)) {
            return index.collection.indexOf(collection) > 0;
          }
        });
      }
      _processSubCollections(providedType, existing, provided, entityName, collectionName) {
        let existingSubCollections;
        let providedSubCollections;
        if (v.isArrayHasLength(existing)) {
          existingSubCollections = existing;
        } else {
          existingSubCollections = [existing];
        }
        if (v.isArrayHasLength(provided)) {
          providedSubCollections = provided;
        } else {
          providedSubCollections = [provided];
        }
        if (providedSubCollections.length > 1 && (providedType === IndexTypes.clustered || providedType === IndexTypes.composite)) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidJoin,
            `"${providedType}" indexes do not support sub-collections. The sub-collection "${collectionName}", on Entity "${entityName}" must be defined as either an individual collection name or the index must be redefined as an "${IndexTypes.isolated}" index`
          );
        }
        const existingRequiredIndex = existingSubCollections.indexOf(collectionName);
        const providedRequiredIndex = providedSubCollections.indexOf(collectionName);
        if (providedRequiredIndex < 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidJoin,
            `The collection definition for Collection "${collectionName}" does not exist on Entity "${entityName}".`
          );
        }
        if (existingRequiredIndex >= 0 && existingRequiredIndex !== providedRequiredIndex) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidJoin,
            `The collection definition for Collection "${collectionName}", on Entity "${entityName}", does not match the established sub-collection order for this service. The collection name provided in slot ${providedRequiredIndex + 1}, ${providedSubCollections[existingRequiredIndex] === void 0 ? "(not found)" : `"${providedSubCollections[existingRequiredIndex]}"`}, on Entity "${entityName}", does not match the established collection name in slot ${existingRequiredIndex + 1}, "${collectionName}". When using sub-collections, all Entities within a Service must must implement the same order for all preceding sub-collections.`
          );
        }
        let length = Math.max(existingRequiredIndex, providedRequiredIndex);
        for (let i = 0; i <= length; i++) {
          let existingCollection = existingSubCollections[i];
          let providedCollection = providedSubCollections[i];
          if (v.isStringHasLength(existingCollection)) {
            if (existingCollection === providedCollection && providedCollection === collectionName) {
              return i;
            }
            if (existingCollection !== providedCollection) {
              throw new e.ElectroError(
                e.ErrorCodes.InvalidJoin,
                `The collection definition for Collection "${collectionName}", on Entity "${entityName}", does not match the established sub-collection order for this service. The collection name provided in slot ${i + 1}, "${providedCollection}", on Entity "${entityName}", does not match the established collection name in slot ${i + 1}, "${existingCollection}". When using sub-collections, all Entities within a Service must must implement the same order for all preceding sub-collections.`
              );
            }
          } else if (v.isStringHasLength(providedCollection)) {
            if (providedCollection === collectionName) {
              return i;
            }
          }
        }
      }
      _addCollectionEntity(collection = "", name = "", entity = {}) {
        let providedIndex = this._getEntityIndexFromCollectionName(
          collection,
          entity
        );
        this.collectionSchema[collection] = this.collectionSchema[collection] || {
          entities: {},
          keys: {},
          attributes: {},
          identifiers: new ExpressionState({ prefix: "_c" }),
          index: void 0,
          table: "",
          collection: [],
          indexType: void 0,
          hasSubCollections: void 0
        };
        const providedType = providedIndex.type || IndexTypes.isolated;
        if (this.collectionSchema[collection].indexType === void 0) {
          this.collectionSchema[collection].indexType = providedType;
        } else if (this.collectionSchema[collection].indexType !== providedType) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidJoin,
            `Index type mismatch on collection ${collection}. The entity ${name} defines the index as type ${providedType} while the established type for that index is ${this.collectionSchema[collection].indexType}. Note that when omitted, indexes default to the type "${IndexTypes.isolated}"`
          );
        }
        if (this.collectionSchema[collection].entities[name] !== void 0) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidJoin,
            `Entity with name '${name}' has already been joined to this service.`
          );
        }
        if (this.collectionSchema[collection].table !== "") {
          if (this.collectionSchema[collection].table !== entity.getTableName()) {
            throw new e.ElectroError(
              e.ErrorCodes.InvalidJoin,
              `Entity with name '${name}' is defined to use a different Table than what is defined on other Service Entities and/or the Service itself. Entity '${name}' is defined with table name '${entity.getTableName()}' but the Service has been defined to use table name '${this.collectionSchema[collection].table}'. All Entities in a Service must reference the same DynamoDB table. To ensure all Entities will use the same DynamoDB table, it is possible to apply the property 'table' to the Service constructor's configuration parameter.`
            );
          }
        } else {
          this.collectionSchema[collection].table = entity.getTableName();
        }
        this.collectionSchema[collection].keys = this._processEntityKeys(
          name,
          this.collectionSchema[collection].keys,
          providedIndex
        );
        this.collectionSchema[collection].attributes = this._processEntityAttributes(
          name,
          this.collectionSchema[collection].attributes,
          entity.model.schema.attributes,
          this.collectionSchema[collection].keys
        );
        this.collectionSchema[collection].entities[name] = entity;
        this.collectionSchema[collection].identifiers = this._processEntityIdentifiers(
          this.collectionSchema[collection].identifiers,
          name,
          entity
        );
        this.collectionSchema[collection].index = this._processEntityCollectionIndex(
          this.collectionSchema[collection].index,
          providedIndex.index,
          name,
          collection
        );
        let collectionIndex = this._processSubCollections(
          providedType,
          this.collectionSchema[collection].collection,
          providedIndex.collection,
          name,
          collection
        );
        this.collectionSchema[collection].collection[collectionIndex] = collection;
        this.collectionSchema[collection].hasSubCollections = this.collectionSchema[collection].hasSubCollections || Array.isArray(providedIndex.collection);
        return this.collectionSchema[collection];
      }
      _processEntityCollectionIndex(existing, provided, name, collection) {
        if (typeof provided !== "string") {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidJoin,
            `Entity with name '${name}' does not have collection ${collection} defined on it's model`
          );
        } else if (existing === void 0) {
          return provided;
        } else if (provided !== existing) {
          throw new e.ElectroError(
            e.ErrorCodes.InvalidJoin,
            `Entity with name '${name}' defines collection ${collection} on index `
          );
        } else {
          return existing;
        }
      }
      _processEntityIdentifiers(state, alias, entity) {
        const expression = entity.applyIdentifierExpressionState(state, alias);
        if (expression) {
          const combined = [state.getExpression().trim(), expression.trim()].filter(Boolean).join(" OR ");
          state.setExpression(combined);
        }
        return state;
      }
    };
    module.exports = {
      Service: Service2
    };
  }
});

// node_modules/electrodb/src/conversions.js
var require_conversions = __commonJS({
  "node_modules/electrodb/src/conversions.js"(exports, module) {
    function createConversions(entity) {
      const conversions = {
        fromComposite: {
          toKeys: (composite, options = {}) => entity._fromCompositeToKeys({ provided: composite }, options),
          toCursor: (composite) => entity._fromCompositeToCursor(
            { provided: composite },
            { strict: "all" }
          )
        },
        fromKeys: {
          toCursor: (keys) => entity._fromKeysToCursor({ provided: keys }, {}),
          toComposite: (keys) => entity._fromKeysToComposite({ provided: keys })
        },
        fromCursor: {
          toKeys: (cursor) => entity._fromCursorToKeys({ provided: cursor }),
          toComposite: (cursor) => entity._fromCursorToComposite({ provided: cursor })
        },
        byAccessPattern: {}
      };
      for (let accessPattern in entity.model.indexes) {
        let index = entity.model.indexes[accessPattern].index;
        conversions.byAccessPattern[accessPattern] = {
          fromKeys: {
            toCursor: (keys) => entity._fromKeysToCursorByIndex({ indexName: index, provided: keys }),
            toComposite: (keys) => entity._fromKeysToCompositeByIndex({
              indexName: index,
              provided: keys
            })
          },
          fromCursor: {
            toKeys: (cursor) => entity._fromCursorToKeysByIndex({
              indexName: index,
              provided: cursor
            }),
            toComposite: (cursor) => entity._fromCursorToCompositeByIndex({
              indexName: index,
              provided: cursor
            })
          },
          fromComposite: {
            toCursor: (composite) => entity._fromCompositeToCursorByIndex(
              { indexName: index, provided: composite },
              { strict: "all" }
            ),
            toKeys: (composite, options = {}) => entity._fromCompositeToKeysByIndex(
              { indexName: index, provided: composite },
              options
            )
          }
        };
      }
      return conversions;
    }
    module.exports = {
      createConversions
    };
  }
});

// node_modules/electrodb/index.js
var require_electrodb = __commonJS({
  "node_modules/electrodb/index.js"(exports, module) {
    var { Entity: Entity20 } = require_entity();
    var { Service: Service2 } = require_service();
    var {
      createGetTransaction,
      createWriteTransaction
    } = require_transaction();
    var {
      createCustomAttribute,
      CustomAttributeType: CustomAttributeType2,
      createSchema
    } = require_schema();
    var {
      ElectroError,
      ElectroValidationError,
      ElectroUserValidationError,
      ElectroAttributeValidationError
    } = require_errors();
    var { createConversions } = require_conversions();
    var {
      ComparisonTypes,
      EntityIdentifiers,
      EntityIdentifierFields
    } = require_types();
    module.exports = {
      Entity: Entity20,
      Service: Service2,
      ElectroError,
      createSchema,
      ComparisonTypes,
      CustomAttributeType: CustomAttributeType2,
      createCustomAttribute,
      ElectroValidationError,
      createGetTransaction,
      createWriteTransaction,
      ElectroUserValidationError,
      ElectroAttributeValidationError,
      createConversions,
      EntityIdentifiers,
      EntityIdentifierFields
    };
  }
});

// functions/src/lib/http.ts
import { gzipSync } from "node:zlib";

// node_modules/@middy/core/index.js
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ReadableStream } from "node:stream/web";
import { setTimeout } from "node:timers";
var defaultLambdaHandler = () => {
};
var defaultPluginConfig = {
  timeoutEarlyInMillis: 5,
  timeoutEarlyResponse: () => {
    const err = new Error("[AbortError]: The operation was aborted.", {
      cause: { package: "@middy/core" }
    });
    err.name = "TimeoutError";
    throw err;
  },
  streamifyResponse: false
  // Deprecate need for this when AWS provides a flag for when it's looking for it
};
var middy = (setupLambdaHandler, pluginConfig) => {
  let lambdaHandler;
  let plugin;
  if (typeof setupLambdaHandler === "function") {
    lambdaHandler = setupLambdaHandler;
    plugin = { ...defaultPluginConfig, ...pluginConfig };
  } else {
    lambdaHandler = defaultLambdaHandler;
    plugin = { ...defaultPluginConfig, ...setupLambdaHandler };
  }
  plugin.timeoutEarly = plugin.timeoutEarlyInMillis > 0;
  plugin.beforePrefetch?.();
  const beforeMiddlewares = [];
  const afterMiddlewares = [];
  const onErrorMiddlewares = [];
  const middyRequest = (event = {}, context = {}) => {
    return {
      event,
      context,
      response: void 0,
      error: void 0,
      internal: plugin.internal ?? {}
    };
  };
  const middy2 = plugin.streamifyResponse ? awslambda.streamifyResponse(
    async (event, lambdaResponseStream, context) => {
      const request = middyRequest(event, context);
      plugin.requestStart?.(request);
      const handlerResponse = await runRequest(
        request,
        beforeMiddlewares,
        lambdaHandler,
        afterMiddlewares,
        onErrorMiddlewares,
        plugin
      );
      let responseStream = lambdaResponseStream;
      let handlerBody = handlerResponse;
      if (handlerResponse.statusCode) {
        const { body, ...restResponse } = handlerResponse;
        handlerBody = body ?? "";
        responseStream = awslambda.HttpResponseStream.from(
          responseStream,
          restResponse
        );
      }
      let handlerStream;
      if (handlerBody._readableState || handlerBody instanceof ReadableStream) {
        handlerStream = handlerBody;
      } else if (typeof handlerBody === "string") {
        handlerStream = Readable.from(
          handlerBody.length < stringIteratorSize ? handlerBody : stringIterator(handlerBody)
        );
      }
      if (!handlerStream) {
        throw new Error("handler response not a ReadableStream");
      }
      await pipeline(handlerStream, responseStream);
      await plugin.requestEnd?.(request);
    }
  ) : async (event, context) => {
    const request = middyRequest(event, context);
    plugin.requestStart?.(request);
    const response = await runRequest(
      request,
      beforeMiddlewares,
      lambdaHandler,
      afterMiddlewares,
      onErrorMiddlewares,
      plugin
    );
    await plugin.requestEnd?.(request);
    return response;
  };
  middy2.use = (inputMiddleware) => {
    const middlewares = Array.isArray(inputMiddleware) ? inputMiddleware : [inputMiddleware];
    for (const middleware of middlewares) {
      const { before, after, onError } = middleware;
      if (before || after || onError) {
        if (before) middy2.before(before);
        if (after) middy2.after(after);
        if (onError) middy2.onError(onError);
      } else {
        throw new Error(
          'Middleware must be an object containing at least one key among "before", "after", "onError"'
        );
      }
    }
    return middy2;
  };
  middy2.before = (beforeMiddleware) => {
    beforeMiddlewares.push(beforeMiddleware);
    return middy2;
  };
  middy2.after = (afterMiddleware) => {
    afterMiddlewares.unshift(afterMiddleware);
    return middy2;
  };
  middy2.onError = (onErrorMiddleware) => {
    onErrorMiddlewares.unshift(onErrorMiddleware);
    return middy2;
  };
  middy2.handler = (replaceLambdaHandler) => {
    lambdaHandler = replaceLambdaHandler;
    return middy2;
  };
  return middy2;
};
var stringIteratorSize = 16384;
function* stringIterator(input) {
  let position = 0;
  const length = input.length;
  while (position < length) {
    yield input.substring(position, position + stringIteratorSize);
    position += stringIteratorSize;
  }
}
var handlerAbort = new AbortController();
var runRequest = async (request, beforeMiddlewares, lambdaHandler, afterMiddlewares, onErrorMiddlewares, plugin) => {
  let timeoutID;
  const timeoutEarly = plugin.timeoutEarly && request.context.getRemainingTimeInMillis;
  try {
    await runMiddlewares(request, beforeMiddlewares, plugin);
    if (!Object.hasOwn(request, "earlyResponse")) {
      plugin.beforeHandler?.();
      if (handlerAbort.signal.aborted) {
        handlerAbort = new AbortController();
      }
      const promises = [
        lambdaHandler(request.event, request.context, {
          signal: handlerAbort.signal
        })
      ];
      if (timeoutEarly) {
        let timeoutResolve;
        const timeoutPromise = new Promise((resolve, reject) => {
          timeoutResolve = () => {
            handlerAbort.abort();
            try {
              resolve(plugin.timeoutEarlyResponse());
            } catch (e) {
              reject(e);
            }
          };
        });
        timeoutID = setTimeout(
          timeoutResolve,
          request.context.getRemainingTimeInMillis() - plugin.timeoutEarlyInMillis
        );
        promises.push(timeoutPromise);
      }
      request.response = await Promise.race(promises);
      if (timeoutID) {
        clearTimeout(timeoutID);
      }
      plugin.afterHandler?.();
      await runMiddlewares(request, afterMiddlewares, plugin);
    }
  } catch (e) {
    if (timeoutID) {
      clearTimeout(timeoutID);
    }
    request.response = void 0;
    request.error = e;
    try {
      await runMiddlewares(request, onErrorMiddlewares, plugin);
    } catch (e2) {
      e2.originalError = request.error;
      request.error = e2;
      throw request.error;
    }
    if (typeof request.response === "undefined") throw request.error;
  }
  return request.response;
};
var runMiddlewares = async (request, middlewares, plugin) => {
  for (const nextMiddleware of middlewares) {
    plugin.beforeMiddleware?.(nextMiddleware.name);
    const res = await nextMiddleware(request);
    plugin.afterMiddleware?.(nextMiddleware.name);
    if (typeof res !== "undefined") {
      request.earlyResponse = res;
    }
    if (Object.hasOwn(request, "earlyResponse")) {
      request.response = request.earlyResponse;
      return;
    }
  }
};
var core_default = middy;

// node_modules/zod/v4/core/util.js
var util_exports = {};
__export(util_exports, {
  BIGINT_FORMAT_RANGES: () => BIGINT_FORMAT_RANGES,
  CONSTANT_CATCH: () => CONSTANT_CATCH,
  Class: () => Class,
  NUMBER_FORMAT_RANGES: () => NUMBER_FORMAT_RANGES,
  aborted: () => aborted,
  allowsEval: () => allowsEval,
  assert: () => assert,
  assertEqual: () => assertEqual,
  assertIs: () => assertIs,
  assertNever: () => assertNever,
  assertNotEqual: () => assertNotEqual,
  assignProp: () => assignProp,
  attachSchema: () => attachSchema,
  base64ToUint8Array: () => base64ToUint8Array,
  base64urlToUint8Array: () => base64urlToUint8Array,
  cached: () => cached,
  captureStackTrace: () => captureStackTrace,
  cleanEnum: () => cleanEnum,
  cleanRegex: () => cleanRegex,
  clone: () => clone,
  cloneDef: () => cloneDef,
  codePointLength: () => codePointLength,
  constantCatch: () => constantCatch,
  createTransparentProxy: () => createTransparentProxy,
  defineLazy: () => defineLazy,
  defineLazyInternal: () => defineLazyInternal,
  derived: () => derived,
  esc: () => esc,
  escapeRegex: () => escapeRegex,
  explicitlyAborted: () => explicitlyAborted,
  extend: () => extend,
  finalizeIssue: () => finalizeIssue,
  floatSafeRemainder: () => floatSafeRemainder,
  getElementAtPath: () => getElementAtPath,
  getEnumValues: () => getEnumValues,
  getLengthableOrigin: () => getLengthableOrigin,
  getParsedType: () => getParsedType,
  getSizableOrigin: () => getSizableOrigin,
  hexToUint8Array: () => hexToUint8Array,
  hide: () => hide,
  installLazyProp: () => installLazyProp,
  isObject: () => isObject,
  isPlainObject: () => isPlainObject,
  issue: () => issue,
  joinValues: () => joinValues,
  jsonStringifyReplacer: () => jsonStringifyReplacer,
  members: () => members,
  merge: () => merge,
  mergeDefs: () => mergeDefs,
  normalizeParams: () => normalizeParams,
  nullish: () => nullish,
  numKeys: () => numKeys,
  objectClone: () => objectClone,
  omit: () => omit,
  optionalKeys: () => optionalKeys,
  own: () => own,
  parsedType: () => parsedType,
  partial: () => partial,
  pick: () => pick,
  prefixIssues: () => prefixIssues,
  primitiveTypes: () => primitiveTypes,
  promiseAllObject: () => promiseAllObject,
  propertyKeyTypes: () => propertyKeyTypes,
  randomString: () => randomString,
  rawShape: () => rawShape,
  required: () => required,
  safeExtend: () => safeExtend,
  shallowClone: () => shallowClone,
  sizeCaps: () => sizeCaps,
  slugify: () => slugify,
  stringifyPrimitive: () => stringifyPrimitive,
  toZod: () => toZod,
  uint8ArrayToBase64: () => uint8ArrayToBase64,
  uint8ArrayToBase64url: () => uint8ArrayToBase64url,
  uint8ArrayToHex: () => uint8ArrayToHex,
  unwrapMessage: () => unwrapMessage
});
function assertEqual(val2) {
  return val2;
}
function assertNotEqual(val2) {
  return val2;
}
function toZod() {
  return (schema) => schema;
}
function assertIs(_arg) {
}
function assertNever(_x) {
  throw new Error("Unexpected value in exhaustive check");
}
function assert(_) {
}
function getEnumValues(entries) {
  const numericValues = Object.values(entries).filter((v) => typeof v === "number");
  const values = Object.entries(entries).filter(([k, _]) => numericValues.indexOf(+k) === -1).map(([_, v]) => v);
  return values;
}
function joinValues(array2, separator = "|") {
  return array2.map((val2) => stringifyPrimitive(val2)).join(separator);
}
function jsonStringifyReplacer(_, value) {
  if (typeof value === "bigint")
    return value.toString();
  return value;
}
var Cached = class {
  constructor(getter) {
    this._getter = getter;
    this._value = void 0;
  }
  get value() {
    const getter = this._getter;
    if (getter !== void 0) {
      this._value = getter();
      this._getter = void 0;
    }
    return this._value;
  }
};
function cached(getter) {
  return new Cached(getter);
}
function nullish(input) {
  return input === null || input === void 0;
}
function cleanRegex(source) {
  const start = source.startsWith("^") ? 1 : 0;
  const end = source.endsWith("$") ? source.length - 1 : source.length;
  return source.slice(start, end);
}
function floatSafeRemainder(val2, step) {
  const ratio = val2 / step;
  const roundedRatio = Math.round(ratio);
  const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
  if (Math.abs(ratio - roundedRatio) < tolerance)
    return 0;
  return ratio - roundedRatio;
}
var EVALUATING = /* @__PURE__ */ Symbol("evaluating");
function defineLazy(object2, key2, getter) {
  let value = void 0;
  Object.defineProperty(object2, key2, {
    get() {
      if (value === EVALUATING) {
        return void 0;
      }
      if (value === void 0) {
        value = EVALUATING;
        value = getter();
      }
      return value;
    },
    set(v) {
      Object.defineProperty(object2, key2, {
        value: v
        // configurable: true,
      });
    },
    configurable: true
  });
}
function objectClone(obj) {
  return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
}
function assignProp(target, prop, value) {
  Object.defineProperty(target, prop, {
    value,
    writable: true,
    enumerable: true,
    configurable: true
  });
}
function rawShape(def) {
  const desc = Object.getOwnPropertyDescriptor(def, "shape");
  return desc?.get ? desc.get.raw : desc?.value;
}
function sourceShape(schema) {
  return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
function deferProp(target, key2, getter) {
  Object.defineProperty(target, key2, {
    get() {
      const value = getter();
      assignProp(this, key2, value);
      return value;
    },
    enumerable: true,
    configurable: true
  });
}
function putProp(target, key2, value) {
  if (key2 in target)
    assignProp(target, key2, value);
  else
    target[key2] = value;
}
function mirrorShape(target, source, keys, wrap) {
  const raw = sourceShape(source);
  for (const key2 of keys) {
    const desc = Object.getOwnPropertyDescriptor(raw, key2);
    if (!desc.enumerable)
      continue;
    if (desc.get) {
      deferProp(target, key2, () => {
        const value = source._zod.def.shape[key2];
        return wrap ? wrap(value, key2) : value;
      });
    } else
      putProp(target, key2, wrap ? wrap(desc.value, key2) : desc.value);
  }
}
function mirrorProps(target, source) {
  for (const key2 of Reflect.ownKeys(source)) {
    const desc = Object.getOwnPropertyDescriptor(source, key2);
    if (!desc.enumerable)
      continue;
    if (desc.get)
      deferProp(target, key2, () => source[key2]);
    else
      putProp(target, key2, desc.value);
  }
}
function mergeDefs(...defs) {
  const mergedDescriptors = {};
  for (const def of defs) {
    const descriptors = Object.getOwnPropertyDescriptors(def);
    Object.assign(mergedDescriptors, descriptors);
  }
  return Object.defineProperties({}, mergedDescriptors);
}
function cloneDef(schema) {
  return mergeDefs(schema._zod.def);
}
function getElementAtPath(obj, path) {
  if (!path)
    return obj;
  return path.reduce((acc, key2) => acc?.[key2], obj);
}
function promiseAllObject(promisesObj) {
  const keys = Object.keys(promisesObj);
  const promises = keys.map((key2) => promisesObj[key2]);
  return Promise.all(promises).then((results) => {
    const resolvedObj = {};
    for (let i = 0; i < keys.length; i++) {
      resolvedObj[keys[i]] = results[i];
    }
    return resolvedObj;
  });
}
function randomString(length = 10) {
  const chars = "abcdefghijklmnopqrstuvwxyz";
  let str = "";
  for (let i = 0; i < length; i++) {
    str += chars[Math.floor(Math.random() * chars.length)];
  }
  return str;
}
function esc(str) {
  return JSON.stringify(str);
}
function slugify(input) {
  return input.toLowerCase().trim().replace(/[^\w\s-]/g, "").replace(/[\s_-]+/g, "-").replace(/^-+|-+$/g, "");
}
var captureStackTrace = "captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => {
};
function isObject(data) {
  return typeof data === "object" && data !== null && !Array.isArray(data);
}
var allowsEval = /* @__PURE__ */ cached(() => {
  if (globalConfig.jitless) {
    return false;
  }
  if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
    return false;
  }
  try {
    const F = Function;
    new F("");
    return true;
  } catch (_) {
    return false;
  }
});
function isPlainObject(o) {
  if (isObject(o) === false)
    return false;
  const ctor = o.constructor;
  if (ctor === void 0)
    return true;
  if (typeof ctor !== "function")
    return true;
  const prot = ctor.prototype;
  if (isObject(prot) === false)
    return false;
  if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
    return false;
  }
  return true;
}
function shallowClone(o) {
  if (isPlainObject(o))
    return { ...o };
  if (Array.isArray(o))
    return [...o];
  if (o instanceof Map)
    return new Map(o);
  if (o instanceof Set)
    return new Set(o);
  return o;
}
function numKeys(data) {
  let keyCount = 0;
  for (const key2 in data) {
    if (Object.prototype.hasOwnProperty.call(data, key2)) {
      keyCount++;
    }
  }
  return keyCount;
}
var getParsedType = (data) => {
  const t = typeof data;
  switch (t) {
    case "undefined":
      return "undefined";
    case "string":
      return "string";
    case "number":
      return Number.isNaN(data) ? "nan" : "number";
    case "boolean":
      return "boolean";
    case "function":
      return "function";
    case "bigint":
      return "bigint";
    case "symbol":
      return "symbol";
    case "object":
      if (Array.isArray(data)) {
        return "array";
      }
      if (data === null) {
        return "null";
      }
      if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
        return "promise";
      }
      if (typeof Map !== "undefined" && data instanceof Map) {
        return "map";
      }
      if (typeof Set !== "undefined" && data instanceof Set) {
        return "set";
      }
      if (typeof Date !== "undefined" && data instanceof Date) {
        return "date";
      }
      if (typeof File !== "undefined" && data instanceof File) {
        return "file";
      }
      return "object";
    default:
      throw new Error(`Unknown data type: ${t}`);
  }
};
var propertyKeyTypes = /* @__PURE__ */ new Set(["string", "number", "symbol"]);
var primitiveTypes = /* @__PURE__ */ new Set([
  "string",
  "number",
  "bigint",
  "boolean",
  "symbol",
  "undefined"
]);
function escapeRegex(str) {
  return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function clone(inst, def, params) {
  const cl = new inst._zod.constr(def ?? inst._zod.def);
  if (!def || params?.parent)
    cl._zod.parent = inst;
  return cl;
}
function normalizeParams(_params) {
  const params = _params;
  if (!params)
    return {};
  if (typeof params === "string")
    return { error: () => params };
  if (params?.message !== void 0) {
    if (params?.error !== void 0)
      throw new Error("Cannot specify both `message` and `error` params");
    params.error = params.message;
  }
  delete params.message;
  if (typeof params.error === "string")
    return { ...params, error: () => params.error };
  return params;
}
function createTransparentProxy(getter) {
  let target;
  return new Proxy({}, {
    get(_, prop, receiver) {
      target ?? (target = getter());
      return Reflect.get(target, prop, receiver);
    },
    set(_, prop, value, receiver) {
      target ?? (target = getter());
      return Reflect.set(target, prop, value, receiver);
    },
    has(_, prop) {
      target ?? (target = getter());
      return Reflect.has(target, prop);
    },
    deleteProperty(_, prop) {
      target ?? (target = getter());
      return Reflect.deleteProperty(target, prop);
    },
    ownKeys(_) {
      target ?? (target = getter());
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(_, prop) {
      target ?? (target = getter());
      return Reflect.getOwnPropertyDescriptor(target, prop);
    },
    defineProperty(_, prop, descriptor) {
      target ?? (target = getter());
      return Reflect.defineProperty(target, prop, descriptor);
    }
  });
}
function stringifyPrimitive(value) {
  if (typeof value === "bigint")
    return value.toString() + "n";
  if (typeof value === "string")
    return `"${value}"`;
  return `${value}`;
}
function optionalKeys(shape) {
  return Object.keys(shape).filter((k) => {
    return shape[k]._zod.optin !== void 0 && shape[k]._zod.optout === "optional";
  });
}
var NUMBER_FORMAT_RANGES = /* @__PURE__ */ (() => ({
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  float32: [-34028234663852886e22, 34028234663852886e22],
  float64: [-Number.MAX_VALUE, Number.MAX_VALUE]
}))();
var BIGINT_FORMAT_RANGES = {
  int64: [/* @__PURE__ */ BigInt("-9223372036854775808"), /* @__PURE__ */ BigInt("9223372036854775807")],
  uint64: [/* @__PURE__ */ BigInt(0), /* @__PURE__ */ BigInt("18446744073709551615")]
};
function pick(schema, mask) {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(".pick() cannot be used on object schemas containing refinements");
  }
  const newShape = {};
  mirrorShape(newShape, schema, maskedKeys(schema, mask));
  return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function maskedKeys(schema, mask) {
  const raw = sourceShape(schema);
  const keys = [];
  for (const key2 of Reflect.ownKeys(mask)) {
    if (!Object.getOwnPropertyDescriptor(raw, key2)?.enumerable) {
      throw new Error(`Unrecognized key: "${String(key2)}"`);
    }
    if (mask[key2])
      keys.push(key2);
  }
  return keys;
}
function omit(schema, mask) {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(".omit() cannot be used on object schemas containing refinements");
  }
  const omitted = new Set(maskedKeys(schema, mask));
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key2) => !omitted.has(key2)));
  return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
  if (!isPlainObject(shape)) {
    throw new Error("Invalid input to extend: expected a plain object");
  }
  const checks = schema._zod.def.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    const existingShape = sourceShape(schema);
    for (const key2 of Reflect.ownKeys(shape)) {
      if (Object.getOwnPropertyDescriptor(existingShape, key2) !== void 0) {
        throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
      }
    }
  }
  return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function extended(schema, shape) {
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
  mirrorProps(newShape, shape);
  return newShape;
}
function safeExtend(schema, shape) {
  if (!isPlainObject(shape)) {
    throw new Error("Invalid input to safeExtend: expected a plain object");
  }
  return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
  if (!b?._zod?.def) {
    throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
  }
  if (a._zod.def.checks?.length) {
    throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
  }
  const newShape = {};
  mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
  mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
  const def = mergeDefs(a._zod.def, {
    shape: newShape,
    get catchall() {
      return b._zod.def.catchall;
    },
    checks: b._zod.def.checks ?? []
  });
  return clone(a, def);
}
function partial(Class2, schema, mask, name = "partial") {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
  }
  const selected = mask ? new Set(maskedKeys(schema, mask)) : void 0;
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class2 && ((value, key2) => selected && !selected.has(key2) ? value : new Class2({ type: "optional", innerType: value })));
  return clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class2, schema, mask) {
  const selected = mask ? new Set(maskedKeys(schema, mask)) : void 0;
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key2) => (
    // overwrite with non-optional
    selected && !selected.has(key2) ? value : new Class2({ type: "nonoptional", innerType: value })
  ));
  return clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
function aborted(x, startIndex = 0) {
  if (x.aborted === true)
    return true;
  for (let i = startIndex; i < x.issues.length; i++) {
    if (x.issues[i]?.continue !== true) {
      return true;
    }
  }
  return false;
}
function explicitlyAborted(x, startIndex = 0) {
  if (x.aborted === true)
    return true;
  for (let i = startIndex; i < x.issues.length; i++) {
    if (x.issues[i]?.continue === false) {
      return true;
    }
  }
  return false;
}
function prefixIssues(path, issues) {
  return issues.map((iss) => {
    var _a3;
    (_a3 = iss).path ?? (_a3.path = []);
    iss.path.unshift(path);
    return iss;
  });
}
function unwrapMessage(message2) {
  return typeof message2 === "string" ? message2 : message2?.message;
}
function sizeCaps(defChecks) {
  const caps = [];
  for (const ch of defChecks ?? []) {
    const d = ch._zod.def;
    if (!/_(length|size)$|_equals$/.test(d.check))
      break;
    const max = d.maximum ?? d.length ?? d.size;
    if (max >= 0)
      caps.push([max, ch]);
  }
  return caps;
}
function attachSchema(issues, start, inst) {
  var _a3;
  for (let i = start; i < issues.length; i++) {
    (_a3 = issues[i]).schema ?? (_a3.schema = inst);
  }
}
function finalizeIssue(iss, ctx, config2) {
  var _a3;
  const traits = iss.inst?._zod?.traits;
  if (traits?.has("$ZodType")) {
    if (traits.has("$ZodCheck"))
      (_a3 = iss).schema ?? (_a3.schema = iss.inst);
    else
      iss.schema = iss.inst;
  }
  const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : void 0;
  const message2 = iss.message ? iss.message : unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ?? unwrapMessage(schemaError?.(iss)) ?? unwrapMessage(ctx?.error?.(iss)) ?? unwrapMessage(config2.customError?.(iss)) ?? unwrapMessage(config2.localeError?.(iss)) ?? "Invalid input";
  const full = {};
  for (const k of Object.keys(iss)) {
    if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
      continue;
    full[k] = iss[k];
  }
  full.path ?? (full.path = []);
  full.message = message2;
  if (ctx?.reportInput) {
    full.input = iss.input;
  }
  return full;
}
function getSizableOrigin(input) {
  if (input instanceof Set)
    return "set";
  if (input instanceof Map)
    return "map";
  if (input instanceof File)
    return "file";
  return "unknown";
}
var highSurrogate = /[\uD800-\uDBFF]/;
function codePointLength(str) {
  const units = str.length;
  if (!highSurrogate.test(str))
    return units;
  let count = units;
  for (let i = 0; i < units - 1; i++) {
    if ((str.charCodeAt(i) & 64512) === 55296 && (str.charCodeAt(i + 1) & 64512) === 56320) {
      count--;
      i++;
    }
  }
  return count;
}
function getLengthableOrigin(input) {
  if (Array.isArray(input))
    return "array";
  if (typeof input === "string")
    return "string";
  return "unknown";
}
function parsedType(data) {
  const t = typeof data;
  switch (t) {
    case "number": {
      return Number.isNaN(data) ? "nan" : "number";
    }
    case "object": {
      if (data === null) {
        return "null";
      }
      if (Array.isArray(data)) {
        return "array";
      }
      const obj = data;
      if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
        return obj.constructor.name;
      }
    }
  }
  return t;
}
function issue(...args) {
  const [iss, input, inst] = args;
  if (typeof iss === "string") {
    return {
      message: iss,
      code: "custom",
      input,
      inst
    };
  }
  return { ...iss };
}
function cleanEnum(obj) {
  return Object.entries(obj).filter(([k, _]) => {
    return Number.isNaN(Number.parseInt(k, 10));
  }).map((el) => el[1]);
}
function base64ToUint8Array(base642) {
  const binaryString = atob(base642);
  const bytes = new Uint8Array(binaryString.length);
  for (let i = 0; i < binaryString.length; i++) {
    bytes[i] = binaryString.charCodeAt(i);
  }
  return bytes;
}
function uint8ArrayToBase64(bytes) {
  let binaryString = "";
  for (let i = 0; i < bytes.length; i++) {
    binaryString += String.fromCharCode(bytes[i]);
  }
  return btoa(binaryString);
}
function base64urlToUint8Array(base64url2) {
  const base642 = base64url2.replace(/-/g, "+").replace(/_/g, "/");
  const padding = "=".repeat((4 - base642.length % 4) % 4);
  return base64ToUint8Array(base642 + padding);
}
function uint8ArrayToBase64url(bytes) {
  return uint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}
function hexToUint8Array(hex) {
  const cleanHex = hex.replace(/^0x/, "");
  if (cleanHex.length % 2 !== 0) {
    throw new Error("Invalid hex string length");
  }
  const bytes = new Uint8Array(cleanHex.length / 2);
  for (let i = 0; i < cleanHex.length; i += 2) {
    bytes[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
  }
  return bytes;
}
function uint8ArrayToHex(bytes) {
  return Array.from(bytes).map((b) => b.toString(16).padStart(2, "0")).join("");
}
var Class = class {
  constructor(..._args) {
  }
};
function members(proto, table2) {
  for (const key2 in table2) {
    const desc = Object.getOwnPropertyDescriptor(table2, key2);
    if (desc.get)
      Object.defineProperty(proto, key2, { ...desc, enumerable: false });
    else
      defineBound(proto, key2, desc.value);
  }
}
function own(inst, key2, value, enumerable = true) {
  Object.defineProperty(inst, key2, { configurable: true, writable: true, enumerable, value });
  return value;
}
function hide(inst, key2, value) {
  return own(inst, key2, value, false);
}
// @__NO_SIDE_EFFECTS__
function derived(computes, table2) {
  for (const key2 in computes) {
    const compute = computes[key2];
    Object.defineProperty(table2, key2, {
      configurable: true,
      enumerable: true,
      get() {
        return own(this, key2, compute(this));
      },
      set(value) {
        own(this, key2, value);
      }
    });
  }
  return table2;
}
function defineBound(proto, key2, fn) {
  Object.defineProperty(proto, key2, {
    configurable: true,
    get() {
      return this == null ? fn : own(this, key2, fn.bind(this));
    },
    set(value) {
      own(this, key2, value);
    }
  });
}
function claim(inst, sentinel) {
  const proto = Object.getPrototypeOf(inst);
  return sentinel in proto ? void 0 : proto;
}
var installing;
var broke = false;
var breaker = {
  configurable: true,
  get() {
    broke = true;
    return void 0;
  }
};
function defineLazyInternal(inst, key2, compute) {
  const proto = Object.getPrototypeOf(inst._zod);
  if (key2 in proto && installing !== inst._zod) {
    installing = void 0;
    return;
  }
  installing = inst._zod;
  Object.defineProperty(proto, key2, {
    configurable: true,
    get() {
      Object.defineProperty(this, key2, breaker);
      const outer = broke;
      broke = false;
      try {
        const value = compute(this);
        if (broke)
          delete this[key2];
        else
          Object.defineProperty(this, key2, { configurable: true, writable: true, value });
        broke = broke || outer;
        return value;
      } catch (err) {
        delete this[key2];
        broke = broke || outer;
        throw err;
      }
    },
    set(value) {
      Object.defineProperty(this, key2, { configurable: true, writable: true, value });
    }
  });
}
function installLazyProp(inst, key2, make, enumerable) {
  const proto = claim(inst, key2);
  if (!proto)
    return;
  Object.defineProperty(proto, key2, {
    configurable: true,
    get() {
      const desc = { configurable: true, writable: true, enumerable, value: void 0 };
      Object.defineProperty(this, key2, desc);
      desc.value = make(this);
      Object.defineProperty(this, key2, desc);
      return desc.value;
    },
    set(value) {
      Object.defineProperty(this, key2, { configurable: true, writable: true, enumerable, value });
    }
  });
}
var CONSTANT_CATCH = "~constantCatch";
function constantCatch(value) {
  const fn = () => value;
  fn[CONSTANT_CATCH] = true;
  return fn;
}

// node_modules/zod/v4/core/core.js
var _a;
var _zodDesc = { value: void 0, enumerable: false };
var _E = "captureStackTrace" in Error ? Error : null;
function newError(Definition) {
  const E = _E;
  if (E) {
    const saved = E.stackTraceLimit;
    if (typeof saved === "number") {
      try {
        E.stackTraceLimit = 0;
      } catch {
        _E = null;
        return new Definition();
      }
      try {
        return new Definition();
      } finally {
        E.stackTraceLimit = saved;
      }
    }
  }
  return new Definition();
}
// @__NO_SIDE_EFFECTS__
function $constructor(name, initializer3, proto, params) {
  const zodProto = {};
  function Internals(def) {
    this.def = def;
    this.constr = _;
    this.traits = /* @__PURE__ */ new Set();
  }
  Internals.prototype = zodProto;
  const protoMembers = proto;
  const initialized = protoMembers && /* @__PURE__ */ new WeakSet();
  function init(inst, def) {
    if (!inst._zod) {
      _zodDesc.value = new Internals(def);
      try {
        Object.defineProperty(inst, "_zod", _zodDesc);
      } finally {
        _zodDesc.value = void 0;
      }
    } else if (inst._zod.traits.has(name)) {
      return;
    }
    inst._zod.traits.add(name);
    initializer3(inst, def);
    if (initialized) {
      const own2 = Object.getPrototypeOf(inst);
      const ctorProto = inst._zod.constr.prototype;
      let up = own2;
      while (up && up !== ctorProto)
        up = Object.getPrototypeOf(up);
      const target = up ?? own2;
      if (!initialized.has(target)) {
        initialized.add(target);
        members(target, protoMembers);
      }
    }
    const proto2 = _.prototype;
    for (const k in proto2) {
      if (!Object.prototype.hasOwnProperty.call(proto2, k))
        continue;
      if (!(k in inst)) {
        inst[k] = proto2[k].bind(inst);
      }
    }
  }
  const Parent = params?.Parent ?? Object;
  class Definition extends Parent {
  }
  Object.defineProperty(Definition, "name", { value: name });
  function _(def) {
    const inst = params?.Parent ? newError(Definition) : this;
    init(inst, def);
    const deferred = inst._zod.deferred;
    if (deferred) {
      for (const fn of deferred) {
        fn();
      }
      inst._zod.deferred = void 0;
    }
    const pp = globalThis.__zod_globalConfig?.postProcessor;
    if (pp)
      pp(inst);
    return inst;
  }
  Object.defineProperty(_, "init", { value: init });
  Object.defineProperty(_, Symbol.hasInstance, {
    value: (inst) => {
      if (params?.Parent && inst instanceof params.Parent)
        return true;
      return inst?._zod?.traits?.has(name);
    }
  });
  Object.defineProperty(_, "name", { value: name });
  return _;
}
var $ZodAsyncError = class extends Error {
  constructor() {
    super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
  }
};
var $ZodEncodeError = class extends Error {
  constructor(name) {
    super(`Encountered unidirectional transform during encode: ${name}`);
    this.name = "ZodEncodeError";
  }
};
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
var globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
  if (newConfig)
    Object.assign(globalConfig, newConfig);
  return globalConfig;
}

// node_modules/zod/v4/core/errors.js
function _getMessage() {
  const internals = this._zod;
  internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2));
  return internals.message;
}
function _setMessage(value) {
  this._zod.message = value;
}
var _messageDesc = {
  get: _getMessage,
  set: _setMessage,
  enumerable: true,
  configurable: true
};
var _issuesDesc = { value: void 0, enumerable: false };
var _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
var initializer = (inst, def) => {
  inst.name = "$ZodError";
  _issuesDesc.value = def;
  Object.defineProperty(inst, "issues", _issuesDesc);
  _issuesDesc.value = void 0;
  Object.defineProperty(inst, "message", _messageDesc);
  const proto = Object.getPrototypeOf(inst);
  if (!_installedToString.has(proto)) {
    _installedToString.add(proto);
    Object.defineProperty(proto, "toString", {
      configurable: true,
      enumerable: false,
      get() {
        const value = () => this.message;
        Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
        return value;
      },
      set(value) {
        Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
      }
    });
  }
};
var $ZodError = $constructor("$ZodError", initializer);
var $ZodRealError = $constructor("$ZodError", initializer, void 0, {
  Parent: Error
});
function node(obj, key2, make) {
  if (!Object.prototype.hasOwnProperty.call(obj, key2)) {
    if (key2 === "__proto__") {
      Object.defineProperty(obj, key2, { value: make(), writable: true, enumerable: true, configurable: true });
    } else {
      obj[key2] = make();
    }
  }
  return obj[key2];
}
function flattenError(error2, mapper = (issue2) => issue2.message) {
  const fieldErrors = {};
  const formErrors = [];
  for (const sub of error2.issues) {
    if (sub.path.length > 0) {
      node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
    } else {
      formErrors.push(mapper(sub));
    }
  }
  return { formErrors, fieldErrors };
}
function formatError(error2, mapper = (issue2) => issue2.message) {
  const fieldErrors = { _errors: [] };
  const processError = (error3, path = []) => {
    for (const issue2 of error3.issues) {
      if (issue2.code === "invalid_union" && issue2.errors.length) {
        issue2.errors.map((issues) => processError({ issues }, [...path, ...issue2.path]));
      } else if (issue2.code === "invalid_key") {
        processError({ issues: issue2.issues }, [...path, ...issue2.path]);
      } else if (issue2.code === "invalid_element") {
        processError({ issues: issue2.issues }, [...path, ...issue2.path]);
      } else {
        const fullpath = [...path, ...issue2.path];
        if (fullpath.length === 0) {
          fieldErrors._errors.push(mapper(issue2));
        } else {
          let curr = fieldErrors;
          let i = 0;
          while (i < fullpath.length) {
            const el = fullpath[i];
            const terminal = i === fullpath.length - 1;
            if (el === "_errors") {
              if (terminal)
                curr._errors.push(mapper(issue2));
              i++;
              continue;
            }
            if (!Object.prototype.hasOwnProperty.call(curr, el)) {
              Object.defineProperty(curr, el, {
                value: { _errors: [] },
                enumerable: true,
                writable: true,
                configurable: true
              });
            }
            const node2 = curr[el];
            if (terminal) {
              node2._errors.push(mapper(issue2));
            }
            curr = node2;
            i++;
          }
        }
      }
    }
  };
  processError(error2);
  return fieldErrors;
}

// node_modules/zod/v4/core/parse.js
function finalizeParams(callee, params) {
  return { callee: params?.callee ?? callee, Err: params?.Err };
}
var _parse = (_Err) => {
  const fn = (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
      throw new $ZodAsyncError();
    }
    if (result.issues.length) {
      const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
      captureStackTrace(e, _params?.callee ?? fn);
      throw e;
    }
    return result.value;
  };
  return fn;
};
var _parseAsync = (_Err) => {
  const fn = async (schema, value, _ctx, params) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
      result = await result;
    if (result.issues.length) {
      const e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
      captureStackTrace(e, params?.callee ?? fn);
      throw e;
    }
    return result.value;
  };
  return fn;
};
var _safeParse = (_Err) => (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
  const result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise) {
    throw new $ZodAsyncError();
  }
  return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
function failure(Err, issues, ctx) {
  let error2;
  return {
    success: false,
    get error() {
      if (!error2) {
        error2 = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())));
        issues = void 0;
        ctx = void 0;
      }
      return error2;
    },
    set error(e) {
      error2 = e;
      issues = void 0;
      ctx = void 0;
    }
  };
}
var _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
  let result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise)
    result = await result;
  return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
var COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
var COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
var validate = ((schema, value, _ctx) => {
  const validator = schema._zod.bag.validator;
  if (validator !== void 0) {
    if (validator(value) !== COMPILE_INVALID)
      return true;
    if (validator.definite === true && _ctx === void 0)
      return false;
  }
  return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
  const ctx = _ctx ? { ..._ctx, async: false, abortEarly: true } : { async: false, abortEarly: true };
  const fallbackRun = schema._zod.bag.fallbackRun;
  let result;
  if (fallbackRun) {
    ctx[COMPILE_FALLBACK] = true;
    result = fallbackRun({ value, issues: [] }, ctx);
  } else {
    result = schema._zod.run({ value, issues: [] }, ctx);
  }
  if (result instanceof Promise) {
    throw new $ZodAsyncError();
  }
  return result.issues.length === 0;
}
var validateAsync = async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: true, abortEarly: true } : { async: true, abortEarly: true };
  let result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise)
    result = await result;
  return result.issues.length === 0;
};
var _encode = (_Err) => {
  const parse2 = _parse(_Err);
  const fn = (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return parse2(schema, value, ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _decode = (_Err) => {
  const parse2 = _parse(_Err);
  const fn = (schema, value, _ctx, _params) => {
    return parse2(schema, value, _ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _encodeAsync = (_Err) => {
  const parseAsync2 = _parseAsync(_Err);
  const fn = async (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return await parseAsync2(schema, value, ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _decodeAsync = (_Err) => {
  const parseAsync2 = _parseAsync(_Err);
  const fn = async (schema, value, _ctx, _params) => {
    return await parseAsync2(schema, value, _ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _safeEncode = (_Err) => (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
  return _safeParse(_Err)(schema, value, ctx);
};
var _safeDecode = (_Err) => (schema, value, _ctx) => {
  return _safeParse(_Err)(schema, value, _ctx);
};
var _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
  return _safeParseAsync(_Err)(schema, value, ctx);
};
var _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
  return _safeParseAsync(_Err)(schema, value, _ctx);
};

// node_modules/zod/v4/core/regexes.js
var cuid = /^[cC][0-9a-z]{6,}$/;
var cuid2 = /^[0-9a-z]+$/;
var ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
var xid = /^[0-9a-vA-V]{20}$/;
var ksuid = /^[A-Za-z0-9]{27}$/;
var nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
  return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
var duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
var guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
var uuid = (version2) => {
  if (!version2)
    return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
  return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version2}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
var email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
var _emoji = `^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`;
function emoji() {
  return new RegExp(_emoji, "u");
}
var ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
var ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
var cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
var cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
var base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
var base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
var httpProtocol = /^https?$/;
var e164 = /^\+[1-9]\d{6,14}$/;
var dateSource = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;
function anchor(source) {
  return new RegExp(`^${source}$`);
}
var date = /* @__PURE__ */ anchor(dateSource);
function timeSource(args) {
  const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
  const regex = typeof args.precision === "number" ? args.precision === -1 ? `${hhmm}` : args.precision === 0 ? `${hhmm}:[0-5]\\d` : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}` : args.seconds ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?` : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
  return regex;
}
function time(args) {
  return new RegExp(`^${timeSource(args)}$`);
}
function datetime(args) {
  const opts = ["Z"];
  if (args.offset)
    opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
  const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
  const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
  return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
var anyString = /^[\s\S]{0,}$/;
var integer = /^-?\d+$/;
var number = /^-?\d+(?:\.\d+)?$/;
var boolean = /^(?:true|false)$/i;
var _null = /^null$/i;
var lowercase = /^[^A-Z]*$/;
var uppercase = /^[^a-z]*$/;

// node_modules/zod/v4/core/checks.js
var $ZodCheck = /* @__PURE__ */ $constructor("$ZodCheck", (inst, def) => {
  var _a3;
  inst._zod ?? (inst._zod = {});
  inst._zod.def = def;
  (_a3 = inst._zod).onattach ?? (_a3.onattach = []);
});
var _whenHasLength = (payload) => {
  const val2 = payload.value;
  return !nullish(val2) && val2.length !== void 0;
};
var numericOriginMap = {
  number: "number",
  bigint: "bigint",
  object: "date"
};
var $ZodCheckLessThan = /* @__PURE__ */ $constructor("$ZodCheckLessThan", (inst, def) => {
  $ZodCheck.init(inst, def);
  const origin = numericOriginMap[typeof def.value];
  inst._zod.check = (payload) => {
    if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
      return;
    }
    payload.issues.push({
      origin: numericOriginMap[typeof payload.value] ?? origin,
      code: "too_big",
      maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
      input: payload.value,
      inclusive: def.inclusive,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckGreaterThan = /* @__PURE__ */ $constructor("$ZodCheckGreaterThan", (inst, def) => {
  $ZodCheck.init(inst, def);
  const origin = numericOriginMap[typeof def.value];
  inst._zod.check = (payload) => {
    if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
      return;
    }
    payload.issues.push({
      origin: numericOriginMap[typeof payload.value] ?? origin,
      code: "too_small",
      minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
      input: payload.value,
      inclusive: def.inclusive,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckMultipleOf = /* @__PURE__ */ $constructor("$ZodCheckMultipleOf", (inst, def) => {
  $ZodCheck.init(inst, def);
  inst._zod.check = (payload) => {
    if (typeof payload.value !== typeof def.value)
      throw new Error("Cannot mix number and bigint in multiple_of check.");
    const isMultiple = typeof payload.value === "bigint" ? (
      // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
      def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
    ) : floatSafeRemainder(payload.value, def.value) === 0;
    if (isMultiple)
      return;
    payload.issues.push({
      origin: typeof payload.value,
      code: "not_multiple_of",
      divisor: def.value,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckNumberFormat = /* @__PURE__ */ $constructor("$ZodCheckNumberFormat", (inst, def) => {
  $ZodCheck.init(inst, def);
  def.format = def.format || "float64";
  const isInt = def.format?.includes("int");
  const origin = isInt ? "int" : "number";
  const [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
  inst._zod.check = (payload) => {
    const input = payload.value;
    if (isInt) {
      if (!Number.isInteger(input)) {
        payload.issues.push({
          expected: origin,
          format: def.format,
          code: "invalid_type",
          continue: false,
          input,
          inst
        });
        return;
      }
      if (!Number.isSafeInteger(input)) {
        if (input > 0) {
          payload.issues.push({
            input,
            code: "too_big",
            maximum: Number.MAX_SAFE_INTEGER,
            note: "Integers must be within the safe integer range.",
            inst,
            origin,
            inclusive: true,
            continue: !def.abort
          });
        } else {
          payload.issues.push({
            input,
            code: "too_small",
            minimum: Number.MIN_SAFE_INTEGER,
            note: "Integers must be within the safe integer range.",
            inst,
            origin,
            inclusive: true,
            continue: !def.abort
          });
        }
        return;
      }
    }
    if (input < minimum) {
      payload.issues.push({
        origin: "number",
        input,
        code: "too_small",
        minimum,
        inclusive: true,
        inst,
        continue: !def.abort
      });
    }
    if (input > maximum) {
      payload.issues.push({
        origin: "number",
        input,
        code: "too_big",
        maximum,
        inclusive: true,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodCheckMaxLength = /* @__PURE__ */ $constructor("$ZodCheckMaxLength", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input = payload.value;
    const units = input.length;
    const length = typeof input === "string" && units > def.maximum ? codePointLength(input) : units;
    if (length <= def.maximum)
      return;
    const origin = getLengthableOrigin(input);
    payload.issues.push({
      origin,
      code: "too_big",
      maximum: def.maximum,
      inclusive: true,
      input,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckMinLength = /* @__PURE__ */ $constructor("$ZodCheckMinLength", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input = payload.value;
    const units = input.length;
    const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2 ? codePointLength(input) : units;
    if (length >= def.minimum)
      return;
    const origin = getLengthableOrigin(input);
    payload.issues.push({
      origin,
      code: "too_small",
      minimum: def.minimum,
      inclusive: true,
      input,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckLengthEquals = /* @__PURE__ */ $constructor("$ZodCheckLengthEquals", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input = payload.value;
    const units = input.length;
    const length = typeof input === "string" && units >= def.length && units <= def.length * 2 ? codePointLength(input) : units;
    if (length === def.length)
      return;
    const origin = getLengthableOrigin(input);
    const tooBig = length > def.length;
    payload.issues.push({
      origin,
      ...tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length },
      inclusive: true,
      exact: true,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckStringFormat = /* @__PURE__ */ $constructor("$ZodCheckStringFormat", (inst, def) => {
  var _a3, _b;
  $ZodCheck.init(inst, def);
  if (def.pattern)
    (_a3 = inst._zod).check ?? (_a3.check = (payload) => {
      def.pattern.lastIndex = 0;
      if (def.pattern.test(payload.value))
        return;
      payload.issues.push({
        origin: "string",
        code: "invalid_format",
        format: def.format,
        input: payload.value,
        ...def.pattern ? { pattern: def.pattern.toString() } : {},
        inst,
        continue: !def.abort
      });
    });
  else
    (_b = inst._zod).check ?? (_b.check = () => {
    });
});
var $ZodCheckRegex = /* @__PURE__ */ $constructor("$ZodCheckRegex", (inst, def) => {
  $ZodCheckStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    def.pattern.lastIndex = 0;
    if (def.pattern.test(payload.value))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "regex",
      input: payload.value,
      pattern: def.pattern.toString(),
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckLowerCase = /* @__PURE__ */ $constructor("$ZodCheckLowerCase", (inst, def) => {
  def.pattern ?? (def.pattern = lowercase);
  $ZodCheckStringFormat.init(inst, def);
});
var $ZodCheckUpperCase = /* @__PURE__ */ $constructor("$ZodCheckUpperCase", (inst, def) => {
  def.pattern ?? (def.pattern = uppercase);
  $ZodCheckStringFormat.init(inst, def);
});
var $ZodCheckIncludes = /* @__PURE__ */ $constructor("$ZodCheckIncludes", (inst, def) => {
  $ZodCheck.init(inst, def);
  const escapedRegex = escapeRegex(def.includes);
  const pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
  def.pattern = pattern;
  inst._zod.check = (payload) => {
    if (payload.value.includes(def.includes, def.position))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "includes",
      includes: def.includes,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckStartsWith = /* @__PURE__ */ $constructor("$ZodCheckStartsWith", (inst, def) => {
  $ZodCheck.init(inst, def);
  const pattern = new RegExp(`^${escapeRegex(def.prefix)}.*`);
  def.pattern ?? (def.pattern = pattern);
  inst._zod.check = (payload) => {
    if (payload.value.startsWith(def.prefix))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "starts_with",
      prefix: def.prefix,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckEndsWith = /* @__PURE__ */ $constructor("$ZodCheckEndsWith", (inst, def) => {
  $ZodCheck.init(inst, def);
  const pattern = new RegExp(`.*${escapeRegex(def.suffix)}$`);
  def.pattern ?? (def.pattern = pattern);
  inst._zod.check = (payload) => {
    if (payload.value.endsWith(def.suffix))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "ends_with",
      suffix: def.suffix,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckOverwrite = /* @__PURE__ */ $constructor("$ZodCheckOverwrite", (inst, def) => {
  $ZodCheck.init(inst, def);
  inst._zod.check = (payload) => {
    payload.value = def.tx(payload.value);
  };
});

// node_modules/zod/v4/core/doc.js
var Doc = class {
  constructor(args = [], closed = {}) {
    this.content = [];
    this.indent = 0;
    this.args = args;
    this.closed = closed;
  }
  // the compiler catches a child's throw and keeps writing into this doc, so the indent has to unwind with it
  indented(fn) {
    this.indent += 1;
    try {
      fn(this);
    } finally {
      this.indent -= 1;
    }
  }
  write(arg) {
    if (typeof arg === "function") {
      arg(this, { execution: "sync" });
      arg(this, { execution: "async" });
      return;
    }
    const content = arg;
    const lines = content.split("\n").filter((x) => x);
    const minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length));
    const dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
    for (const line of dedented) {
      this.content.push(line);
    }
  }
  compile() {
    const F = Function;
    const content = this?.content ?? [``];
    const factory = new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {
${content.join("\n")}
};`);
    return factory(...Object.values(this.closed));
  }
};

// node_modules/zod/v4/core/versions.js
var version = {
  major: 4,
  minor: 6,
  patch: 7
};

// node_modules/zod/v4/core/schemas.js
var $ZodType = /* @__PURE__ */ $constructor("$ZodType", (inst, def) => {
  var _a3;
  inst ?? (inst = {});
  inst._zod.def = def;
  inst._zod.bag = inst._zod.bag || {};
  inst._zod.version = version;
  const defChecks = inst._zod.def.checks;
  const checks = inst._zod.traits.has("$ZodCheck") ? [inst, ...defChecks ?? []] : defChecks?.length ? [...defChecks] : [];
  for (const ch of checks) {
    for (const fn of ch._zod.onattach) {
      fn(inst);
    }
  }
  if (checks.length === 0) {
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred?.push(() => {
      inst._zod.run = inst._zod.parse;
    });
  } else {
    const runChecks = (payload, checks2, ctx) => {
      if (payload.memo)
        return payload;
      let isAborted = aborted(payload);
      let asyncResult;
      for (const ch of checks2) {
        if (ch._zod.def.when) {
          if (explicitlyAborted(payload))
            continue;
          const shouldRun = ch._zod.def.when(payload);
          if (!shouldRun)
            continue;
        } else if (isAborted) {
          continue;
        }
        const currLen = payload.issues.length;
        const _ = ch._zod.check(payload);
        if (_ instanceof Promise && ctx?.async === false) {
          throw new $ZodAsyncError();
        }
        if (asyncResult || _ instanceof Promise) {
          asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
            await _;
            const nextLen = payload.issues.length;
            if (nextLen === currLen)
              return;
            attachSchema(payload.issues, currLen, inst);
            if (!isAborted)
              isAborted = aborted(payload, currLen);
          });
        } else {
          const nextLen = payload.issues.length;
          if (nextLen === currLen)
            continue;
          attachSchema(payload.issues, currLen, inst);
          if (!isAborted)
            isAborted = aborted(payload, currLen);
        }
      }
      if (asyncResult) {
        return asyncResult.then(() => {
          return payload;
        });
      }
      return payload;
    };
    const handleCanaryResult = (canary, payload, ctx) => {
      if (aborted(canary)) {
        canary.aborted = true;
        return canary;
      }
      const checkResult = runChecks(payload, checks, ctx);
      if (checkResult instanceof Promise) {
        if (ctx.async === false)
          throw new $ZodAsyncError();
        return checkResult.then((checkResult2) => inst._zod.parse(checkResult2, ctx));
      }
      return inst._zod.parse(checkResult, ctx);
    };
    inst._zod.run = (payload, ctx) => {
      if (ctx.skipChecks) {
        return inst._zod.parse(payload, ctx);
      }
      if (ctx.direction === "backward") {
        const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
        if (canary instanceof Promise) {
          return canary.then((canary2) => {
            return handleCanaryResult(canary2, payload, ctx);
          });
        }
        return handleCanaryResult(canary, payload, ctx);
      }
      const result = inst._zod.parse(payload, ctx);
      if (result instanceof Promise) {
        if (ctx.async === false)
          throw new $ZodAsyncError();
        return result.then((result2) => runChecks(result2, checks, ctx));
      }
      return runChecks(result, checks, ctx);
    };
  }
}, {
  // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
  get "~standard"() {
    return hide(this, "~standard", standardProps(this));
  },
  set "~standard"(value) {
    own(this, "~standard", value);
  }
});
var toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync2(inst, value) {
  const ctx = { async: true };
  return toStandardResult(await inst._zod.run({ value, issues: [] }, ctx), ctx);
}
function standardProps(inst) {
  return {
    validate: (value) => {
      const ctx = { async: false };
      try {
        const r = inst._zod.run({ value, issues: [] }, ctx);
        if (!(r instanceof Promise))
          return toStandardResult(r, ctx);
      } catch (_) {
      }
      return validateAsync2(inst, value);
    },
    vendor: "zod",
    version: 1
  };
}
var $ZodString = /* @__PURE__ */ $constructor("$ZodString", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = def.pattern ?? anyString;
  inst._zod.parse = (payload, _) => {
    if (def.coerce)
      try {
        payload.value = String(payload.value);
      } catch (_2) {
      }
    if (typeof payload.value === "string")
      return payload;
    payload.issues.push({
      expected: "string",
      code: "invalid_type",
      input: payload.value,
      inst
    });
    return payload;
  };
});
var $ZodStringFormat = /* @__PURE__ */ $constructor("$ZodStringFormat", (inst, def) => {
  $ZodCheckStringFormat.init(inst, def);
  $ZodString.init(inst, def);
});
var $ZodGUID = /* @__PURE__ */ $constructor("$ZodGUID", (inst, def) => {
  def.pattern ?? (def.pattern = guid);
  $ZodStringFormat.init(inst, def);
});
var $ZodUUID = /* @__PURE__ */ $constructor("$ZodUUID", (inst, def) => {
  if (def.version) {
    const versionMap = {
      v1: 1,
      v2: 2,
      v3: 3,
      v4: 4,
      v5: 5,
      v6: 6,
      v7: 7,
      v8: 8
    };
    const v = versionMap[def.version];
    if (v === void 0)
      throw new Error(`Invalid UUID version: "${def.version}"`);
    def.pattern ?? (def.pattern = uuid(v));
  } else
    def.pattern ?? (def.pattern = uuid());
  $ZodStringFormat.init(inst, def);
});
var $ZodEmail = /* @__PURE__ */ $constructor("$ZodEmail", (inst, def) => {
  def.pattern ?? (def.pattern = email);
  $ZodStringFormat.init(inst, def);
});
var URL_BAD_FORMAT = 1;
var URL_UNPARSEABLE = 2;
function canParseURL(input) {
  try {
    if (typeof URL !== "undefined" && typeof URL.canParse === "function")
      return URL.canParse(input);
    new URL(input);
    return true;
  } catch {
    return false;
  }
}
function validateURL(trimmed, def) {
  if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
    return canParseURL(trimmed) || URL_UNPARSEABLE;
  }
  return parseURLObject(trimmed, def);
}
function parseURLObject(trimmed, def) {
  if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
    return URL_BAD_FORMAT;
  }
  try {
    if (typeof URL !== "undefined") {
      const URLStatic = URL;
      if (typeof URLStatic.parse === "function")
        return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
    }
    return new URL(trimmed);
  } catch {
    return URL_UNPARSEABLE;
  }
}
var asciiTabOrNewline = /[\t\n\r]/g;
function stripTabAndNewline(value) {
  return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
  hostname.lastIndex = 0;
  return hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
  protocol.lastIndex = 0;
  return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
var $ZodURL = /* @__PURE__ */ $constructor("$ZodURL", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    try {
      const trimmed = payload.value.trim();
      const url = validateURL(trimmed, def);
      if (url === URL_BAD_FORMAT) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid URL format",
          input: payload.value,
          inst,
          continue: !def.abort
        });
        return;
      }
      if (url === URL_UNPARSEABLE) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          input: payload.value,
          inst,
          continue: !def.abort
        });
        return;
      }
      if (url === true) {
        payload.value = stripTabAndNewline(trimmed);
        return;
      }
      if (def.hostname && !urlHostnameOk(url, def.hostname)) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid hostname",
          pattern: def.hostname.source,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      }
      if (def.protocol && !urlProtocolOk(url, def.protocol)) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid protocol",
          pattern: def.protocol.source,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      }
      payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
      return;
    } catch (_) {
      payload.issues.push({
        code: "invalid_format",
        format: "url",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodEmoji = /* @__PURE__ */ $constructor("$ZodEmoji", (inst, def) => {
  def.pattern ?? (def.pattern = emoji());
  $ZodStringFormat.init(inst, def);
});
var $ZodNanoID = /* @__PURE__ */ $constructor("$ZodNanoID", (inst, def) => {
  if (def.length !== void 0 && (!Number.isInteger(def.length) || def.length < 1))
    throw new Error(`Invalid nanoid length: ${def.length}`);
  def.pattern ?? (def.pattern = def.length === void 0 ? nanoid : nanoidOfLength(def.length));
  $ZodStringFormat.init(inst, def);
});
var $ZodCUID = /* @__PURE__ */ $constructor("$ZodCUID", (inst, def) => {
  def.pattern ?? (def.pattern = cuid);
  $ZodStringFormat.init(inst, def);
});
var $ZodCUID2 = /* @__PURE__ */ $constructor("$ZodCUID2", (inst, def) => {
  def.pattern ?? (def.pattern = cuid2);
  $ZodStringFormat.init(inst, def);
});
var $ZodULID = /* @__PURE__ */ $constructor("$ZodULID", (inst, def) => {
  def.pattern ?? (def.pattern = ulid);
  $ZodStringFormat.init(inst, def);
});
var $ZodXID = /* @__PURE__ */ $constructor("$ZodXID", (inst, def) => {
  def.pattern ?? (def.pattern = xid);
  $ZodStringFormat.init(inst, def);
});
var $ZodKSUID = /* @__PURE__ */ $constructor("$ZodKSUID", (inst, def) => {
  def.pattern ?? (def.pattern = ksuid);
  $ZodStringFormat.init(inst, def);
});
var $ZodISODateTime = /* @__PURE__ */ $constructor("$ZodISODateTime", (inst, def) => {
  def.pattern ?? (def.pattern = datetime(def));
  $ZodStringFormat.init(inst, def);
});
var $ZodISODate = /* @__PURE__ */ $constructor("$ZodISODate", (inst, def) => {
  def.pattern ?? (def.pattern = date);
  $ZodStringFormat.init(inst, def);
});
var $ZodISOTime = /* @__PURE__ */ $constructor("$ZodISOTime", (inst, def) => {
  def.pattern ?? (def.pattern = time(def));
  $ZodStringFormat.init(inst, def);
});
var $ZodISODuration = /* @__PURE__ */ $constructor("$ZodISODuration", (inst, def) => {
  def.pattern ?? (def.pattern = duration);
  $ZodStringFormat.init(inst, def);
});
var $ZodIPv4 = /* @__PURE__ */ $constructor("$ZodIPv4", (inst, def) => {
  def.pattern ?? (def.pattern = ipv4);
  $ZodStringFormat.init(inst, def);
});
var ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
  if (!ipv6Alphabet.test(value))
    return false;
  return canParseURL(`http://[${value}]`);
}
var $ZodIPv6 = /* @__PURE__ */ $constructor("$ZodIPv6", (inst, def) => {
  def.pattern ?? (def.pattern = ipv6);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (!isValidIPv6(payload.value)) {
      payload.issues.push({
        code: "invalid_format",
        format: "ipv6",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodCIDRv4 = /* @__PURE__ */ $constructor("$ZodCIDRv4", (inst, def) => {
  def.pattern ?? (def.pattern = cidrv4);
  $ZodStringFormat.init(inst, def);
});
function isValidCIDRv6(value) {
  const parts = value.split("/");
  if (parts.length !== 2)
    return false;
  const [address, prefix] = parts;
  if (!prefix)
    return false;
  const prefixNum = Number(prefix);
  if (`${prefixNum}` !== prefix)
    return false;
  if (prefixNum < 0 || prefixNum > 128)
    return false;
  return isValidIPv6(address);
}
var $ZodCIDRv6 = /* @__PURE__ */ $constructor("$ZodCIDRv6", (inst, def) => {
  def.pattern ?? (def.pattern = cidrv6);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (!isValidCIDRv6(payload.value)) {
      payload.issues.push({
        code: "invalid_format",
        format: "cidrv6",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
function isValidBase64(data) {
  if (data === "")
    return true;
  if (/\s/.test(data))
    return false;
  if (data.length % 4 !== 0)
    return false;
  try {
    atob(data);
    return true;
  } catch {
    return false;
  }
}
var base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
var $ZodBase64 = /* @__PURE__ */ $constructor("$ZodBase64", (inst, def) => {
  def.pattern ?? (def.pattern = base64Charset);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidBase64(payload.value))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "base64",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
  if (!base64urlCharset.test(data))
    return false;
  const base642 = data.replace(/[-_]/g, (c) => c === "-" ? "+" : "/");
  const padded = base642.padEnd(Math.ceil(base642.length / 4) * 4, "=");
  return isValidBase64(padded);
}
var $ZodBase64URL = /* @__PURE__ */ $constructor("$ZodBase64URL", (inst, def) => {
  def.pattern ?? (def.pattern = base64urlCharset);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidBase64URL(payload.value))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "base64url",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodE164 = /* @__PURE__ */ $constructor("$ZodE164", (inst, def) => {
  def.pattern ?? (def.pattern = e164);
  $ZodStringFormat.init(inst, def);
});
function isValidJWT(token, algorithm = null) {
  try {
    const tokensParts = token.split(".");
    if (tokensParts.length !== 3)
      return false;
    const [header] = tokensParts;
    if (!header)
      return false;
    const parsedHeader = JSON.parse(atob(header));
    if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
      return false;
    if (!parsedHeader.alg)
      return false;
    if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
      return false;
    return true;
  } catch {
    return false;
  }
}
var $ZodJWT = /* @__PURE__ */ $constructor("$ZodJWT", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidJWT(payload.value, def.alg))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "jwt",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodNumber = /* @__PURE__ */ $constructor("$ZodNumber", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = number;
  inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = Number(payload.value);
      } catch (_) {
      }
    const input = payload.value;
    if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
      return payload;
    }
    const received = typeof input === "number" ? Number.isNaN(input) ? "NaN" : !Number.isFinite(input) ? String(input) : void 0 : void 0;
    payload.issues.push({
      expected: "number",
      code: "invalid_type",
      input,
      inst,
      ...received ? { received } : {}
    });
    return payload;
  };
});
var $ZodNumberFormat = /* @__PURE__ */ $constructor("$ZodNumberFormat", (inst, def) => {
  $ZodCheckNumberFormat.init(inst, def);
  $ZodNumber.init(inst, def);
});
var $ZodBoolean = /* @__PURE__ */ $constructor("$ZodBoolean", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = boolean;
  inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = Boolean(payload.value);
      } catch (_) {
      }
    const input = payload.value;
    if (typeof input === "boolean")
      return payload;
    payload.issues.push({
      expected: "boolean",
      code: "invalid_type",
      input,
      inst
    });
    return payload;
  };
});
var $ZodNull = /* @__PURE__ */ $constructor("$ZodNull", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = _null;
  inst._zod.values = /* @__PURE__ */ new Set([null]);
  inst._zod.parse = (payload, _ctx) => {
    const input = payload.value;
    if (input === null)
      return payload;
    payload.issues.push({
      expected: "null",
      code: "invalid_type",
      input,
      inst
    });
    return payload;
  };
});
var $ZodUnknown = /* @__PURE__ */ $constructor("$ZodUnknown", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload) => payload;
});
var $ZodNever = /* @__PURE__ */ $constructor("$ZodNever", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _ctx) => {
    payload.issues.push({
      expected: "never",
      code: "invalid_type",
      input: payload.value,
      inst
    });
    return payload;
  };
});
function capSize(inst, size) {
  const caps = sizeCaps(inst._zod.def.checks);
  if (!caps.length)
    return;
  const cap = Math.min(...caps.map((c) => c[0]));
  const parse2 = inst._zod.parse;
  inst._zod.parse = (payload, ctx) => {
    const n = size(payload.value);
    if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
      for (const [max, ch] of sizeCaps(inst._zod.def.checks)) {
        if (n > max && ch._zod.def.when(payload)) {
          const start = payload.issues.length;
          ch._zod.check(payload);
          payload.issues[start].continue = false;
          attachSchema(payload.issues, start, inst);
          return payload;
        }
      }
    }
    return parse2(payload, ctx);
  };
}
var arraySize = (input) => Array.isArray(input) ? input.length : -1;
function handleArrayResult(result, final, index) {
  if (result.issues.length) {
    final.issues.push(...prefixIssues(index, result.issues));
  }
  final.value[index] = result.value;
}
var $ZodArray = /* @__PURE__ */ $constructor("$ZodArray", (inst, def) => {
  $ZodType.init(inst, def);
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    if (!Array.isArray(input)) {
      payload.issues.push({
        expected: "array",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    payload.value = memo2 ? memo2.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
    const proms = [];
    const abortEarly = ctx?.abortEarly;
    for (let i = 0; i < input.length; i++) {
      const item = input[i];
      const result = def.element._zod.run({
        value: item,
        issues: []
      }, ctx);
      if (result instanceof Promise) {
        proms.push(result.then((result2) => handleArrayResult(result2, payload, i)));
      } else {
        handleArrayResult(result, payload, i);
        if (abortEarly && result.issues.length !== 0 && aborted(result))
          break;
      }
    }
    if (proms.length) {
      return Promise.all(proms).then(() => payload);
    }
    return payload;
  };
  capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key2, input, optin, optout) {
  const isPresent = key2 in input;
  const isOptionalOut = optout === "optional";
  if (!isPresent && isOptionalOut && optin === "optional") {
    return;
  }
  if (result.issues.length) {
    if (optin !== void 0 && isOptionalOut && !isPresent) {
      return;
    }
    final.issues.push(...prefixIssues(key2, result.issues));
  }
  if (!isPresent && optin === void 0) {
    if (!result.issues.length) {
      final.issues.push({
        code: "invalid_type",
        expected: "nonoptional",
        input: void 0,
        path: [key2]
      });
    }
    return;
  }
  if (result.value === void 0) {
    if (isPresent || optin === "defaulted" && !isOptionalOut) {
      final.value[key2] = void 0;
    }
  } else {
    final.value[key2] = result.value;
  }
}
var NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
  const keys = Object.keys(def.shape);
  const ownSymbols = Object.getOwnPropertySymbols(def.shape);
  const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
  const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
  for (const k of allKeys) {
    if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
      throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
    }
  }
  const okeys = optionalKeys(def.shape);
  return {
    ...def,
    allKeys,
    symbolKeys,
    // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
    keySet: new Set(keys),
    numKeys: keys.length,
    optionalKeys: new Set(okeys)
  };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
  const unrecognized = [];
  const keySet = def.keySet;
  const _catchall = def.catchall._zod;
  const t = _catchall.def.type;
  const optin = _catchall.optin;
  const optout = _catchall.optout;
  let seen = 0;
  for (const key2 in input) {
    if (abortEarly && payload.issues.length !== seen) {
      if (aborted(payload, seen))
        break;
      seen = payload.issues.length;
    }
    if (keySet.has(key2))
      continue;
    if (key2 === "__proto__") {
      if (t === "never")
        unrecognized.push(key2);
      continue;
    }
    if (t === "never") {
      unrecognized.push(key2);
      continue;
    }
    const r = _catchall.run({ value: input[key2], issues: [] }, ctx);
    if (r instanceof Promise) {
      proms.push(r.then((r2) => handlePropertyResult(r2, payload, key2, input, optin, optout)));
    } else {
      handlePropertyResult(r, payload, key2, input, optin, optout);
    }
  }
  if (unrecognized.length) {
    payload.issues.push({
      code: "unrecognized_keys",
      keys: unrecognized,
      input,
      inst,
      // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
      continue: true
    });
  }
  if (!proms.length)
    return payload;
  return Promise.all(proms).then(() => {
    return payload;
  });
}
var $ZodObject = /* @__PURE__ */ $constructor("$ZodObject", (inst, def) => {
  $ZodType.init(inst, def);
  const desc = Object.getOwnPropertyDescriptor(def, "shape");
  const sh = desc?.get ? desc.get.raw : def.shape ?? {};
  if (sh) {
    const get = () => {
      const newSh = { ...sh };
      Object.defineProperty(def, "shape", { value: newSh });
      get.raw = newSh;
      return newSh;
    };
    get.raw = sh;
    Object.defineProperty(def, "shape", { get });
  }
  const _normalized = cached(() => normalizeDef(def));
  defineLazyInternal(inst, "propValues", (zod) => {
    const shape = zod.def.shape;
    const propValues = {};
    for (const key2 in shape) {
      const field = shape[key2]._zod;
      if (field.values) {
        if (!Object.prototype.hasOwnProperty.call(propValues, key2)) {
          assignProp(propValues, key2, /* @__PURE__ */ new Set());
        }
        for (const v of field.values)
          propValues[key2].add(v);
        if (field.optin !== void 0)
          propValues[key2].add(void 0);
      }
    }
    return propValues;
  });
  const isObject3 = isObject;
  const catchall = def.catchall;
  let value;
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    value ?? (value = _normalized.value);
    const input = payload.value;
    if (!isObject3(input)) {
      payload.issues.push({
        expected: "object",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
    const proms = [];
    const shape = value.shape;
    const abortEarly = ctx?.abortEarly;
    let seen = payload.issues.length;
    for (const key2 of value.allKeys) {
      if (abortEarly && payload.issues.length !== seen) {
        if (aborted(payload, seen))
          break;
        seen = payload.issues.length;
      }
      if (key2 === "__proto__")
        continue;
      const el = shape[key2];
      const optin = el._zod.optin;
      const optout = el._zod.optout;
      const r = el._zod.run({ value: input[key2], issues: [] }, ctx);
      if (r instanceof Promise) {
        proms.push(r.then((r2) => handlePropertyResult(r2, payload, key2, input, optin, optout)));
      } else {
        handlePropertyResult(r, payload, key2, input, optin, optout);
      }
    }
    if (!catchall) {
      return proms.length ? Promise.all(proms).then(() => payload) : payload;
    }
    return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
  };
});
var $ZodObjectJIT = /* @__PURE__ */ $constructor("$ZodObjectJIT", (inst, def) => {
  $ZodObject.init(inst, def);
  const superParse = inst._zod.parse;
  const _normalized = cached(() => normalizeDef(def));
  const memo2 = globalConfig.memoizer;
  const generateFastpass = (shape) => {
    const normalized = _normalized.value;
    const syms = normalized.symbolKeys;
    const doc = new Doc(["payload", "ctx"], { shape, inst, memo: memo2, syms });
    const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
    const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
    doc.write(`const input = payload.value;`);
    const ids = /* @__PURE__ */ Object.create(null);
    let counter = 0;
    for (const key2 of normalized.allKeys) {
      ids[key2] = `key_${counter++}`;
    }
    doc.write(memo2 ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
    for (const key2 of normalized.allKeys) {
      if (key2 === "__proto__")
        continue;
      const id = ids[key2];
      const k = typeof key2 === "symbol" ? `syms[${syms.indexOf(key2)}]` : esc(key2);
      const isPresent = `${k} in input`;
      const schema = shape[key2];
      const optin = schema?._zod?.optin;
      const isOptionalIn = optin !== void 0;
      const isOptionalOut = schema?._zod?.optout === "optional";
      doc.write(`const ${id} = ${parseStr(k)};`);
      if (isOptionalIn && isOptionalOut) {
        const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
        doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
      } else if (!isOptionalIn) {
        doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
      } else {
        doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
        if (optin === "defaulted") {
          doc.write(`newResult[${k}] = ${id}.value;`);
        } else {
          doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
        }
      }
    }
    doc.write(`payload.value = newResult;`);
    doc.write(`return payload;`);
    return doc.compile();
  };
  let fastpass;
  const isObject3 = isObject;
  const jit = !globalConfig.jitless;
  const allowsEval2 = allowsEval;
  const fastEnabled = jit && allowsEval2.value;
  const catchall = def.catchall;
  let value;
  inst._zod.parse = (payload, ctx) => {
    value ?? (value = _normalized.value);
    const input = payload.value;
    if (!isObject3(input)) {
      payload.issues.push({
        expected: "object",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
      if (!fastpass)
        fastpass = generateFastpass(def.shape);
      payload = fastpass(payload, ctx);
      if (!catchall)
        return payload;
      return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
    }
    return superParse(payload, ctx);
  };
});
function handleUnionResults(results, final, inst, ctx) {
  for (const result of results) {
    if (result.issues.length === 0) {
      final.value = result.value;
      return final;
    }
  }
  const nonaborted = results.filter((r) => !aborted(r));
  if (nonaborted.length === 1) {
    final.value = nonaborted[0].value;
    return nonaborted[0];
  }
  final.issues.push({
    code: "invalid_union",
    input: final.value,
    inst,
    errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config())))
  });
  return final;
}
var $ZodUnion = /* @__PURE__ */ $constructor("$ZodUnion", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted") ? "defaulted" : zod.def.options.some((o) => o._zod.optin !== void 0) ? "optional" : void 0);
  defineLazyInternal(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : void 0);
  defineLazyInternal(inst, "values", (zod) => {
    if (zod.def.options.every((o) => o._zod.values)) {
      return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
    }
    return void 0;
  });
  defineLazyInternal(inst, "pattern", (zod) => {
    if (zod.def.options.every((o) => o._zod.pattern)) {
      const patterns = zod.def.options.map((o) => o._zod.pattern);
      return new RegExp(`^(${patterns.map((p) => cleanRegex(p.source)).join("|")})$`);
    }
    return void 0;
  });
  const first = def.options.length === 1 ? def.options[0]._zod.run : null;
  inst._zod.parse = (payload, ctx) => {
    if (first) {
      return first(payload, ctx);
    }
    let async = false;
    const results = [];
    for (const option of def.options) {
      const result = option._zod.run({
        value: payload.value,
        issues: []
      }, ctx);
      if (result instanceof Promise) {
        results.push(result);
        async = true;
      } else {
        if (result.issues.length === 0)
          return result;
        results.push(result);
      }
    }
    if (!async)
      return handleUnionResults(results, payload, inst, ctx);
    return Promise.all(results).then((results2) => {
      return handleUnionResults(results2, payload, inst, ctx);
    });
  };
});
function discriminatorMap(def) {
  const map = /* @__PURE__ */ new Map();
  for (const option of def.options) {
    const values = option._zod.propValues?.[def.discriminator];
    if (!values || values.size === 0)
      throw new Error(`Invalid discriminated union option at index "${def.options.indexOf(option)}"`);
    for (const value of values) {
      if (map.has(value)) {
        if (value !== void 0)
          throw new Error(`Duplicate discriminator value "${String(value)}"`);
        map.set(value, null);
      } else {
        map.set(value, option);
      }
    }
  }
  return map;
}
var $ZodDiscriminatedUnion = /* @__PURE__ */ $constructor("$ZodDiscriminatedUnion", (inst, def) => {
  def.inclusive = false;
  $ZodUnion.init(inst, def);
  const _super = inst._zod.parse;
  defineLazyInternal(inst, "propValues", (zod) => {
    const propValues = {};
    let undefinedCount = 0;
    for (const option of zod.def.options) {
      const pv = option._zod.propValues;
      if (!pv || Object.keys(pv).length === 0)
        throw new Error(`Invalid discriminated union option at index "${zod.def.options.indexOf(option)}"`);
      if (pv[zod.def.discriminator]?.has(void 0))
        undefinedCount++;
      for (const [k, v] of Object.entries(pv)) {
        if (!Object.prototype.hasOwnProperty.call(propValues, k)) {
          assignProp(propValues, k, /* @__PURE__ */ new Set());
        }
        for (const val2 of v) {
          propValues[k].add(val2);
        }
      }
    }
    if (!zod.def.unionFallback && undefinedCount > 1)
      propValues[zod.def.discriminator]?.delete(void 0);
    return propValues;
  });
  def.options.forEach((option, i) => {
    const propShape = rawShape(option._zod.def);
    if (propShape && !Object.prototype.hasOwnProperty.call(propShape, def.discriminator)) {
      throw new Error(`Invalid discriminated union option at index "${i}"`);
    }
  });
  const disc = cached(() => discriminatorMap(def));
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    if (!isObject(input)) {
      payload.issues.push({
        code: "invalid_type",
        expected: "object",
        input,
        inst
      });
      return payload;
    }
    const value = input?.[def.discriminator];
    const opt = disc.value.get(value);
    if (opt && (value !== void 0 || ctx.direction !== "backward")) {
      return opt._zod.run(payload, ctx);
    }
    if (def.unionFallback || ctx.direction === "backward") {
      return _super(payload, ctx);
    }
    payload.issues.push({
      code: "invalid_union",
      errors: [],
      note: "No matching discriminator",
      discriminator: def.discriminator,
      options: Array.from(disc.value.keys()).filter((value2) => disc.value.get(value2) !== null),
      input,
      path: [def.discriminator],
      inst
    });
    return payload;
  };
});
var $ZodIntersection = /* @__PURE__ */ $constructor("$ZodIntersection", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    const left = def.left._zod.run({ value: input, issues: [] }, ctx);
    const right = def.right._zod.run({ value: input, issues: [] }, ctx);
    const async = left instanceof Promise || right instanceof Promise;
    if (async) {
      return Promise.all([left, right]).then(([left2, right2]) => {
        return handleIntersectionResults(payload, left2, right2);
      });
    }
    return handleIntersectionResults(payload, left, right);
  };
});
function mergeValues(a, b) {
  if (a === b) {
    return { valid: true, data: a };
  }
  if (a instanceof Date && b instanceof Date && +a === +b) {
    return { valid: true, data: a };
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const bKeys = Object.keys(b);
    const sharedKeys = Object.keys(a).filter((key2) => bKeys.indexOf(key2) !== -1);
    const newObj = { ...a, ...b };
    if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
      delete newObj.__proto__;
    for (const key2 of sharedKeys) {
      if (key2 === "__proto__")
        continue;
      const sharedValue = mergeValues(a[key2], b[key2]);
      if (!sharedValue.valid) {
        return {
          valid: false,
          mergeErrorPath: [key2, ...sharedValue.mergeErrorPath]
        };
      }
      newObj[key2] = sharedValue.data;
    }
    return { valid: true, data: newObj };
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) {
      return { valid: false, mergeErrorPath: [] };
    }
    const newArray = [];
    for (let index = 0; index < a.length; index++) {
      const itemA = a[index];
      const itemB = b[index];
      const sharedValue = mergeValues(itemA, itemB);
      if (!sharedValue.valid) {
        return {
          valid: false,
          mergeErrorPath: [index, ...sharedValue.mergeErrorPath]
        };
      }
      newArray.push(sharedValue.data);
    }
    return { valid: true, data: newArray };
  }
  return { valid: false, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
  const unrecKeys = /* @__PURE__ */ new Map();
  let unrecIssue;
  const keyIssues = /* @__PURE__ */ new Map();
  const collect = (iss, side) => {
    let keys;
    if (iss.code === "unrecognized_keys" && !iss.path?.length) {
      unrecIssue ?? (unrecIssue = iss);
      keys = iss.keys;
    } else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
      const k = String(iss.path[0]);
      if (!keyIssues.has(k))
        keyIssues.set(k, iss);
      keys = [k];
    } else {
      return false;
    }
    for (const k of keys) {
      if (!unrecKeys.has(k))
        unrecKeys.set(k, {});
      unrecKeys.get(k)[side] = true;
    }
    return true;
  };
  for (const iss of left.issues) {
    if (!collect(iss, "l"))
      result.issues.push(iss);
  }
  for (const iss of right.issues) {
    if (!collect(iss, "r"))
      result.issues.push(iss);
  }
  const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
  if (bothKeys.length) {
    const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
    if (aggregated.length)
      result.issues.push({ ...unrecIssue, keys: aggregated });
    for (const k of bothKeys) {
      if (!aggregated.includes(k) && keyIssues.has(k))
        result.issues.push(keyIssues.get(k));
    }
  }
  const merged = mergeValues(left.value, right.value);
  if (!merged.valid) {
    if (aborted(result))
      return result;
    throw new Error(`Unmergable intersection. Error path: ${JSON.stringify(merged.mergeErrorPath)}`);
  }
  result.value = merged.data;
  return result;
}
var $ZodRecord = /* @__PURE__ */ $constructor("$ZodRecord", (inst, def) => {
  $ZodType.init(inst, def);
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    if (!isPlainObject(input)) {
      payload.issues.push({
        expected: "record",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    const proms = [];
    const values = def.keyType._zod.values;
    if (values && !def.partial) {
      payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
      const recordKeys = /* @__PURE__ */ new Set();
      for (const key2 of values) {
        if (typeof key2 === "string" || typeof key2 === "number" || typeof key2 === "symbol") {
          recordKeys.add(typeof key2 === "number" ? key2.toString() : key2);
          if (key2 === "__proto__")
            continue;
          const keyResult = def.keyType._zod.run({ value: key2, issues: [] }, ctx);
          if (keyResult instanceof Promise) {
            throw new Error("Async schemas not supported in object keys currently");
          }
          if (keyResult.issues.length) {
            payload.issues.push({
              code: "invalid_key",
              origin: "record",
              issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
              input: key2,
              path: [key2],
              inst
            });
            continue;
          }
          const outKey = keyResult.value;
          if (outKey === "__proto__")
            continue;
          const result = def.valueType._zod.run({ value: input[key2], issues: [] }, ctx);
          if (result instanceof Promise) {
            proms.push(result.then((result2) => {
              if (result2.issues.length) {
                payload.issues.push(...prefixIssues(key2, result2.issues));
              }
              payload.value[outKey] = result2.value;
            }));
          } else {
            if (result.issues.length) {
              payload.issues.push(...prefixIssues(key2, result.issues));
            }
            payload.value[outKey] = result.value;
          }
        }
      }
      let unrecognized;
      for (const key2 in input) {
        if (!recordKeys.has(key2)) {
          if (def.mode === "loose") {
            if (key2 === "__proto__")
              continue;
            payload.value[key2] = input[key2];
          } else {
            unrecognized = unrecognized ?? [];
            unrecognized.push(key2);
          }
        }
      }
      if (unrecognized && unrecognized.length > 0) {
        payload.issues.push({
          code: "unrecognized_keys",
          input,
          inst,
          keys: unrecognized,
          continue: true
        });
      }
    } else {
      payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
      let unrecognized;
      for (const key2 of Reflect.ownKeys(input)) {
        if (key2 === "__proto__")
          continue;
        if (!Object.prototype.propertyIsEnumerable.call(input, key2))
          continue;
        let keyResult = def.keyType._zod.run({ value: key2, issues: [] }, ctx);
        if (keyResult instanceof Promise) {
          throw new Error("Async schemas not supported in object keys currently");
        }
        const checkNumericKey = typeof key2 === "string" && number.test(key2) && keyResult.issues.length;
        if (checkNumericKey) {
          const retryResult = def.keyType._zod.run({ value: Number(key2), issues: [] }, ctx);
          if (retryResult instanceof Promise) {
            throw new Error("Async schemas not supported in object keys currently");
          }
          if (retryResult.issues.length === 0) {
            keyResult = retryResult;
          }
        }
        if (keyResult.issues.length) {
          if (def.mode === "loose") {
            payload.value[key2] = input[key2];
          } else if (values) {
            unrecognized = unrecognized ?? [];
            unrecognized.push(key2);
          } else {
            payload.issues.push({
              code: "invalid_key",
              origin: "record",
              issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
              input: key2,
              path: [key2],
              inst
            });
          }
          continue;
        }
        const outKey = keyResult.value;
        if (outKey === "__proto__")
          continue;
        const result = def.valueType._zod.run({ value: input[key2], issues: [] }, ctx);
        if (result instanceof Promise) {
          proms.push(result.then((result2) => {
            if (result2.issues.length) {
              payload.issues.push(...prefixIssues(key2, result2.issues));
            }
            payload.value[outKey] = result2.value;
          }));
        } else {
          if (result.issues.length) {
            payload.issues.push(...prefixIssues(key2, result.issues));
          }
          payload.value[outKey] = result.value;
        }
      }
      if (unrecognized && unrecognized.length > 0) {
        payload.issues.push({
          code: "unrecognized_keys",
          input,
          inst,
          keys: unrecognized,
          continue: true
        });
      }
    }
    if (proms.length) {
      return Promise.all(proms).then(() => payload);
    }
    return payload;
  };
});
var $ZodEnum = /* @__PURE__ */ $constructor("$ZodEnum", (inst, def) => {
  $ZodType.init(inst, def);
  const values = getEnumValues(def.entries);
  const valuesSet = new Set(values);
  inst._zod.values = valuesSet;
  defineLazyInternal(inst, "pattern", (zod) => {
    const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
    return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
  });
  inst._zod.parse = (payload, _ctx) => {
    const input = payload.value;
    if (valuesSet.has(input)) {
      return payload;
    }
    payload.issues.push({
      code: "invalid_value",
      values,
      input,
      inst
    });
    return payload;
  };
});
var $ZodLiteral = /* @__PURE__ */ $constructor("$ZodLiteral", (inst, def) => {
  $ZodType.init(inst, def);
  const values = new Set(def.values);
  inst._zod.values = values;
  defineLazyInternal(inst, "pattern", (zod) => {
    const vals = zod.def.values;
    return new RegExp(vals.length ? `^(${vals.map((o) => typeof o === "string" ? escapeRegex(o) : o ? escapeRegex(o.toString()) : String(o)).join("|")})$` : "^[^\\s\\S]$");
  });
  inst._zod.parse = (payload, _ctx) => {
    const input = payload.value;
    if (values.has(input)) {
      return payload;
    }
    payload.issues.push({
      code: "invalid_value",
      values: def.values,
      input,
      inst
    });
    return payload;
  };
});
var $ZodTransform = /* @__PURE__ */ $constructor("$ZodTransform", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "optional";
  globalConfig.memoizer?.guard(inst);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      throw new $ZodEncodeError(inst.constructor.name);
    }
    const _out = def.transform(payload.value, payload);
    if (ctx.async) {
      const output = _out instanceof Promise ? _out : Promise.resolve(_out);
      return output.then((output2) => {
        payload.value = output2;
        return payload;
      });
    }
    if (_out instanceof Promise) {
      throw new $ZodAsyncError();
    }
    payload.value = _out;
    return payload;
  };
});
function handleOptionalResult(payload, result) {
  payload.value = result.issues.length ? void 0 : result.value;
  return payload;
}
var $ZodOptional = /* @__PURE__ */ $constructor("$ZodOptional", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
  inst._zod.optout = "optional";
  defineLazyInternal(inst, "values", (zod) => {
    const values = zod.def.innerType._zod.values;
    return values ? /* @__PURE__ */ new Set([...values, void 0]) : void 0;
  });
  defineLazyInternal(inst, "pattern", (zod) => {
    const pattern = zod.def.innerType._zod.pattern;
    return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    if (payload.value === void 0) {
      if (def.innerType._zod.optin !== "defaulted")
        return payload;
      const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
      if (result instanceof Promise)
        return result.then((result2) => handleOptionalResult(payload, result2));
      return handleOptionalResult(payload, result);
    }
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodExactOptional = /* @__PURE__ */ $constructor("$ZodExactOptional", (inst, def) => {
  $ZodOptional.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
  inst._zod.parse = (payload, ctx) => {
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodNullable = /* @__PURE__ */ $constructor("$ZodNullable", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
  defineLazyInternal(inst, "pattern", (zod) => {
    const pattern = zod.def.innerType._zod.pattern;
    return pattern ? new RegExp(`^(${cleanRegex(pattern.source)}|null)$`) : void 0;
  });
  defineLazyInternal(inst, "values", (zod) => {
    return zod.def.innerType._zod.values ? /* @__PURE__ */ new Set([...zod.def.innerType._zod.values, null]) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    if (payload.value === null)
      return payload;
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodDefault = /* @__PURE__ */ $constructor("$ZodDefault", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "defaulted";
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    if (payload.value === void 0) {
      payload.value = def.defaultValue;
      return payload;
    }
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleDefaultResult(result2, def));
    }
    return handleDefaultResult(result, def);
  };
});
function handleDefaultResult(payload, def) {
  if (payload.value === void 0) {
    payload.value = def.defaultValue;
  }
  return payload;
}
var $ZodPrefault = /* @__PURE__ */ $constructor("$ZodPrefault", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "defaulted";
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    if (payload.value === void 0) {
      payload.value = def.defaultValue;
    }
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodNonOptional = /* @__PURE__ */ $constructor("$ZodNonOptional", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => {
    const v = zod.def.innerType._zod.values;
    return v ? new Set([...v].filter((x) => x !== void 0)) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleNonOptionalResult(result2, inst));
    }
    return handleNonOptionalResult(result, inst);
  };
});
function handleNonOptionalResult(payload, inst) {
  if (!payload.issues.length && payload.value === void 0) {
    payload.issues.push({
      code: "invalid_type",
      expected: "nonoptional",
      input: payload.value,
      inst
    });
  }
  return payload;
}
function handleCatchResult(payload, result, def, ctx) {
  if (!result.issues.length) {
    payload.value = result.value;
    if (result.memo)
      payload.memo = true;
    return payload;
  }
  payload.value = def.catchValue({
    ...result,
    value: payload.value,
    error: {
      issues: result.issues.map((iss) => finalizeIssue(iss, ctx, config()))
    },
    input: payload.value
  });
  return payload;
}
var $ZodCatch = /* @__PURE__ */ $constructor("$ZodCatch", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleCatchResult(payload, result2, def, ctx));
    }
    return handleCatchResult(payload, result, def, ctx);
  };
});
var $ZodPipe = /* @__PURE__ */ $constructor("$ZodPipe", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
  defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
  defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      const right = def.out._zod.run(payload, ctx);
      if (right instanceof Promise) {
        return right.then((right2) => handlePipeResult(right2, def.in, ctx));
      }
      return handlePipeResult(right, def.in, ctx);
    }
    const left = def.in._zod.run(payload, ctx);
    if (left instanceof Promise) {
      return left.then((left2) => handlePipeResult(left2, def.out, ctx));
    }
    return handlePipeResult(left, def.out, ctx);
  };
});
function handlePipeResult(left, next, ctx) {
  if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
    left.aborted = true;
    return left;
  }
  return next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
var $ZodReadonly = /* @__PURE__ */ $constructor("$ZodReadonly", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then(handleReadonlyResult);
    }
    return handleReadonlyResult(result);
  };
});
function handleReadonlyResult(payload) {
  if (!payload.memo)
    payload.value = Object.freeze(payload.value);
  return payload;
}
var $ZodCustom = /* @__PURE__ */ $constructor("$ZodCustom", (inst, def) => {
  $ZodCheck.init(inst, def);
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _) => {
    return payload;
  };
  inst._zod.check = (payload) => {
    const input = payload.value;
    const r = def.fn(input);
    if (r instanceof Promise) {
      return r.then((r2) => handleRefineResult(r2, payload, input, inst));
    }
    handleRefineResult(r, payload, input, inst);
    return;
  };
});
function handleRefineResult(result, payload, input, inst) {
  if (!result) {
    const _iss = {
      code: "custom",
      input,
      inst,
      // incorporates params.error into issue reporting
      path: [...inst._zod.def.path ?? []],
      // incorporates params.error into issue reporting
      continue: !inst._zod.def.abort
      // params: inst._zod.def.params,
    };
    if (inst._zod.def.params)
      _iss.params = inst._zod.def.params;
    payload.issues.push(issue(_iss));
  }
}

// node_modules/zod/v4/core/memoizer.js
var $ZodCyclicError = class extends Error {
  constructor() {
    super(`Cannot parse a reference cycle that closes through a transform`);
    this.name = "ZodCyclicError";
  }
};
var STATE = "~memo";
var NO_ISSUES = [];
function isRef(value) {
  return value !== null && typeof value === "object";
}
function cloneIssues(issues) {
  return issues.map((iss) => iss.path ? { ...iss, path: iss.path.slice() } : { ...iss });
}
var recursive = /* @__PURE__ */ new WeakMap();
var NONE = 0;
var ASSUMED = 1;
var PROVEN = 2;
function isRecursive(inst, stack, resolve) {
  const cached3 = recursive.get(inst);
  if (cached3 !== void 0)
    return cached3 ? PROVEN : NONE;
  if (stack.has(inst))
    return PROVEN;
  stack.add(inst);
  let result = NONE;
  const check = (child) => {
    if (result !== PROVEN && child?._zod) {
      const answer = isRecursive(child, stack, resolve);
      if (answer > result)
        result = answer;
    }
  };
  const shape = (sh, spread) => {
    let answer = NONE;
    for (const key2 of Reflect.ownKeys(sh)) {
      const desc = Object.getOwnPropertyDescriptor(sh, key2);
      if (spread && !desc.enumerable)
        continue;
      const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack, resolve) : NONE;
      if (child > answer)
        answer = child;
    }
    return answer;
  };
  const merge2 = (answer) => {
    if (answer > result)
      result = answer;
  };
  const def = inst._zod.def;
  const kind = def.type;
  switch (kind) {
    case "object": {
      const raw = rawShape(def);
      merge2(raw ? shape(raw, true) : ASSUMED);
      check(def.catchall);
      break;
    }
    case "array":
      check(def.element);
      break;
    case "tuple":
      for (const el of def.items)
        check(el);
      check(def.rest);
      break;
    case "record":
    case "map":
      check(def.keyType);
      check(def.valueType);
      break;
    case "set":
      check(def.valueType);
      break;
    case "union":
      for (const el of def.options)
        check(el);
      break;
    case "intersection":
      check(def.left);
      check(def.right);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
    case "promise":
    case "success":
      check(def.innerType);
      break;
    case "pipe":
      check(def.in);
      check(def.out);
      break;
    case "function":
      check(def.input);
      check(def.output);
      break;
    // `$ZodLazy` caches its inner on the def, so a resolved edge is followed exactly
    case "lazy": {
      const inner = def._cachedInner ?? (resolve ? inst._zod.innerType : void 0);
      merge2(inner ? isRecursive(inner, stack, false) : ASSUMED);
      break;
    }
    // a leaf by choice: `parts` are regex fragments, not data positions
    case "template_literal":
    // leaves
    case "string":
    case "number":
    case "int":
    case "boolean":
    case "bigint":
    case "symbol":
    case "undefined":
    case "null":
    case "void":
    case "never":
    case "any":
    case "unknown":
    case "date":
    case "nan":
    case "enum":
    case "literal":
    case "file":
    case "transform":
    case "custom":
      break;
    default: {
      kind;
      for (const key2 in def) {
        const desc = Object.getOwnPropertyDescriptor(def, key2);
        if (!desc || desc.get)
          continue;
        const value = desc.value;
        if (!value || typeof value !== "object")
          continue;
        if (value._zod)
          check(value);
        else if (Array.isArray(value))
          for (const el of value)
            check(el);
      }
    }
  }
  stack.delete(inst);
  return settle(inst, result);
}
function settle(inst, answer) {
  if (answer !== ASSUMED)
    recursive.set(inst, answer === PROVEN);
  return answer;
}
function bucketFor(state, inst) {
  let bucket = state.buckets.get(inst);
  if (!bucket) {
    bucket = /* @__PURE__ */ new WeakMap();
    state.buckets.set(inst, bucket);
  }
  return bucket;
}
var handoff;
var open = [];
var memo = {
  alloc(_inst, payload, empty) {
    const bucket = handoff;
    if (!bucket)
      return empty;
    handoff = void 0;
    const entry = { value: empty, issues: null };
    bucket.set(payload.value, entry);
    open.push(entry);
    return empty;
  },
  guard(inst) {
    var _a3;
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred.push(() => {
      const base = inst._zod.parse;
      const wrapped = (payload, ctx) => {
        if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value))
          throw new $ZodCyclicError();
        return base(payload, ctx);
      };
      inst._zod.parse = wrapped;
      if (inst._zod.run === base)
        inst._zod.run = wrapped;
    });
  },
  attach(inst) {
    var _a3;
    let isRecursiveInst;
    let rechecked = false;
    let lastCtx;
    let lastBucket;
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred.push(() => {
      const base = inst._zod.parse;
      const wrapped = (payload, ctx) => {
        if (isRecursiveInst === void 0) {
          const walked = isRecursive(inst, /* @__PURE__ */ new Set(), false);
          if (walked === NONE) {
            inst._zod.parse = base;
            if (inst._zod.run === wrapped)
              inst._zod.run = base;
            return base(payload, ctx);
          }
          if (walked === PROVEN || rechecked)
            isRecursiveInst = true;
          else
            rechecked = true;
        }
        const input = payload.value;
        if (!isRef(input))
          return base(payload, ctx);
        let state = ctx[STATE];
        if (!state) {
          state = { buckets: /* @__PURE__ */ new WeakMap(), backEdges: void 0 };
          ctx[STATE] = state;
        }
        let bucket;
        if (lastCtx === ctx) {
          bucket = lastBucket;
        } else {
          bucket = bucketFor(state, inst);
          lastCtx = ctx;
          lastBucket = bucket;
        }
        const hit = bucket.get(input);
        if (hit) {
          payload.value = hit.value;
          if (hit.issues) {
            if (hit.issues.length)
              payload.issues.push(...cloneIssues(hit.issues));
          } else {
            payload.memo = true;
            state.backEdges ?? (state.backEdges = /* @__PURE__ */ new WeakSet());
            state.backEdges.add(hit.value);
          }
          return payload;
        }
        handoff = bucket;
        const depth = open.length;
        const result = base(payload, ctx);
        handoff = void 0;
        const entry = open.length > depth ? open.pop() : void 0;
        if (result instanceof Promise) {
          return result.then((r) => {
            if (entry)
              entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES;
            return r;
          });
        }
        if (entry)
          entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES;
        return result;
      };
      inst._zod.parse = wrapped;
      if (inst._zod.run === base)
        inst._zod.run = wrapped;
    });
  }
};
function memoizer() {
  return memo;
}
function isBackEdge(ctx, value) {
  const backEdges = ctx[STATE]?.backEdges;
  return backEdges !== void 0 && isRef(value) && backEdges.has(value);
}

// node_modules/zod/v4/locales/en.js
var error = () => {
  const Sizable = {
    string: { unit: "characters", verb: "to have" },
    file: { unit: "bytes", verb: "to have" },
    array: { unit: "items", verb: "to have" },
    set: { unit: "items", verb: "to have" },
    map: { unit: "entries", verb: "to have" }
  };
  function getSizing(origin) {
    return Sizable[origin] ?? null;
  }
  const FormatDictionary = {
    regex: "input",
    email: "email address",
    url: "URL",
    emoji: "emoji",
    uuid: "UUID",
    uuidv4: "UUIDv4",
    uuidv6: "UUIDv6",
    nanoid: "nanoid",
    guid: "GUID",
    cuid: "cuid",
    cuid2: "cuid2",
    ulid: "ULID",
    xid: "XID",
    ksuid: "KSUID",
    datetime: "ISO datetime",
    date: "ISO date",
    time: "ISO time",
    duration: "ISO duration",
    ipv4: "IPv4 address",
    ipv6: "IPv6 address",
    mac: "MAC address",
    cidrv4: "IPv4 range",
    cidrv6: "IPv6 range",
    base64: "base64-encoded string",
    base64url: "base64url-encoded string",
    json_string: "JSON string",
    e164: "E.164 number",
    currency_code: "currency code",
    credit_card: "credit card number",
    iban: "IBAN",
    jwt: "JWT",
    template_literal: "input"
  };
  const TypeDictionary = {
    // Compatibility: "nan" -> "NaN" for display
    nan: "NaN"
    // All other type names omitted - they fall back to raw values via ?? operator
  };
  function getTypeName(type, input) {
    if (type === "number" && typeof input === "number" && !Number.isFinite(input)) {
      return String(input);
    }
    return TypeDictionary[type] ?? type;
  }
  return (issue2) => {
    switch (issue2.code) {
      case "invalid_type": {
        const expected = getTypeName(issue2.expected);
        const receivedType = parsedType(issue2.input);
        const received = getTypeName(receivedType, issue2.input);
        return `Invalid input: expected ${expected}, received ${received}`;
      }
      case "invalid_value":
        if (issue2.values.length === 1)
          return `Invalid input: expected ${stringifyPrimitive(issue2.values[0])}`;
        return `Invalid option: expected one of ${joinValues(issue2.values, "|")}`;
      case "too_big": {
        const adj = issue2.exact ? "exactly " : issue2.inclusive ? "<=" : "<";
        const sizing = getSizing(issue2.origin);
        if (sizing)
          return `Too big: expected ${issue2.origin ?? "value"} to have ${adj}${issue2.maximum.toString()} ${sizing.unit ?? "elements"}`;
        return `Too big: expected ${issue2.origin ?? "value"} to be ${adj}${issue2.maximum.toString()}`;
      }
      case "too_small": {
        const adj = issue2.exact ? "exactly " : issue2.inclusive ? ">=" : ">";
        const sizing = getSizing(issue2.origin);
        if (sizing) {
          return `Too small: expected ${issue2.origin} to have ${adj}${issue2.minimum.toString()} ${sizing.unit}`;
        }
        return `Too small: expected ${issue2.origin} to be ${adj}${issue2.minimum.toString()}`;
      }
      case "invalid_format": {
        const _issue = issue2;
        if (_issue.format === "starts_with") {
          return `Invalid string: must start with "${_issue.prefix}"`;
        }
        if (_issue.format === "ends_with")
          return `Invalid string: must end with "${_issue.suffix}"`;
        if (_issue.format === "includes")
          return `Invalid string: must include "${_issue.includes}"`;
        if (_issue.format === "regex")
          return `Invalid string: must match pattern ${_issue.pattern}`;
        return `Invalid ${FormatDictionary[_issue.format] ?? issue2.format}`;
      }
      case "not_multiple_of":
        return `Invalid number: must be a multiple of ${issue2.divisor}`;
      case "unrecognized_keys":
        return `Unrecognized key${issue2.keys.length > 1 ? "s" : ""}: ${joinValues(issue2.keys, ", ")}`;
      case "invalid_key":
        return `Invalid key in ${issue2.origin}`;
      case "invalid_union":
        if (issue2.options && Array.isArray(issue2.options) && issue2.options.length > 0) {
          const opts = issue2.options.map((o) => `'${o}'`).join(" | ");
          return `Invalid discriminator value. Expected ${opts}`;
        }
        if (issue2.inclusive === false) {
          return "Invalid input: more than one option matched";
        }
        return "Invalid input";
      case "invalid_element":
        return `Invalid value in ${issue2.origin}`;
      default:
        return `Invalid input`;
    }
  };
};
function en_default() {
  return {
    localeError: error()
  };
}

// node_modules/zod/v4/core/registries.js
var _a2;
var $ZodRegistry = class {
  constructor() {
    this._map = /* @__PURE__ */ new WeakMap();
    this._idmap = /* @__PURE__ */ new Map();
  }
  add(schema, ..._meta) {
    const meta2 = _meta[0];
    this._map.set(schema, meta2);
    if (meta2 && typeof meta2 === "object" && "id" in meta2) {
      this._idmap.set(meta2.id, schema);
    }
    return this;
  }
  clear() {
    this._map = /* @__PURE__ */ new WeakMap();
    this._idmap = /* @__PURE__ */ new Map();
    return this;
  }
  remove(schema) {
    const meta2 = this._map.get(schema);
    if (meta2 && typeof meta2 === "object" && "id" in meta2) {
      this._idmap.delete(meta2.id);
    }
    this._map.delete(schema);
    return this;
  }
  get(schema) {
    const p = schema._zod.parent;
    if (p) {
      const pm = { ...this.get(p) ?? {} };
      delete pm.id;
      const f = { ...pm, ...this._map.get(schema) };
      return Object.keys(f).length ? f : void 0;
    }
    return this._map.get(schema);
  }
  has(schema) {
    return this._map.has(schema);
  }
};
function registry() {
  return new $ZodRegistry();
}
(_a2 = globalThis).__zod_globalRegistry ?? (_a2.__zod_globalRegistry = registry());
var globalRegistry = globalThis.__zod_globalRegistry;

// node_modules/zod/v4/core/api.js
function snapshotChecks(def) {
  if (def.checks)
    def.checks = [...def.checks];
  return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class2, params) {
  return new Class2(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class2, params) {
  return new Class2({
    type: "string",
    format: "email",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class2, params) {
  return new Class2({
    type: "string",
    format: "guid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v4",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v6",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v7",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _url(Class2, params) {
  return new Class2({
    type: "string",
    format: "url",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _emoji2(Class2, params) {
  return new Class2({
    type: "string",
    format: "emoji",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class2, params) {
  return new Class2({
    type: "string",
    format: "nanoid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "cuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class2, params) {
  return new Class2({
    type: "string",
    format: "cuid2",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class2, params) {
  return new Class2({
    type: "string",
    format: "ulid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class2, params) {
  return new Class2({
    type: "string",
    format: "xid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "ksuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "ipv4",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "ipv6",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "cidrv4",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "cidrv6",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class2, params) {
  return new Class2({
    type: "string",
    format: "base64",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class2, params) {
  return new Class2({
    type: "string",
    format: "base64url",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class2, params) {
  return new Class2({
    type: "string",
    format: "e164",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class2, params) {
  return new Class2({
    type: "string",
    format: "jwt",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class2, params) {
  return new Class2({
    type: "string",
    format: "datetime",
    check: "string_format",
    offset: false,
    local: false,
    precision: null,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class2, params) {
  return new Class2({
    type: "string",
    format: "date",
    check: "string_format",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class2, params) {
  return new Class2({
    type: "string",
    format: "time",
    check: "string_format",
    precision: null,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class2, params) {
  return new Class2({
    type: "string",
    format: "duration",
    check: "string_format",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _number(Class2, params) {
  return new Class2(snapshotChecks({ type: "number", checks: [], ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class2, params) {
  return new Class2({
    type: "number",
    check: "number_format",
    abort: false,
    format: "safeint",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class2, params) {
  return new Class2({
    type: "boolean",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _null2(Class2, params) {
  return new Class2({
    type: "null",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class2) {
  return new Class2({
    type: "unknown"
  });
}
// @__NO_SIDE_EFFECTS__
function _never(Class2, params) {
  return new Class2({
    type: "never",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
  return new $ZodCheckLessThan({
    check: "less_than",
    ...normalizeParams(params),
    value,
    inclusive: false
  });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
  return new $ZodCheckLessThan({
    check: "less_than",
    ...normalizeParams(params),
    value,
    inclusive: true
  });
}
// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
  return new $ZodCheckGreaterThan({
    check: "greater_than",
    ...normalizeParams(params),
    value,
    inclusive: false
  });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
  return new $ZodCheckGreaterThan({
    check: "greater_than",
    ...normalizeParams(params),
    value,
    inclusive: true
  });
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
  return new $ZodCheckMultipleOf({
    check: "multiple_of",
    ...normalizeParams(params),
    value
  });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
  const ch = new $ZodCheckMaxLength({
    check: "max_length",
    ...normalizeParams(params),
    maximum
  });
  return ch;
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
  return new $ZodCheckMinLength({
    check: "min_length",
    ...normalizeParams(params),
    minimum
  });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
  return new $ZodCheckLengthEquals({
    check: "length_equals",
    ...normalizeParams(params),
    length
  });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
  return new $ZodCheckRegex({
    check: "string_format",
    format: "regex",
    ...normalizeParams(params),
    pattern
  });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
  return new $ZodCheckLowerCase({
    check: "string_format",
    format: "lowercase",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
  return new $ZodCheckUpperCase({
    check: "string_format",
    format: "uppercase",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
  return new $ZodCheckIncludes({
    check: "string_format",
    format: "includes",
    ...normalizeParams(params),
    includes
  });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
  return new $ZodCheckStartsWith({
    check: "string_format",
    format: "starts_with",
    ...normalizeParams(params),
    prefix
  });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
  return new $ZodCheckEndsWith({
    check: "string_format",
    format: "ends_with",
    ...normalizeParams(params),
    suffix
  });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
  return new $ZodCheckOverwrite({
    check: "overwrite",
    tx
  });
}
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
  return /* @__PURE__ */ _overwrite((input) => input.normalize(form));
}
// @__NO_SIDE_EFFECTS__
function _trim() {
  return /* @__PURE__ */ _overwrite((input) => input.trim());
}
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
  return /* @__PURE__ */ _overwrite((input) => input.toLowerCase());
}
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
  return /* @__PURE__ */ _overwrite((input) => input.toUpperCase());
}
// @__NO_SIDE_EFFECTS__
function _slugify() {
  return /* @__PURE__ */ _overwrite((input) => slugify(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class2, element, params) {
  return new Class2({
    type: "array",
    element,
    // get element() {
    //   return element;
    // },
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _refine(Class2, fn, _params) {
  const schema = new Class2({
    type: "custom",
    check: "custom",
    fn,
    ...normalizeParams(_params)
  });
  return schema;
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
  const ch = /* @__PURE__ */ _check((payload) => {
    payload.addIssue = (issue2) => {
      if (typeof issue2 === "string") {
        payload.issues.push(issue(issue2, payload.value, ch._zod.def));
      } else {
        const _issue = issue2;
        if (_issue.fatal)
          _issue.continue = false;
        _issue.code ?? (_issue.code = "custom");
        if (!("input" in _issue))
          _issue.input = payload.value;
        _issue.inst ?? (_issue.inst = ch);
        _issue.continue ?? (_issue.continue = !ch._zod.def.abort);
        payload.issues.push(issue(_issue));
      }
    };
    return fn(payload.value, payload);
  }, params);
  return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
  const ch = new $ZodCheck({
    check: "custom",
    ...normalizeParams(params)
  });
  ch._zod.check = fn;
  return ch;
}

// node_modules/zod/v4/core/to-json-schema.js
function assignProps(target, ...sources) {
  for (const source of sources) {
    for (const key2 of Reflect.ownKeys(source)) {
      if (Object.prototype.propertyIsEnumerable.call(source, key2)) {
        assignProp(target, key2, source[key2]);
      }
    }
  }
  return target;
}
function initializeContext(params) {
  let target = params?.target ?? "draft-2020-12";
  if (target === "draft-4")
    target = "draft-04";
  if (target === "draft-7")
    target = "draft-07";
  return {
    processors: params.processors ?? {},
    metadataRegistry: params?.metadata ?? globalRegistry,
    target,
    unrepresentable: params?.unrepresentable ?? "throw",
    override: params?.override ?? (() => {
    }),
    io: params?.io ?? "output",
    counter: 0,
    seen: /* @__PURE__ */ new Map(),
    sharedDefsExtractedFor: void 0,
    sharedEmitDoneFor: void 0,
    cycles: params?.cycles ?? "ref",
    reused: params?.reused ?? "inline",
    intersections: [],
    deferred: [],
    external: params?.external ?? void 0
  };
}
function handleUnrepresentable(schema, ctx, json, params, message2) {
  const result = typeof ctx.unrepresentable === "function" ? ctx.unrepresentable({ zodSchema: schema, path: params.path, message: message2 }) : ctx.unrepresentable;
  if (result === "any")
    return false;
  if (result === void 0 || result === "throw")
    throw new Error(message2);
  Object.assign(json, result);
  return true;
}
function processSchema(schema, ctx, _params = { path: [], schemaPath: [] }) {
  var _a3;
  const def = schema._zod.def;
  const seen = ctx.seen.get(schema);
  if (seen) {
    seen.count++;
    const isCycle = _params.schemaPath.includes(schema);
    if (isCycle) {
      seen.cycle = _params.path;
    }
    return seen.schema;
  }
  const result = { schema: {}, count: 1, cycle: void 0, path: _params.path };
  ctx.seen.set(schema, result);
  ctx.sharedDefsExtractedFor = void 0;
  ctx.sharedEmitDoneFor = void 0;
  const overrideSchema = schema._zod.toJSONSchema?.();
  if (overrideSchema) {
    result.schema = overrideSchema;
  } else {
    const params = {
      ..._params,
      schemaPath: [..._params.schemaPath, schema],
      path: _params.path
    };
    if (schema._zod.processJSONSchema) {
      schema._zod.processJSONSchema(ctx, result.schema, params);
    } else {
      const _json = result.schema;
      const processor = ctx.processors[def.type];
      if (!processor) {
        throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
      }
      processor(schema, ctx, _json, params);
    }
    const parent = schema._zod.parent;
    if (parent) {
      if (!result.ref)
        result.ref = parent;
      processSchema(parent, ctx, params);
      ctx.seen.get(parent).isParent = true;
    }
  }
  const meta2 = ctx.metadataRegistry.get(schema);
  if (meta2)
    assignProps(result.schema, meta2);
  if (ctx.io === "input" && isTransforming(schema)) {
    delete result.schema.examples;
    delete result.schema.default;
  }
  if (ctx.io === "input" && "_prefault" in result.schema)
    (_a3 = result.schema).default ?? (_a3.default = result.schema._prefault);
  delete result.schema._prefault;
  const _result = ctx.seen.get(schema);
  return _result.schema;
}
function encodeJSONPointerSegment(segment) {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function extractDefs(ctx, schema) {
  const root = ctx.seen.get(schema);
  if (!root)
    throw new Error("Unprocessed schema. This is a bug in Zod.");
  if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external)
    return;
  const idToSchema = /* @__PURE__ */ new Map();
  for (const entry of ctx.seen.entries()) {
    const id = ctx.metadataRegistry.get(entry[0])?.id;
    if (id) {
      const existing = idToSchema.get(id);
      if (existing && existing !== entry[0]) {
        throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
      }
      idToSchema.set(id, entry[0]);
    }
  }
  const makeURI = (entry) => {
    const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
    if (ctx.external) {
      const externalId = ctx.external.registry.get(entry[0])?.id;
      const uriGenerator = ctx.external.uri ?? ((id2) => id2);
      if (externalId) {
        return { ref: uriGenerator(externalId) };
      }
      const id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
      entry[1].defId = id;
      return { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` };
    }
    const uriPrefix = `#`;
    const defUriPrefix = `${uriPrefix}/${defsSegment}/`;
    if (entry[1] === root && !entry[1].schema.id) {
      return { ref: uriPrefix };
    }
    const defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
    return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
  };
  const extractToDef = (entry) => {
    if (entry[1].schema.$ref) {
      return;
    }
    const seen = entry[1];
    const { ref, defId } = makeURI(entry);
    seen.def = { ...seen.schema };
    if (defId)
      seen.defId = defId;
    const schema2 = seen.schema;
    for (const key2 in schema2) {
      delete schema2[key2];
    }
    schema2.$ref = ref;
  };
  if (ctx.cycles === "throw") {
    for (const entry of ctx.seen.entries()) {
      const seen = entry[1];
      if (seen.cycle) {
        throw new Error(`Cycle detected: #/${seen.cycle?.join("/")}/<root>

Set the \`cycles\` parameter to \`"ref"\` to resolve cyclical schemas with defs.`);
      }
    }
  }
  for (const entry of ctx.seen.entries()) {
    const seen = entry[1];
    if (schema === entry[0]) {
      extractToDef(entry);
      continue;
    }
    if (ctx.external) {
      const ext = ctx.external.registry.get(entry[0])?.id;
      if (schema !== entry[0] && ext) {
        extractToDef(entry);
        continue;
      }
    }
    const id = ctx.metadataRegistry.get(entry[0])?.id;
    if (id) {
      extractToDef(entry);
      continue;
    }
    if (seen.cycle) {
      extractToDef(entry);
      continue;
    }
    if (seen.count > 1) {
      if (ctx.reused === "ref") {
        extractToDef(entry);
      }
    }
  }
  if (ctx.external)
    ctx.sharedDefsExtractedFor = ctx.external;
}
function compactTypeUnion(schema) {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length === 0 || schema.type !== void 0)
    return;
  const types = [];
  for (const option of options) {
    if (!option || typeof option !== "object")
      return;
    compactTypeUnion(option);
    const keys = Object.keys(option);
    if (keys.length !== 1 || keys[0] !== "type")
      return;
    const type = option.type;
    for (const member of Array.isArray(type) ? type : [type]) {
      if (typeof member !== "string")
        return;
      if (!types.includes(member))
        types.push(member);
    }
  }
  delete schema.anyOf;
  schema.type = types.length === 1 ? types[0] : types;
}
var FOLDABLE_KEYS = /* @__PURE__ */ new Set(["type", "properties", "required", "additionalProperties"]);
var UNION_KEYS = ["oneOf", "anyOf"];
function undeclaredConstraint(member) {
  const extra = member.additionalProperties;
  if (extra === void 0 || extra === false || typeof extra !== "object" || extra === null)
    return null;
  return Object.keys(extra).length ? extra : null;
}
function foldObjects(members2) {
  const objects = [];
  for (const member of members2) {
    if (typeof member !== "object" || member.type !== "object")
      return null;
    for (const key2 in member) {
      if (!FOLDABLE_KEYS.has(key2))
        return null;
    }
    objects.push(member);
  }
  const properties = {};
  const required2 = /* @__PURE__ */ new Set();
  for (const object2 of objects) {
    for (const key2 in object2.properties) {
      if (Object.prototype.hasOwnProperty.call(properties, key2))
        continue;
      const parts = [];
      for (const other of objects) {
        const part = other.properties?.[key2] ?? undeclaredConstraint(other);
        if (part === null || part === void 0)
          continue;
        if (!parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)))
          parts.push(part);
      }
      const merged = parts.length === 1 ? parts[0] : foldObjects(parts) ?? { allOf: parts };
      assignProp(properties, key2, merged);
    }
    for (const key2 of object2.required ?? [])
      required2.add(key2);
  }
  const folded = { type: "object", properties };
  if (required2.size)
    folded.required = [...required2];
  if (objects.every((object2) => object2.additionalProperties === false)) {
    folded.additionalProperties = false;
  } else {
    const constraints = [];
    for (const object2 of objects) {
      const constraint = undeclaredConstraint(object2);
      if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)))
        constraints.push(constraint);
    }
    if (constraints.length === 1)
      folded.additionalProperties = constraints[0];
    else if (constraints.length > 1)
      folded.additionalProperties = { allOf: constraints };
  }
  return folded;
}
function foldIntersection(json) {
  const allOf = json.allOf;
  if (!Array.isArray(allOf) || allOf.length < 2)
    return;
  for (const key2 of FOLDABLE_KEYS)
    if (key2 in json)
      return;
  const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k])));
  let folded = null;
  if (!unions.length) {
    folded = foldObjects(allOf);
  } else {
    const union2 = unions[0];
    const keyword = UNION_KEYS.find((k) => Array.isArray(union2[k]));
    if (Object.keys(union2).length !== 1)
      return;
    const rest = allOf.filter((m) => m !== union2);
    const branches = union2[keyword].map((branch) => foldObjects([...rest, branch]));
    if (branches.some((b) => !b))
      return;
    folded = { [keyword]: branches };
  }
  if (!folded)
    return;
  delete json.allOf;
  assignProps(json, folded);
}
function finalize(ctx, schema) {
  const root = ctx.seen.get(schema);
  if (!root)
    throw new Error("Unprocessed schema. This is a bug in Zod.");
  const flattenRef = (zodSchema) => {
    const seen = ctx.seen.get(zodSchema);
    if (seen.ref === null)
      return;
    const schema2 = seen.def ?? seen.schema;
    const _cached = { ...schema2 };
    const ref = seen.ref;
    seen.ref = null;
    if (ref) {
      flattenRef(ref);
      const refSeen = ctx.seen.get(ref);
      const refSchema = refSeen.schema;
      if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")) {
        schema2.allOf = schema2.allOf ?? [];
        schema2.allOf.push(refSchema);
      } else {
        assignProps(schema2, refSchema);
      }
      assignProps(schema2, _cached);
      const isParentRef = zodSchema._zod.parent === ref;
      if (isParentRef) {
        for (const key2 in schema2) {
          if (key2 === "$ref" || key2 === "allOf")
            continue;
          if (!(key2 in _cached)) {
            delete schema2[key2];
          }
        }
      }
      if (refSchema.$ref && refSeen.def) {
        for (const key2 in schema2) {
          if (key2 === "$ref" || key2 === "allOf")
            continue;
          if (key2 in refSeen.def && JSON.stringify(schema2[key2]) === JSON.stringify(refSeen.def[key2])) {
            delete schema2[key2];
          }
        }
      }
    }
    const parent = zodSchema._zod.parent;
    if (parent && parent !== ref) {
      flattenRef(parent);
      const parentSeen = ctx.seen.get(parent);
      if (parentSeen?.schema.$ref) {
        schema2.$ref = parentSeen.schema.$ref;
        if (parentSeen.def) {
          for (const key2 in schema2) {
            if (key2 === "$ref" || key2 === "allOf")
              continue;
            if (key2 in parentSeen.def && JSON.stringify(schema2[key2]) === JSON.stringify(parentSeen.def[key2])) {
              delete schema2[key2];
            }
          }
        }
      }
    }
    ctx.override({
      zodSchema,
      jsonSchema: schema2,
      path: seen.path ?? []
    });
  };
  if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
    for (const entry of [...ctx.seen.entries()].reverse()) {
      flattenRef(entry[0]);
    }
    if (ctx.target !== "openapi-3.0") {
      for (const entry of ctx.seen.entries()) {
        compactTypeUnion(entry[1].def ?? entry[1].schema);
      }
    }
    for (const rewrite of ctx.deferred)
      rewrite();
    if (ctx.intersections.length) {
      const carriers = /* @__PURE__ */ new Map();
      for (const seen of ctx.seen.values()) {
        for (const json of [seen.schema, seen.def]) {
          const allOf = json?.allOf;
          if (!Array.isArray(allOf))
            continue;
          const existing = carriers.get(allOf);
          if (existing)
            existing.push(json);
          else
            carriers.set(allOf, [json]);
        }
      }
      for (const allOf of ctx.intersections) {
        for (const json of carriers.get(allOf) ?? [])
          foldIntersection(json);
      }
    }
  }
  const result = {};
  if (ctx.target === "draft-2020-12") {
    result.$schema = "https://json-schema.org/draft/2020-12/schema";
  } else if (ctx.target === "draft-07") {
    result.$schema = "http://json-schema.org/draft-07/schema#";
  } else if (ctx.target === "draft-04") {
    result.$schema = "http://json-schema.org/draft-04/schema#";
  } else if (ctx.target === "openapi-3.0") {
  } else {
  }
  if (ctx.external?.uri) {
    const id = ctx.external.registry.get(schema)?.id;
    if (!id)
      throw new Error("Schema is missing an `id` property");
    result.$id = ctx.external.uri(id);
  }
  assignProps(result, root.defId ? root.schema : root.def ?? root.schema);
  const rootMetaId = ctx.metadataRegistry.get(schema)?.id;
  if (rootMetaId !== void 0 && result.id === rootMetaId)
    delete result.id;
  const defs = ctx.external?.defs ?? {};
  if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
    for (const entry of ctx.seen.entries()) {
      const seen = entry[1];
      if (seen.def && seen.defId) {
        if (seen.def.id === seen.defId)
          delete seen.def.id;
        assignProp(defs, seen.defId, seen.def);
      }
    }
  }
  if (ctx.external)
    ctx.sharedEmitDoneFor = ctx.external;
  if (ctx.external) {
  } else {
    if (Object.keys(defs).length > 0) {
      if (ctx.target === "draft-2020-12") {
        result.$defs = defs;
      } else {
        result.definitions = defs;
      }
    }
  }
  try {
    const finalized = JSON.parse(JSON.stringify(result));
    Object.defineProperty(finalized, "~standard", {
      value: {
        ...schema["~standard"],
        jsonSchema: {
          input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
          output: createStandardJSONSchemaMethod(schema, "output", ctx.processors)
        }
      },
      enumerable: false,
      writable: false
    });
    return finalized;
  } catch (_err) {
    throw new Error("Error converting schema to JSON.");
  }
}
function isTransforming(_schema, _ctx) {
  const ctx = _ctx ?? { seen: /* @__PURE__ */ new Set() };
  if (ctx.seen.has(_schema))
    return false;
  ctx.seen.add(_schema);
  const def = _schema._zod.def;
  if (def.type === "transform")
    return true;
  if (def.type === "array")
    return isTransforming(def.element, ctx);
  if (def.type === "set")
    return isTransforming(def.valueType, ctx);
  if (def.type === "lazy")
    return isTransforming(def.getter(), ctx);
  if (def.type === "promise" || def.type === "optional" || def.type === "nonoptional" || def.type === "nullable" || def.type === "readonly" || def.type === "default" || def.type === "prefault" || def.type === "catch") {
    return isTransforming(def.innerType, ctx);
  }
  if (def.type === "intersection") {
    return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
  }
  if (def.type === "record" || def.type === "map") {
    return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
  }
  if (def.type === "pipe") {
    if (_schema._zod.traits.has("$ZodCodec"))
      return true;
    return isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
  }
  if (def.type === "object") {
    for (const key2 in def.shape) {
      if (isTransforming(def.shape[key2], ctx))
        return true;
    }
    return false;
  }
  if (def.type === "union") {
    for (const option of def.options) {
      if (isTransforming(option, ctx))
        return true;
    }
    return false;
  }
  if (def.type === "tuple") {
    for (const item of def.items) {
      if (isTransforming(item, ctx))
        return true;
    }
    if (def.rest && isTransforming(def.rest, ctx))
      return true;
    return false;
  }
  return false;
}
var createToJSONSchemaMethod = (schema, processors = {}) => (params) => {
  const ctx = initializeContext({ ...params, processors });
  processSchema(schema, ctx);
  extractDefs(ctx, schema);
  return finalize(ctx, schema);
};
var createStandardJSONSchemaMethod = (schema, io, processors = {}) => (params) => {
  const { libraryOptions, target } = params ?? {};
  const ctx = initializeContext({ ...libraryOptions ?? {}, target, io, processors });
  processSchema(schema, ctx);
  extractDefs(ctx, schema);
  return finalize(ctx, schema);
};

// node_modules/zod/v4/core/json-schema-processors.js
var narrowMin = (agg, key2, value) => {
  if (agg[key2] === void 0 || value > agg[key2])
    agg[key2] = value;
};
var narrowMax = (agg, key2, value) => {
  if (agg[key2] === void 0 || value < agg[key2])
    agg[key2] = value;
};
var narrowBoth = (agg, value) => {
  narrowMin(agg, "minimum", value);
  narrowMax(agg, "maximum", value);
};
var addDivisor = (agg, value) => {
  agg.multipleOf ?? (agg.multipleOf = []);
  if (!agg.multipleOf.includes(value))
    agg.multipleOf.push(value);
};
var addPattern = (agg, pattern) => {
  agg.patterns ?? (agg.patterns = /* @__PURE__ */ new Set());
  agg.patterns.add(pattern);
};
var intersectMime = (agg, mime) => {
  agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
};
var setFormat = (agg, format) => {
  agg.format = format;
  if (format.includes("int"))
    agg.isInt = true;
};
var minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum);
var maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum);
var formatContributor = (ranges) => (agg, def) => {
  setFormat(agg, def.format);
  const [minimum, maximum] = ranges[def.format];
  narrowMin(agg, "minimum", minimum);
  narrowMax(agg, "maximum", maximum);
};
var contributors = {
  greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
  less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
  multiple_of: (agg, def) => addDivisor(agg, def.value),
  number_format: formatContributor(NUMBER_FORMAT_RANGES),
  bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
  min_length: minContributor,
  max_length: maxContributor,
  length_equals: (agg, def) => narrowBoth(agg, def.length),
  min_size: minContributor,
  max_size: maxContributor,
  size_equals: (agg, def) => narrowBoth(agg, def.size),
  string_format: (agg, def) => {
    setFormat(agg, def.format);
    if (def.pattern)
      addPattern(agg, def.pattern);
    if (def.format === "base64" || def.format === "base64url")
      agg.contentEncoding = def.format;
    if (def.local || def.precision === -1)
      agg.laxFormat = true;
  },
  mime_type: (agg, def) => intersectMime(agg, def.mime)
};
function aggregateChecks(schema) {
  const agg = {};
  const def = schema._zod.def;
  const list = schema._zod.traits.has("$ZodCheck") ? [schema, ...def.checks ?? []] : def.checks ?? [];
  for (const ch of list)
    contributors[ch._zod.def.check]?.(agg, ch._zod.def);
  const bag = schema._zod.bag;
  if (bag.minimum !== void 0)
    narrowMin(agg, "minimum", bag.minimum);
  if (bag.exclusiveMinimum !== void 0)
    narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum);
  if (bag.maximum !== void 0)
    narrowMax(agg, "maximum", bag.maximum);
  if (bag.exclusiveMaximum !== void 0)
    narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum);
  if (bag.multipleOf !== void 0)
    addDivisor(agg, bag.multipleOf);
  if (bag.format !== void 0) {
    agg.format ?? (agg.format = bag.format);
    if (bag.format.includes("int"))
      agg.isInt = true;
  }
  if (bag.mime)
    intersectMime(agg, bag.mime);
  for (const pattern of bag.patterns ?? [])
    addPattern(agg, pattern);
  return agg;
}
var formatMap = {
  guid: "uuid",
  url: "uri",
  datetime: "date-time",
  json_string: "json-string",
  regex: ""
  // do not set
};
var exactPatterns = /* @__PURE__ */ new Map([
  [base64Charset, base64],
  [base64urlCharset, base64url]
]);
var exactPattern = (p) => exactPatterns.get(p) ?? p;
var stringProcessor = (schema, ctx, _json, _params) => {
  const json = _json;
  json.type = "string";
  const { minimum, maximum, format, patterns, contentEncoding, laxFormat } = aggregateChecks(schema);
  if (typeof minimum === "number")
    json.minLength = minimum;
  if (typeof maximum === "number")
    json.maxLength = maximum;
  if (format) {
    json.format = formatMap[format] ?? format;
    if (json.format === "")
      delete json.format;
    if (format === "time" || laxFormat) {
      delete json.format;
    }
  }
  if (contentEncoding)
    json.contentEncoding = contentEncoding;
  if (patterns && patterns.size > 0) {
    const patternList = [...patterns].map(exactPattern);
    if (patternList.length === 1)
      json.pattern = patternList[0].source;
    else if (patternList.length > 1) {
      json.allOf = [
        ...patternList.map((regex) => ({
          ...ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0" ? { type: "string" } : {},
          pattern: regex.source
        }))
      ];
    }
  }
};
var numberProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
  json.type = isInt ? "integer" : "number";
  const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
  const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
  const legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
  if (exMin) {
    if (legacy) {
      json.minimum = exclusiveMinimum;
      json.exclusiveMinimum = true;
    } else {
      json.exclusiveMinimum = exclusiveMinimum;
    }
  } else if (typeof minimum === "number") {
    json.minimum = minimum;
  }
  if (exMax) {
    if (legacy) {
      json.maximum = exclusiveMaximum;
      json.exclusiveMaximum = true;
    } else {
      json.exclusiveMaximum = exclusiveMaximum;
    }
  } else if (typeof maximum === "number") {
    json.maximum = maximum;
  }
  if (multipleOf) {
    const divisors = /* @__PURE__ */ new Set();
    for (const divisor of multipleOf) {
      if (Number.isFinite(divisor) && divisor !== 0)
        divisors.add(Math.abs(divisor));
      else
        handleUnrepresentable(schema, ctx, json, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
    }
    const [first, ...rest] = divisors;
    if (first !== void 0)
      json.multipleOf = first;
    if (rest.length)
      json.allOf = [...json.allOf ?? [], ...rest.map((m) => ({ multipleOf: m }))];
  }
};
var booleanProcessor = (_schema, _ctx, json, _params) => {
  json.type = "boolean";
};
var nullProcessor = (_schema, ctx, json, _params) => {
  if (ctx.target === "openapi-3.0") {
    json.type = "string";
    json.nullable = true;
    json.enum = [null];
  } else {
    json.type = "null";
  }
};
var neverProcessor = (_schema, _ctx, json, _params) => {
  json.not = {};
};
var unknownProcessor = (_schema, _ctx, _json, _params) => {
};
var enumProcessor = (schema, _ctx, json, _params) => {
  const def = schema._zod.def;
  const values = getEnumValues(def.entries);
  if (values.length === 0) {
    json.not = {};
    return;
  }
  if (values.every((v) => typeof v === "number"))
    json.type = "number";
  if (values.every((v) => typeof v === "string"))
    json.type = "string";
  json.enum = values;
};
var literalProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  if (def.values.length === 0) {
    json.not = {};
    return;
  }
  const vals = [];
  for (const val2 of def.values) {
    if (val2 === void 0) {
      if (handleUnrepresentable(schema, ctx, json, params, "Literal `undefined` cannot be represented in JSON Schema"))
        return;
    } else if (typeof val2 === "bigint") {
      if (handleUnrepresentable(schema, ctx, json, params, "BigInt literals cannot be represented in JSON Schema"))
        return;
      vals.push(Number(val2));
    } else {
      vals.push(val2);
    }
  }
  if (vals.length === 0) {
  } else if (vals.length === 1) {
    const val2 = vals[0];
    json.type = val2 === null ? "null" : typeof val2;
    if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") {
      json.enum = [val2];
    } else {
      json.const = val2;
    }
  } else {
    if (vals.every((v) => typeof v === "number"))
      json.type = "number";
    if (vals.every((v) => typeof v === "string"))
      json.type = "string";
    if (vals.every((v) => typeof v === "boolean"))
      json.type = "boolean";
    if (vals.every((v) => v === null))
      json.type = "null";
    json.enum = vals;
  }
};
var customProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Custom types cannot be represented in JSON Schema");
};
var transformProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Transforms cannot be represented in JSON Schema");
};
var arrayProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const def = schema._zod.def;
  const { minimum, maximum } = aggregateChecks(schema);
  if (typeof minimum === "number")
    json.minItems = minimum;
  if (typeof maximum === "number")
    json.maxItems = maximum;
  json.type = "array";
  json.items = processSchema(def.element, ctx, {
    ...params,
    path: [...params.path, "items"]
  });
};
function inputOptin(schema) {
  const def = schema._zod.def;
  if (def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")) {
    return inputOptin(def.out);
  }
  if (def.type === "catch") {
    return inputOptin(def.innerType);
  }
  return schema._zod.optin;
}
var objectProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const def = schema._zod.def;
  const shape = def.shape;
  const symbolKeys = Object.getOwnPropertySymbols(shape);
  if (symbolKeys.length && handleUnrepresentable(schema, ctx, json, params, "Symbol keys cannot be represented in JSON Schema")) {
    return;
  }
  json.type = "object";
  json.properties = {};
  for (const key2 in shape) {
    assignProp(json.properties, key2, processSchema(shape[key2], ctx, {
      ...params,
      path: [...params.path, "properties", key2]
    }));
  }
  const requiredKeys = [];
  for (const key2 of Object.keys(shape)) {
    const field = def.shape[key2];
    if (ctx.io === "input" ? inputOptin(field) === void 0 : field._zod.optout === void 0) {
      requiredKeys.push(key2);
    }
  }
  if (requiredKeys.length > 0) {
    json.required = requiredKeys;
  }
  if (def.catchall?._zod.def.type === "never") {
    json.additionalProperties = false;
  } else if (!def.catchall) {
    if (ctx.io === "output")
      json.additionalProperties = false;
  } else if (def.catchall) {
    json.additionalProperties = processSchema(def.catchall, ctx, {
      ...params,
      path: [...params.path, "additionalProperties"]
    });
  }
};
var unionProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  const isExclusive = def.inclusive === false;
  const options = def.options.map((x, i) => processSchema(x, ctx, {
    ...params,
    path: [...params.path, isExclusive ? "oneOf" : "anyOf", i]
  }));
  if (isExclusive) {
    json.oneOf = options;
  } else {
    json.anyOf = options;
  }
};
var intersectionProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  const a = processSchema(def.left, ctx, {
    ...params,
    path: [...params.path, "allOf", 0]
  });
  const b = processSchema(def.right, ctx, {
    ...params,
    path: [...params.path, "allOf", 1]
  });
  const isSimpleIntersection = (val2) => "allOf" in val2 && Object.keys(val2).length === 1;
  const allOf = [
    ...isSimpleIntersection(a) ? a.allOf : [a],
    ...isSimpleIntersection(b) ? b.allOf : [b]
  ];
  json.allOf = allOf;
  ctx.intersections.push(allOf);
};
function stringifyKeyNames(bySchema, json, visited) {
  if (json.$ref) {
    if (visited.has(json))
      return json;
    visited.add(json);
    const def = bySchema.get(json)?.def;
    if (!def)
      return json;
    const inlined = stringifyKeyNames(bySchema, def, visited);
    return inlined === def ? json : inlined;
  }
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = json[keyword];
    if (!Array.isArray(branches))
      continue;
    const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
    if (mapped.some((branch, i) => branch !== branches[i]))
      json = { ...json, [keyword]: mapped };
  }
  const types = Array.isArray(json.type) ? json.type : [json.type];
  const numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer");
  const values = json.enum ?? (json.const !== void 0 ? [json.const] : void 0);
  if (!numericType && !values?.some((v) => typeof v === "number"))
    return json;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json;
  if (rest.enum)
    rest.enum = rest.enum.map((v) => typeof v === "number" ? String(v) : v);
  else if (typeof rest.const === "number")
    rest.const = String(rest.const);
  if (!numericType)
    return rest;
  rest.type = "string";
  if (!values)
    rest.pattern = (types.includes("number") ? number : integer).source;
  return rest;
}
var pendingRecords = /* @__PURE__ */ new WeakMap();
function rewriteKeyNames(ctx) {
  const bySchema = /* @__PURE__ */ new Map();
  for (const entry of ctx.seen.values()) {
    if (entry.def && !bySchema.has(entry.schema))
      bySchema.set(entry.schema, entry);
  }
  const rewrites = /* @__PURE__ */ new Map();
  for (const record2 of pendingRecords.get(ctx) ?? []) {
    const seen = ctx.seen.get(record2);
    const names = (seen?.def ?? seen?.schema)?.propertyNames;
    if (!names || names === true || rewrites.has(names))
      continue;
    const rewritten = stringifyKeyNames(bySchema, names, /* @__PURE__ */ new Set());
    if (rewritten !== names)
      rewrites.set(names, rewritten);
  }
  if (!rewrites.size)
    return;
  for (const entry of ctx.seen.values()) {
    for (const carrier of [entry.schema, entry.def]) {
      const rewritten = carrier && rewrites.get(carrier.propertyNames);
      if (rewritten)
        carrier.propertyNames = rewritten;
    }
  }
}
var recordProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const def = schema._zod.def;
  json.type = "object";
  const keyType = def.keyType;
  const patterns = aggregateChecks(keyType).patterns;
  if (def.mode === "loose" && patterns && patterns.size > 0) {
    const valueSchema = processSchema(def.valueType, ctx, {
      ...params,
      path: [...params.path, "patternProperties", "*"]
    });
    json.patternProperties = {};
    for (const pattern of patterns) {
      assignProp(json.patternProperties, exactPattern(pattern).source, valueSchema);
    }
  } else {
    if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
      json.propertyNames = processSchema(def.keyType, ctx, {
        ...params,
        path: [...params.path, "propertyNames"]
      });
      let pending = pendingRecords.get(ctx);
      if (!pending) {
        pending = [];
        pendingRecords.set(ctx, pending);
        ctx.deferred.push(() => rewriteKeyNames(ctx));
      }
      pending.push(schema);
    }
    json.additionalProperties = processSchema(def.valueType, ctx, {
      ...params,
      path: [...params.path, "additionalProperties"]
    });
  }
  const keyValues = keyType._zod.values;
  const omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== void 0;
  if (keyValues && !def.partial && !omittableOnInput) {
    const validKeyValues = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
    if (validKeyValues.length > 0) {
      json.required = validKeyValues.map(String);
    }
  }
};
var nullableProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  const inner = processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  if (ctx.target === "openapi-3.0") {
    seen.ref = def.innerType;
    json.nullable = true;
  } else {
    json.anyOf = [inner, { type: "null" }];
  }
};
var nonoptionalProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
};
var UNREPRESENTABLE_DEFAULT = /* @__PURE__ */ Symbol();
function serializeDefaultValue(value, schema, ctx, json, params) {
  let unrepresentable = false;
  const serialized = JSON.stringify(value, (_, val2) => {
    if (typeof val2 !== "bigint")
      return val2;
    unrepresentable = true;
    return null;
  });
  if (!unrepresentable)
    return JSON.parse(serialized);
  handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema");
  return UNREPRESENTABLE_DEFAULT;
}
var defaultProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
  if (value !== UNREPRESENTABLE_DEFAULT)
    json.default = value;
};
var prefaultProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  if (ctx.io !== "input")
    return;
  const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
  if (value !== UNREPRESENTABLE_DEFAULT)
    json._prefault = value;
};
var catchProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  let catchValue;
  try {
    catchValue = def.catchValue(void 0);
  } catch {
    handleUnrepresentable(schema, ctx, json, params, "Dynamic catch values are not supported in JSON Schema");
    return;
  }
  json.default = catchValue;
};
var pipeProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  const inIsTransform = def.in._zod.traits.has("$ZodTransform");
  const innerType = ctx.io === "input" ? inIsTransform ? def.out : def.in : def.out;
  processSchema(innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = innerType;
};
var readonlyProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  json.readOnly = true;
};
var optionalProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
};

// node_modules/zod/v4/classic/errors.js
var _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
function _lazyMethod(proto, key2, make) {
  Object.defineProperty(proto, key2, {
    configurable: true,
    enumerable: false,
    get() {
      const value = make(this);
      Object.defineProperty(this, key2, { value, configurable: true, writable: true });
      return value;
    },
    set(value) {
      Object.defineProperty(this, key2, { value, configurable: true, writable: true });
    }
  });
}
var initializer2 = (inst, issues) => {
  $ZodError.init(inst, issues);
  inst.name = "ZodError";
  const proto = Object.getPrototypeOf(inst);
  if (_installedErrorProtos.has(proto))
    return;
  _installedErrorProtos.add(proto);
  _lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper));
  _lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper));
  _lazyMethod(proto, "addIssue", (self) => (issue2) => {
    self.issues.push(issue2);
    self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
  });
  _lazyMethod(proto, "addIssues", (self) => (issues2) => {
    self.issues.push(...issues2);
    self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
  });
  Object.defineProperty(proto, "isEmpty", {
    configurable: true,
    enumerable: false,
    get() {
      return this.issues.length === 0;
    }
  });
};
var ZodError = /* @__PURE__ */ $constructor("ZodError", initializer2);
var ZodRealError = /* @__PURE__ */ $constructor("ZodError", initializer2, void 0, {
  Parent: Error
});

// node_modules/zod/v4/classic/parse.js
var parse = /* @__PURE__ */ _parse(ZodRealError);
var parseAsync = /* @__PURE__ */ _parseAsync(ZodRealError);
var safeParse = /* @__PURE__ */ _safeParse(ZodRealError);
var safeParseAsync = /* @__PURE__ */ _safeParseAsync(ZodRealError);
var encode = /* @__PURE__ */ _encode(ZodRealError);
var decode = /* @__PURE__ */ _decode(ZodRealError);
var encodeAsync = /* @__PURE__ */ _encodeAsync(ZodRealError);
var decodeAsync = /* @__PURE__ */ _decodeAsync(ZodRealError);
var safeEncode = /* @__PURE__ */ _safeEncode(ZodRealError);
var safeDecode = /* @__PURE__ */ _safeDecode(ZodRealError);
var safeEncodeAsync = /* @__PURE__ */ _safeEncodeAsync(ZodRealError);
var safeDecodeAsync = /* @__PURE__ */ _safeDecodeAsync(ZodRealError);

// node_modules/zod/v4/classic/schemas.js
function _ensureDefaultLocale() {
  if (!globalConfig.localeError)
    config(en_default());
}
function _ensureDefaultMemoizer() {
  if (!globalConfig.memoizer)
    config({ memoizer: memoizer() });
}
var ZodType = /* @__PURE__ */ $constructor("ZodType", (inst, def) => {
  _ensureDefaultLocale();
  $ZodType.init(inst, def);
  inst.def = def;
  inst.type = def.type;
  return inst;
}, {
  check(...chks) {
    const def = this.def;
    return this.clone(util_exports.mergeDefs(def, {
      checks: [
        ...def.checks ?? [],
        ...chks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch)
      ]
    }), { parent: true });
  },
  with(...chks) {
    return this.check(...chks);
  },
  clone(def, params) {
    return clone(this, def, params);
  },
  brand() {
    return this;
  },
  register(reg, meta2) {
    reg.add(this, meta2);
    return this;
  },
  refine(check, params) {
    return this.check(refine(check, params));
  },
  superRefine(refinement, params) {
    return this.check(superRefine(refinement, params));
  },
  overwrite(fn) {
    return this.check(_overwrite(fn));
  },
  optional() {
    return optional(this);
  },
  exactOptional() {
    return exactOptional(this);
  },
  nullable() {
    return nullable(this);
  },
  nullish() {
    return optional(nullable(this));
  },
  nonoptional(params) {
    return nonoptional(this, params);
  },
  array() {
    return array(this);
  },
  or(arg) {
    return union([this, arg]);
  },
  and(arg) {
    return intersection(this, arg);
  },
  transform(tx) {
    return pipe(this, transform(tx));
  },
  default(d) {
    return _default(this, d);
  },
  prefault(d) {
    return prefault(this, d);
  },
  catch(params) {
    return _catch(this, params);
  },
  pipe(target) {
    return pipe(this, target);
  },
  readonly() {
    return readonly(this);
  },
  describe(description) {
    const cl = this.clone();
    globalRegistry.add(cl, { description });
    return cl;
  },
  meta(...args) {
    if (args.length === 0)
      return globalRegistry.get(this);
    const cl = this.clone();
    globalRegistry.add(cl, args[0]);
    return cl;
  },
  isOptional() {
    return this.safeParse(void 0).success;
  },
  isNullable() {
    return this.safeParse(null).success;
  },
  apply(fn, ...args) {
    return args.length === 0 ? fn(this) : fn(this, ...args);
  },
  // Overrides core's `~standard` to add `jsonSchema`. Must stay a prototype entry: redefining it per instance demotes instances to dictionary mode.
  get "~standard"() {
    return util_exports.hide(this, "~standard", {
      ...standardProps(this),
      jsonSchema: {
        input: createStandardJSONSchemaMethod(this, "input"),
        output: createStandardJSONSchemaMethod(this, "output")
      }
    });
  },
  set "~standard"(value) {
    util_exports.own(this, "~standard", value);
  },
  parse: function _parse2(data, params) {
    return parse(this, data, params, { callee: _parse2 });
  },
  parseAsync: async function _parseAsync2(data, params) {
    return await parseAsync(this, data, params, { callee: _parseAsync2 });
  },
  safeParse(data, params) {
    return safeParse(this, data, params);
  },
  async safeParseAsync(data, params) {
    return safeParseAsync(this, data, params);
  },
  // `spa` is an alias: same function object as `safeParseAsync`, as before.
  get spa() {
    return this?.safeParseAsync;
  },
  set spa(value) {
    util_exports.own(this, "spa", value);
  },
  validate(data, params) {
    return validate(this, data, params);
  },
  validateAsync(data, params) {
    return validateAsync(this, data, params);
  },
  encode: function _encode2(data, params) {
    return encode(this, data, params, { callee: _encode2 });
  },
  decode: function _decode2(data, params) {
    return decode(this, data, params, { callee: _decode2 });
  },
  encodeAsync: async function _encodeAsync2(data, params) {
    return await encodeAsync(this, data, params, { callee: _encodeAsync2 });
  },
  decodeAsync: async function _decodeAsync2(data, params) {
    return await decodeAsync(this, data, params, { callee: _decodeAsync2 });
  },
  safeEncode(data, params) {
    return safeEncode(this, data, params);
  },
  safeDecode(data, params) {
    return safeDecode(this, data, params);
  },
  async safeEncodeAsync(data, params) {
    return safeEncodeAsync(this, data, params);
  },
  async safeDecodeAsync(data, params) {
    return safeDecodeAsync(this, data, params);
  },
  toJSONSchema(params) {
    return createToJSONSchemaMethod(this, {})(params);
  },
  // Reads through to the registry on every access, so it must not cache.
  get description() {
    return globalRegistry.get(this)?.description;
  },
  // No setter: `schema._def = x` throws, as it did when `_def` was a non-writable own property.
  get _def() {
    return this._zod.def;
  }
});
var _ZodString = /* @__PURE__ */ $constructor(
  "_ZodString",
  (inst, def) => {
    $ZodString.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => stringProcessor(inst, ctx, json, params);
  },
  /* @__PURE__ */ util_exports.derived({
    format: (inst) => aggregateChecks(inst).format ?? null,
    minLength: (inst) => aggregateChecks(inst).minimum ?? null,
    maxLength: (inst) => aggregateChecks(inst).maximum ?? null
  }, {
    regex(...args) {
      return this.check(_regex(...args));
    },
    includes(...args) {
      return this.check(_includes(...args));
    },
    startsWith(...args) {
      return this.check(_startsWith(...args));
    },
    endsWith(...args) {
      return this.check(_endsWith(...args));
    },
    min(...args) {
      return this.check(_minLength(...args));
    },
    max(...args) {
      return this.check(_maxLength(...args));
    },
    length(...args) {
      return this.check(_length(...args));
    },
    nonempty(...args) {
      return this.check(_minLength(1, ...args));
    },
    lowercase(params) {
      return this.check(_lowercase(params));
    },
    uppercase(params) {
      return this.check(_uppercase(params));
    },
    trim() {
      return this.check(_trim());
    },
    normalize(...args) {
      return this.check(_normalize(...args));
    },
    toLowerCase() {
      return this.check(_toLowerCase());
    },
    toUpperCase() {
      return this.check(_toUpperCase());
    },
    slugify() {
      return this.check(_slugify());
    }
  })
);
var ZodString = /* @__PURE__ */ $constructor("ZodString", (inst, def) => {
  $ZodString.init(inst, def);
  _ZodString.init(inst, def);
}, {
  email(params) {
    return this.check(_email(ZodEmail, params));
  },
  url(params) {
    return this.check(_url(ZodURL, params));
  },
  jwt(params) {
    return this.check(_jwt(ZodJWT, params));
  },
  emoji(params) {
    return this.check(_emoji2(ZodEmoji, params));
  },
  guid(params) {
    return this.check(_guid(ZodGUID, params));
  },
  uuid(params) {
    return this.check(_uuid(ZodUUID, params));
  },
  uuidv4(params) {
    return this.check(_uuidv4(ZodUUID, params));
  },
  uuidv6(params) {
    return this.check(_uuidv6(ZodUUID, params));
  },
  uuidv7(params) {
    return this.check(_uuidv7(ZodUUID, params));
  },
  nanoid(params) {
    return this.check(_nanoid(ZodNanoID, params));
  },
  cuid(params) {
    return this.check(_cuid(ZodCUID, params));
  },
  cuid2(params) {
    return this.check(_cuid2(ZodCUID2, params));
  },
  ulid(params) {
    return this.check(_ulid(ZodULID, params));
  },
  base64(params) {
    return this.check(_base64(ZodBase64, params));
  },
  base64url(params) {
    return this.check(_base64url(ZodBase64URL, params));
  },
  xid(params) {
    return this.check(_xid(ZodXID, params));
  },
  ksuid(params) {
    return this.check(_ksuid(ZodKSUID, params));
  },
  ipv4(params) {
    return this.check(_ipv4(ZodIPv4, params));
  },
  ipv6(params) {
    return this.check(_ipv6(ZodIPv6, params));
  },
  cidrv4(params) {
    return this.check(_cidrv4(ZodCIDRv4, params));
  },
  cidrv6(params) {
    return this.check(_cidrv6(ZodCIDRv6, params));
  },
  e164(params) {
    return this.check(_e164(ZodE164, params));
  },
  datetime(params) {
    return this.check(_isoDateTime(ZodISODateTime, params));
  },
  date(params) {
    return this.check(_isoDate(ZodISODate, params));
  },
  time(params) {
    return this.check(_isoTime(ZodISOTime, params));
  },
  duration(params) {
    return this.check(_isoDuration(ZodISODuration, params));
  }
});
function string2(params) {
  return _string(ZodString, params);
}
var ZodStringFormat = /* @__PURE__ */ $constructor("ZodStringFormat", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  _ZodString.init(inst, def);
});
var ZodISODateTime = /* @__PURE__ */ $constructor("ZodISODateTime", (inst, def) => {
  $ZodISODateTime.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISODate = /* @__PURE__ */ $constructor("ZodISODate", (inst, def) => {
  $ZodISODate.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISOTime = /* @__PURE__ */ $constructor("ZodISOTime", (inst, def) => {
  $ZodISOTime.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISODuration = /* @__PURE__ */ $constructor("ZodISODuration", (inst, def) => {
  $ZodISODuration.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodEmail = /* @__PURE__ */ $constructor("ZodEmail", (inst, def) => {
  $ZodEmail.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function email2(params) {
  return _email(ZodEmail, params);
}
var ZodGUID = /* @__PURE__ */ $constructor("ZodGUID", (inst, def) => {
  $ZodGUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodUUID = /* @__PURE__ */ $constructor("ZodUUID", (inst, def) => {
  $ZodUUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodURL = /* @__PURE__ */ $constructor("ZodURL", (inst, def) => {
  $ZodURL.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodEmoji = /* @__PURE__ */ $constructor("ZodEmoji", (inst, def) => {
  $ZodEmoji.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodNanoID = /* @__PURE__ */ $constructor("ZodNanoID", (inst, def) => {
  $ZodNanoID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCUID = /* @__PURE__ */ $constructor("ZodCUID", (inst, def) => {
  $ZodCUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCUID2 = /* @__PURE__ */ $constructor("ZodCUID2", (inst, def) => {
  $ZodCUID2.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodULID = /* @__PURE__ */ $constructor("ZodULID", (inst, def) => {
  $ZodULID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodXID = /* @__PURE__ */ $constructor("ZodXID", (inst, def) => {
  $ZodXID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodKSUID = /* @__PURE__ */ $constructor("ZodKSUID", (inst, def) => {
  $ZodKSUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodIPv4 = /* @__PURE__ */ $constructor("ZodIPv4", (inst, def) => {
  $ZodIPv4.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodIPv6 = /* @__PURE__ */ $constructor("ZodIPv6", (inst, def) => {
  $ZodIPv6.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCIDRv4 = /* @__PURE__ */ $constructor("ZodCIDRv4", (inst, def) => {
  $ZodCIDRv4.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCIDRv6 = /* @__PURE__ */ $constructor("ZodCIDRv6", (inst, def) => {
  $ZodCIDRv6.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodBase64 = /* @__PURE__ */ $constructor("ZodBase64", (inst, def) => {
  $ZodBase64.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodBase64URL = /* @__PURE__ */ $constructor("ZodBase64URL", (inst, def) => {
  $ZodBase64URL.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodE164 = /* @__PURE__ */ $constructor("ZodE164", (inst, def) => {
  $ZodE164.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodJWT = /* @__PURE__ */ $constructor("ZodJWT", (inst, def) => {
  $ZodJWT.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodNumber = /* @__PURE__ */ $constructor(
  "ZodNumber",
  (inst, def) => {
    $ZodNumber.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => numberProcessor(inst, ctx, json, params);
    inst.isFinite = true;
  },
  /* @__PURE__ */ util_exports.derived({
    minValue: (inst) => {
      const { minimum, exclusiveMinimum } = aggregateChecks(inst);
      return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
    },
    maxValue: (inst) => {
      const { maximum, exclusiveMaximum } = aggregateChecks(inst);
      return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
    },
    isInt: (inst) => {
      const { isInt, multipleOf } = aggregateChecks(inst);
      return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
    },
    format: (inst) => aggregateChecks(inst).format ?? null
  }, {
    gt(value, params) {
      return this.check(_gt(value, params));
    },
    gte(value, params) {
      return this.check(_gte(value, params));
    },
    min(value, params) {
      return this.check(_gte(value, params));
    },
    lt(value, params) {
      return this.check(_lt(value, params));
    },
    lte(value, params) {
      return this.check(_lte(value, params));
    },
    max(value, params) {
      return this.check(_lte(value, params));
    },
    int(params) {
      return this.check(int(params));
    },
    safe(params) {
      return this.check(int(params));
    },
    positive(params) {
      return this.check(_gt(0, params));
    },
    nonnegative(params) {
      return this.check(_gte(0, params));
    },
    negative(params) {
      return this.check(_lt(0, params));
    },
    nonpositive(params) {
      return this.check(_lte(0, params));
    },
    multipleOf(value, params) {
      return this.check(_multipleOf(value, params));
    },
    step(value, params) {
      return this.check(_multipleOf(value, params));
    },
    finite() {
      return this;
    }
  })
);
function number2(params) {
  return _number(ZodNumber, params);
}
var ZodNumberFormat = /* @__PURE__ */ $constructor("ZodNumberFormat", (inst, def) => {
  $ZodNumberFormat.init(inst, def);
  ZodNumber.init(inst, def);
});
function int(params) {
  return _int(ZodNumberFormat, params);
}
var ZodBoolean = /* @__PURE__ */ $constructor("ZodBoolean", (inst, def) => {
  $ZodBoolean.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => booleanProcessor(inst, ctx, json, params);
});
function boolean2(params) {
  return _boolean(ZodBoolean, params);
}
var ZodNull = /* @__PURE__ */ $constructor("ZodNull", (inst, def) => {
  $ZodNull.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => nullProcessor(inst, ctx, json, params);
});
function _null3(params) {
  return _null2(ZodNull, params);
}
var ZodUnknown = /* @__PURE__ */ $constructor("ZodUnknown", (inst, def) => {
  $ZodUnknown.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => unknownProcessor(inst, ctx, json, params);
});
function unknown() {
  return _unknown(ZodUnknown);
}
var ZodNever = /* @__PURE__ */ $constructor("ZodNever", (inst, def) => {
  $ZodNever.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => neverProcessor(inst, ctx, json, params);
});
function never(params) {
  return _never(ZodNever, params);
}
var ZodArray = /* @__PURE__ */ $constructor("ZodArray", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodArray.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => arrayProcessor(inst, ctx, json, params);
  inst.element = def.element;
}, {
  min(n, params) {
    return this.check(_minLength(n, params));
  },
  nonempty(params) {
    return this.check(_minLength(1, params));
  },
  max(n, params) {
    return this.check(_maxLength(n, params));
  },
  length(n, params) {
    return this.check(_length(n, params));
  },
  unwrap() {
    return this.element;
  }
});
function array(element, params) {
  return _array(ZodArray, element, params);
}
var ZodObject = /* @__PURE__ */ $constructor("ZodObject", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodObjectJIT.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => objectProcessor(inst, ctx, json, params);
  util_exports.installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
}, {
  keyof() {
    return _enum(Object.keys(this._zod.def.shape));
  },
  catchall(catchall) {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall }));
  },
  passthrough() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: unknown() }));
  },
  loose() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: unknown() }));
  },
  strict() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: never() }));
  },
  strip() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: void 0 }));
  },
  extend(incoming) {
    return util_exports.extend(this, incoming);
  },
  safeExtend(incoming) {
    return util_exports.safeExtend(this, incoming);
  },
  merge(other) {
    return util_exports.merge(this, other);
  },
  pick(mask) {
    return util_exports.pick(this, mask);
  },
  omit(mask) {
    return util_exports.omit(this, mask);
  },
  partial(...args) {
    return util_exports.partial(ZodOptional, this, args[0]);
  },
  exactPartial(...args) {
    return util_exports.partial(ZodExactOptional, this, args[0], "exactPartial");
  },
  required(...args) {
    return util_exports.required(ZodNonOptional, this, args[0]);
  }
});
function object(shape, params) {
  const def = {
    type: "object",
    shape: shape ?? {},
    ...util_exports.normalizeParams(params)
  };
  return new ZodObject(def);
}
function looseObject(shape, params) {
  return new ZodObject({
    type: "object",
    shape,
    catchall: unknown(),
    ...util_exports.normalizeParams(params)
  });
}
var ZodUnion = /* @__PURE__ */ $constructor("ZodUnion", (inst, def) => {
  $ZodUnion.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => unionProcessor(inst, ctx, json, params);
  inst.options = def.options;
});
function union(options, params) {
  return new ZodUnion({
    type: "union",
    options,
    ...util_exports.normalizeParams(params)
  });
}
var ZodDiscriminatedUnion = /* @__PURE__ */ $constructor("ZodDiscriminatedUnion", (inst, def) => {
  ZodUnion.init(inst, def);
  $ZodDiscriminatedUnion.init(inst, def);
});
function discriminatedUnion(discriminator, options, params) {
  return new ZodDiscriminatedUnion({
    type: "union",
    options,
    discriminator,
    ...util_exports.normalizeParams(params)
  });
}
var ZodIntersection = /* @__PURE__ */ $constructor("ZodIntersection", (inst, def) => {
  $ZodIntersection.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => intersectionProcessor(inst, ctx, json, params);
});
function intersection(left, right) {
  return new ZodIntersection({
    type: "intersection",
    left,
    right
  });
}
var ZodRecord = /* @__PURE__ */ $constructor("ZodRecord", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodRecord.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => recordProcessor(inst, ctx, json, params);
  inst.keyType = def.keyType;
  inst.valueType = def.valueType;
});
function record(keyType, valueType, params) {
  if (!valueType || !valueType._zod) {
    return new ZodRecord({
      type: "record",
      keyType: string2(),
      valueType: keyType,
      ...util_exports.normalizeParams(valueType)
    });
  }
  return new ZodRecord({
    type: "record",
    keyType,
    valueType,
    ...util_exports.normalizeParams(params)
  });
}
var ZodEnum = /* @__PURE__ */ $constructor("ZodEnum", (inst, def) => {
  $ZodEnum.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => enumProcessor(inst, ctx, json, params);
  inst.enum = def.entries;
  inst.options = [...inst._zod.values];
  const keys = new Set(Object.keys(def.entries));
  inst.extract = (values, params) => {
    const newEntries = {};
    for (const value of values) {
      if (keys.has(value)) {
        newEntries[value] = def.entries[value];
      } else
        throw new Error(`Key ${value} not found in enum`);
    }
    return new ZodEnum({
      ...def,
      checks: [],
      ...util_exports.normalizeParams(params),
      entries: newEntries
    });
  };
  inst.exclude = (values, params) => {
    const newEntries = { ...def.entries };
    for (const value of values) {
      if (keys.has(value)) {
        delete newEntries[value];
      } else
        throw new Error(`Key ${value} not found in enum`);
    }
    return new ZodEnum({
      ...def,
      checks: [],
      ...util_exports.normalizeParams(params),
      entries: newEntries
    });
  };
});
function _enum(values, params) {
  const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
  return new ZodEnum({
    type: "enum",
    entries,
    ...util_exports.normalizeParams(params)
  });
}
var ZodLiteral = /* @__PURE__ */ $constructor("ZodLiteral", (inst, def) => {
  $ZodLiteral.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => literalProcessor(inst, ctx, json, params);
  inst.values = new Set(def.values);
  Object.defineProperty(inst, "value", {
    get() {
      if (def.values.length > 1) {
        throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
      }
      return def.values[0];
    }
  });
});
function literal(value, params) {
  return new ZodLiteral({
    type: "literal",
    values: Array.isArray(value) ? value : [value],
    ...util_exports.normalizeParams(params)
  });
}
var ZodTransform = /* @__PURE__ */ $constructor("ZodTransform", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodTransform.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => transformProcessor(inst, ctx, json, params);
  inst._zod.parse = (payload, _ctx) => {
    if (_ctx.direction === "backward") {
      throw new $ZodEncodeError(inst.constructor.name);
    }
    payload.addIssue = (issue2) => {
      if (typeof issue2 === "string") {
        payload.issues.push(util_exports.issue(issue2, payload.value, def));
      } else {
        const _issue = issue2;
        if (_issue.fatal)
          _issue.continue = false;
        _issue.code ?? (_issue.code = "custom");
        if (!("input" in _issue))
          _issue.input = payload.value;
        _issue.inst ?? (_issue.inst = inst);
        payload.issues.push(util_exports.issue(_issue));
      }
    };
    const output = def.transform(payload.value, payload);
    if (output instanceof Promise) {
      return output.then((output2) => {
        payload.value = output2;
        return payload;
      });
    }
    payload.value = output;
    return payload;
  };
});
function transform(fn) {
  return new ZodTransform({
    type: "transform",
    transform: fn
  });
}
var ZodOptional = /* @__PURE__ */ $constructor("ZodOptional", (inst, def) => {
  $ZodOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function optional(innerType) {
  return new ZodOptional({
    type: "optional",
    innerType
  });
}
var ZodExactOptional = /* @__PURE__ */ $constructor("ZodExactOptional", (inst, def) => {
  $ZodExactOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function exactOptional(innerType) {
  return new ZodExactOptional({
    type: "optional",
    innerType
  });
}
var ZodNullable = /* @__PURE__ */ $constructor("ZodNullable", (inst, def) => {
  $ZodNullable.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => nullableProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function nullable(innerType) {
  return new ZodNullable({
    type: "nullable",
    innerType
  });
}
var ZodDefault = /* @__PURE__ */ $constructor("ZodDefault", (inst, def) => {
  $ZodDefault.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => defaultProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
  inst.removeDefault = inst.unwrap;
});
function _default(innerType, defaultValue) {
  return new ZodDefault({
    type: "default",
    innerType,
    get defaultValue() {
      return typeof defaultValue === "function" ? defaultValue() : util_exports.shallowClone(defaultValue);
    }
  });
}
var ZodPrefault = /* @__PURE__ */ $constructor("ZodPrefault", (inst, def) => {
  $ZodPrefault.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => prefaultProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function prefault(innerType, defaultValue) {
  return new ZodPrefault({
    type: "prefault",
    innerType,
    get defaultValue() {
      return typeof defaultValue === "function" ? defaultValue() : util_exports.shallowClone(defaultValue);
    }
  });
}
var ZodNonOptional = /* @__PURE__ */ $constructor("ZodNonOptional", (inst, def) => {
  $ZodNonOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => nonoptionalProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function nonoptional(innerType, params) {
  return new ZodNonOptional({
    type: "nonoptional",
    innerType,
    ...util_exports.normalizeParams(params)
  });
}
var ZodCatch = /* @__PURE__ */ $constructor("ZodCatch", (inst, def) => {
  $ZodCatch.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => catchProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
  inst.removeCatch = inst.unwrap;
});
function _catch(innerType, catchValue) {
  return new ZodCatch({
    type: "catch",
    innerType,
    catchValue: typeof catchValue === "function" ? catchValue : util_exports.constantCatch(catchValue)
  });
}
var ZodPipe = /* @__PURE__ */ $constructor("ZodPipe", (inst, def) => {
  $ZodPipe.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => pipeProcessor(inst, ctx, json, params);
  inst.in = def.in;
  inst.out = def.out;
});
function pipe(in_, out) {
  return new ZodPipe({
    type: "pipe",
    in: in_,
    out
    // ...util.normalizeParams(params),
  });
}
var ZodReadonly = /* @__PURE__ */ $constructor("ZodReadonly", (inst, def) => {
  $ZodReadonly.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => readonlyProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function readonly(innerType) {
  return new ZodReadonly({
    type: "readonly",
    innerType
  });
}
var ZodCustom = /* @__PURE__ */ $constructor("ZodCustom", (inst, def) => {
  $ZodCustom.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => customProcessor(inst, ctx, json, params);
});
function refine(fn, _params = {}) {
  return _refine(ZodCustom, fn, _params);
}
function superRefine(fn, params) {
  return _superRefine(fn, params);
}

// node_modules/@date-fns/tz/tzName/index.js
function tzName(timeZone, date2, format = "long") {
  return new Intl.DateTimeFormat("en-US", {
    // Enforces engine to render the time. Without the option JavaScriptCore omits it.
    hour: "numeric",
    timeZone,
    timeZoneName: format
  }).format(date2).split(/\s/g).slice(2).join(" ");
}

// node_modules/@date-fns/tz/tzOffset/index.js
var offsetFormatCache = {};
var offsetCache = {};
function tzOffset(timeZone, date2) {
  try {
    const format = offsetFormatCache[timeZone] ||= new Intl.DateTimeFormat("en-US", {
      timeZone,
      timeZoneName: "longOffset"
    }).format;
    const offsetStr = format(date2).split("GMT")[1];
    if (offsetStr in offsetCache) return offsetCache[offsetStr];
    return calcOffset(offsetStr, offsetStr.split(":"));
  } catch {
    if (timeZone in offsetCache) return offsetCache[timeZone];
    const captures = timeZone?.match(offsetRe);
    if (captures) return calcOffset(timeZone, captures.slice(1));
    return NaN;
  }
}
var offsetRe = /([+-]\d\d):?(\d\d)?/;
function calcOffset(cacheStr, values) {
  const hours = +(values[0] || 0);
  const minutes = +(values[1] || 0);
  const seconds = +(values[2] || 0) / 60;
  return offsetCache[cacheStr] = hours * 60 + minutes > 0 ? hours * 60 + minutes + seconds : hours * 60 - minutes - seconds;
}

// node_modules/@date-fns/tz/date/mini.js
var TZDateMini = class _TZDateMini extends Date {
  //#region static
  constructor(...args) {
    super();
    if (args.length > 1 && typeof args[args.length - 1] === "string") {
      this.timeZone = args.pop();
    }
    this.internal = /* @__PURE__ */ new Date();
    if (isNaN(tzOffset(this.timeZone, this))) {
      this.setTime(NaN);
    } else {
      if (!args.length) {
        this.setTime(Date.now());
      } else if (typeof args[0] === "number" && (args.length === 1 || args.length === 2 && typeof args[1] !== "number")) {
        this.setTime(args[0]);
      } else if (typeof args[0] === "string") {
        this.setTime(+new Date(args[0]));
      } else if (args[0] instanceof Date) {
        this.setTime(+args[0]);
      } else {
        this.setTime(+new Date(...args));
        adjustToSystemTZ(this, args);
      }
    }
  }
  static tz(tz, ...args) {
    return args.length ? new _TZDateMini(...args, tz) : new _TZDateMini(Date.now(), tz);
  }
  //#endregion
  //#region time zone
  withTimeZone(timeZone) {
    return new _TZDateMini(+this, timeZone);
  }
  getTimezoneOffset() {
    const offset = -tzOffset(this.timeZone, this);
    return offset > 0 ? Math.floor(offset) : Math.ceil(offset);
  }
  //#endregion
  //#region time
  setTime(_time) {
    Date.prototype.setTime.apply(this, arguments);
    syncToInternal(this);
    return +this;
  }
  //#endregion
  //#region date-fns integration
  [/* @__PURE__ */ Symbol.for("constructDateFrom")](date2) {
    return new _TZDateMini(+new Date(date2), this.timeZone);
  }
  //#endregion
};
var re = /^(get|set)(?!UTC)/;
Object.getOwnPropertyNames(Date.prototype).forEach((method) => {
  if (!re.test(method)) return;
  const utcMethod = method.replace(re, "$1UTC");
  if (!TZDateMini.prototype[utcMethod]) return;
  if (method.startsWith("get")) {
    TZDateMini.prototype[method] = function() {
      return this.internal[utcMethod]();
    };
  } else {
    TZDateMini.prototype[method] = function() {
      Date.prototype[utcMethod].apply(this.internal, arguments);
      syncFromInternal(this);
      return +this;
    };
    TZDateMini.prototype[utcMethod] = function() {
      Date.prototype[utcMethod].apply(this, arguments);
      syncToInternal(this);
      return +this;
    };
  }
});
function syncToInternal(date2) {
  date2.internal.setTime(+date2);
  date2.internal.setUTCSeconds(date2.internal.getUTCSeconds() - // Round after converting minutes to seconds to avoid fractional offset
  // precision errors from historical offsets.
  Math.round(-tzOffset(date2.timeZone, date2) * 60));
}
function syncFromInternal(date2) {
  Date.prototype.setFullYear.call(date2, date2.internal.getUTCFullYear(), date2.internal.getUTCMonth(), date2.internal.getUTCDate());
  Date.prototype.setHours.call(date2, date2.internal.getUTCHours(), date2.internal.getUTCMinutes(), date2.internal.getUTCSeconds(), date2.internal.getUTCMilliseconds());
  adjustToSystemTZ(date2);
}
function adjustToSystemTZ(date2, constructorArgs) {
  const expectedInternalTime = Array.isArray(constructorArgs) ? constructorArgsToInternalTime(constructorArgs) : +date2.internal;
  const offsetWithSeconds = tzOffset(date2.timeZone, date2);
  const offset = offsetWithSeconds > 0 ? Math.floor(offsetWithSeconds) : Math.ceil(offsetWithSeconds);
  const prevHour = /* @__PURE__ */ new Date(+date2);
  prevHour.setUTCHours(prevHour.getUTCHours() - 1);
  const systemOffset = -(/* @__PURE__ */ new Date(+date2)).getTimezoneOffset();
  const prevHourSystemOffset = -(/* @__PURE__ */ new Date(+prevHour)).getTimezoneOffset();
  const systemDSTChange = systemOffset - prevHourSystemOffset;
  let systemOffsetForDiff = systemOffset;
  if (systemDSTChange && systemOffset !== offset) {
    const systemHour = Date.prototype.getHours.apply(date2);
    const expectedHour = Array.isArray(constructorArgs) ? constructorArgs[3] || 0 : date2.internal.getUTCHours();
    if (systemHour !== expectedHour) {
      const testDate = /* @__PURE__ */ new Date(+date2);
      const testOffsetDiff = systemOffset - offset;
      if (testOffsetDiff) testDate.setUTCMinutes(testDate.getUTCMinutes() + testOffsetDiff);
      const testOffsetWithSeconds = tzOffset(date2.timeZone, testDate);
      const testOffset = testOffsetWithSeconds > 0 ? Math.floor(testOffsetWithSeconds) : Math.ceil(testOffsetWithSeconds);
      if (testOffset === offset) systemOffsetForDiff = prevHourSystemOffset;
    }
  }
  const offsetDiff = systemOffsetForDiff - offset;
  if (offsetDiff)
    Date.prototype.setUTCMinutes.call(date2, Date.prototype.getUTCMinutes.call(date2) + offsetDiff);
  const systemDate = /* @__PURE__ */ new Date(+date2);
  systemDate.setUTCSeconds(0);
  const systemSecondsOffset = systemOffset > 0 ? systemDate.getSeconds() : (systemDate.getSeconds() - 60) % 60;
  const secondsOffset = Math.round(-(tzOffset(date2.timeZone, date2) * 60)) % 60;
  if (secondsOffset || systemSecondsOffset)
    Date.prototype.setUTCSeconds.call(date2, Date.prototype.getUTCSeconds.call(date2) + secondsOffset + systemSecondsOffset);
  const postOffsetWithSeconds = tzOffset(date2.timeZone, date2);
  const postOffset = postOffsetWithSeconds > 0 ? Math.floor(postOffsetWithSeconds) : Math.ceil(postOffsetWithSeconds);
  const postSystemOffset = -(/* @__PURE__ */ new Date(+date2)).getTimezoneOffset();
  const postOffsetDiff = postSystemOffset - postOffset;
  const offsetChanged = postOffset !== offset;
  const postDiff = postOffsetDiff - offsetDiff;
  const targetDSTShift = postOffset - offset;
  const postOffsetCandidate = expectedInternalTime - postOffset * 60 * 1e3;
  const normalizedTargetDSTGap = targetDSTShift > 0 && targetInternalTime(date2) - expectedInternalTime === targetDSTShift * 60 * 1e3 && targetInternalTime(date2, postOffsetCandidate) !== expectedInternalTime;
  if (offsetChanged && postDiff && !normalizedTargetDSTGap) {
    Date.prototype.setUTCMinutes.call(date2, Date.prototype.getUTCMinutes.call(date2) + postDiff);
    const newOffsetWithSeconds = tzOffset(date2.timeZone, date2);
    const newOffset = newOffsetWithSeconds > 0 ? Math.floor(newOffsetWithSeconds) : Math.ceil(newOffsetWithSeconds);
    const offsetChange = postOffset - newOffset;
    if (offsetChange && postDiff < 0) {
      Date.prototype.setUTCMinutes.call(date2, Date.prototype.getUTCMinutes.call(date2) + offsetChange);
    }
  }
  syncToInternal(date2);
  const expectedTime = constructorArgs ? expectedInternalTime : expectedInternalTime + secondsOffset * 1e3;
  const drift = expectedTime - +date2.internal;
  if (drift && Math.abs(drift) < 30 * 60 * 1e3) {
    Date.prototype.setTime.call(date2, +date2 + drift);
    syncToInternal(date2);
  }
}
function constructorArgsToInternalTime(args) {
  return Date.UTC(args[0], args.length > 1 ? args[1] : 0, args.length > 2 ? args[2] : 1, ...args.slice(3));
}
function targetInternalTime(date2, time2) {
  const internal = new Date(time2 ?? +date2);
  internal.setUTCSeconds(internal.getUTCSeconds() - Math.round(-tzOffset(date2.timeZone, internal) * 60));
  return +internal;
}

// node_modules/@date-fns/tz/date/index.js
var TZDate = class _TZDate extends TZDateMini {
  //#region static
  static tz(tz, ...args) {
    return args.length ? new _TZDate(...args, tz) : new _TZDate(Date.now(), tz);
  }
  //#endregion
  //#region representation
  toISOString() {
    const [sign, hours, minutes] = this.tzComponents();
    const tz = `${sign}${hours}:${minutes}`;
    return this.internal.toISOString().slice(0, -1) + tz;
  }
  toString() {
    return `${this.toDateString()} ${this.toTimeString()}`;
  }
  toDateString() {
    const [day, date2, month, year] = this.internal.toUTCString().split(" ");
    return `${day?.slice(0, -1)} ${month} ${date2} ${year}`;
  }
  toTimeString() {
    const time2 = this.internal.toUTCString().split(" ")[4];
    const [sign, hours, minutes] = this.tzComponents();
    return `${time2} GMT${sign}${hours}${minutes} (${tzName(this.timeZone, this)})`;
  }
  toLocaleString(locales, options) {
    return Date.prototype.toLocaleString.call(this, locales, {
      ...options,
      timeZone: options?.timeZone || this.timeZone
    });
  }
  toLocaleDateString(locales, options) {
    return Date.prototype.toLocaleDateString.call(this, locales, {
      ...options,
      timeZone: options?.timeZone || this.timeZone
    });
  }
  toLocaleTimeString(locales, options) {
    return Date.prototype.toLocaleTimeString.call(this, locales, {
      ...options,
      timeZone: options?.timeZone || this.timeZone
    });
  }
  //#endregion
  //#region private
  tzComponents() {
    const offset = this.getTimezoneOffset();
    const sign = offset > 0 ? "-" : "+";
    const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
    const minutes = String(Math.abs(offset) % 60).padStart(2, "0");
    return [sign, hours, minutes];
  }
  //#endregion
  withTimeZone(timeZone) {
    return new _TZDate(+this, timeZone);
  }
  //#region date-fns integration
  [/* @__PURE__ */ Symbol.for("constructDateFrom")](date2) {
    return new _TZDate(+new Date(date2), this.timeZone);
  }
  //#endregion
};

// packages/core/src/types.ts
var BUDGET_PERIODS = ["day", "month"];
var MICROS_PER_UNIT = 1e6;
function toMicros(units) {
  if (!Number.isFinite(units)) return 0;
  return Math.round(units * MICROS_PER_UNIT);
}
var USER_TYPES = ["Admin", "Manager", "Viewer"];

// packages/core/src/calendar.ts
var ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function isIsoDate(value) {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonthOf(y, mo);
}
function daysInMonthOf(year, month) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// packages/core/src/budget.ts
function clampAllocation(value, asPercentage, total) {
  if (!Number.isFinite(value)) return 0;
  const max = asPercentage ? 100 : Math.max(0, total);
  return Math.min(max, Math.max(0, value));
}
function allocationTotal(shared) {
  const total = Math.max(0, shared.budget);
  if (shared.allocatedBudgetAsAPercentage) {
    if (!shared.hasManualAllocationBeenSet) return null;
    let millionths = 0;
    for (const t of shared.trackers) {
      millionths += Math.round(clampAllocation(t.budgetAllocation ?? 0, true, total) * 1e6);
    }
    return { unit: "percent", sum: millionths / 1e6, limit: 100, over: millionths > 1e8 };
  }
  let micros = 0;
  for (const t of shared.trackers)
    micros += Math.round(clampAllocation(t.budgetAllocationMoney ?? 0, false, total));
  return { unit: "micros", sum: micros, limit: total, over: micros > total };
}

// packages/core/src/columns.ts
function col(id, name, format, description, formula, options = {}) {
  return {
    id,
    name,
    description,
    formula,
    hideColumn: options.hidden ?? false,
    format,
    naGroup: options.naGroup ?? null,
    currencyDependent: options.currency ?? (format === "money" || format === "money2" || format === "moneyRange")
  };
}
var monthly = { naGroup: "monthly" };
var lifetime = { naGroup: "lifetime", hidden: true };
var performance = { hidden: true };
var FORECAST_COLUMNS = [
  col(
    "forecastEomSpend",
    "Forecast EOM Spend",
    "money",
    "Where this month's spend is forecast to land, from the tracker's own daily spend: weekday-aware, recent days weighted.",
    "Actual Spend + a forecast of each day left (today: the larger of its spend so far and its forecast); a day's forecast = the recent daily level (weighted over the last 3.5, 7 or 28 days, whichever forecast the tracker's past weeks best) x its weekday index. With under 14 days of history: Actual Spend / days elapsed x days in the month (run-rate). Groups: the sum of their trackers'",
    { hidden: true }
  ),
  col(
    "forecastRange",
    "Forecast Range",
    "moneyRange",
    "The range this month's spend should land in 8 times out of 10 (P10 to P90).",
    "Actual Spend + the forecast of the days left x the 10th and 90th percentiles of the tracker's own past forecast errors over as many days (under 14 days of history: the spread of its daily spend). Groups: the sum of their trackers' P10s to the sum of their P90s, a deliberately wide (conservative) range",
    { hidden: true }
  ),
  col(
    "forecastVsBudgetPercentage",
    "Forecast vs Budget %",
    "percent",
    "The month's forecast spend against the budget: over 100% means the budget is forecast to be overspent.",
    "Forecast EOM Spend / Budget x 100 (groups: their monthly trackers' forecasts / their budgets)",
    { ...monthly, hidden: true, currency: true }
  ),
  col(
    "forecastLifetimeSpend",
    "Forecast Lifetime Spend",
    "money",
    "Where the lifetime spend is forecast to land on the lifetime end date.",
    "Lifetime Spend + a forecast of each day left to the end date (the month end when there is none), as for Forecast EOM Spend",
    lifetime
  ),
  col(
    "forecastVsLifetimeBudgetPercentage",
    "Forecast vs Lifetime Budget %",
    "percent",
    "The lifetime forecast against the lifetime budget: over 100% means it is forecast to be overspent.",
    "Forecast Lifetime Spend / Lifetime Budget x 100",
    { ...lifetime, currency: true }
  )
];
var COLUMNS = [
  col("name", "Name", "text", "The tracker's name.", "Set by the user"),
  col("client", "Client", "text", "The client the tracker belongs to.", "Set by the user"),
  col(
    "channel",
    "Channel",
    "text",
    "The advertising platform the tracker reads.",
    "The connection's platform"
  ),
  col(
    "dailyBudget",
    "Daily Budget",
    "money",
    "The budget for one day this month.",
    "Monthly budget / days in the month (weekdays only with Weekdays Only); adjusted when an over/under spend adjustment applies",
    monthly
  ),
  col(
    "budget",
    "Budget",
    "money",
    "The budget for the current month.",
    "Manual, future or platform budget (daily budget x days in the month for a daily budget), less any over/under spend adjustment",
    monthly
  ),
  col(
    "lastMonthBudget",
    "Last Month Budget",
    "money",
    "Last month's budget, from the tracker's historic data.",
    "The budget of the sixth (latest) historic data month",
    { hidden: true }
  ),
  col(
    "percentageThroughBudget",
    "% Through Budget",
    "percent",
    "How much of this month's budget has been spent.",
    "Actual Spend / Budget x 100",
    { ...monthly, currency: true }
  ),
  col(
    "adjustedPercentageThroughBudget",
    "% Adj. Through Budget",
    "percent",
    "Spend against the budget pro-rated to the days gone, so 100% means on pace.",
    "Actual Spend / (Daily Budget x days gone, first of the month to tomorrow inclusive) x 100",
    { ...monthly, hidden: true, currency: true }
  ),
  col(
    "actualSpend",
    "Actual Spend",
    "money",
    "Spend this month so far, today included.",
    "Sum of daily spend from the first of the month to today"
  ),
  col(
    "lifetimeBudget",
    "Lifetime Budget",
    "money",
    "The budget for the tracker's whole lifetime date range.",
    "Set by the user",
    lifetime
  ),
  col(
    "percentageThroughLifetimeBudget",
    "% Through Lifetime Budget",
    "percent",
    "How much of the lifetime budget has been spent.",
    "Lifetime Spend / Lifetime Budget x 100",
    { ...lifetime, currency: true }
  ),
  col(
    "adjustedPercentageThroughLifetimeBudget",
    "% Adj. Through Lifetime Budget",
    "percent",
    "Lifetime spend against the lifetime budget pro-rated to the days of the range gone.",
    "Lifetime Spend / (Lifetime Budget x days gone in the range / days in the range) x 100",
    { ...lifetime, currency: true }
  ),
  col(
    "lifetimeSpend",
    "Lifetime Spend",
    "money",
    "Spend from the lifetime start date to the end date or today.",
    "Sum of daily spend within the lifetime date range, up to today",
    lifetime
  ),
  col(
    "percentageThroughMonth",
    "% Through Month",
    "percent",
    "How far through the month we are, counting tomorrow as gone.",
    "Days gone (first of the month to tomorrow inclusive) / days in the month x 100; weekdays only with Weekdays Only",
    { hidden: true }
  ),
  col("lastMonthSpend", "Last Month Spend", "money", "Spend last month.", "Last month's actual spend"),
  col(
    "lastMonthOverUnderSpend",
    "Last Month Over/Under Spend",
    "money",
    "How far last month's spend was over (positive) or under (negative) its budget.",
    "Last Month Spend - Last Month Budget"
  ),
  col(
    "spendRemaining",
    "Spend Remaining",
    "money",
    "Budget left to spend this month.",
    "max(0, Budget - Actual Spend)",
    monthly
  ),
  col("yesterdaySpend", "Yesterday Spend", "money", "Spend yesterday.", "Yesterday's daily spend"),
  col("todaySpend", "Today Spend", "money", "Spend today so far.", "Today's daily spend"),
  col(
    "todaySpendRemaining",
    "Today Spend Remaining",
    "money",
    "Daily budget left today (negative when over).",
    "Daily Budget - Today Spend",
    monthly
  ),
  col(
    "requiredDailySpend",
    "Required Daily Spend",
    "money",
    "What must be spent each day, today included, to reach the budget by the month end.",
    "Spend Remaining / days left from today to the month end",
    monthly
  ),
  col(
    "endOfMonthEstSpend",
    "EOM est. Spend",
    "money",
    "Estimated spend by the end of the month if the daily budget is spent each remaining day.",
    "Actual Spend + Daily Budget x days after today",
    monthly
  ),
  col("actualClicks", "Clicks", "count", "Clicks this month.", "Sum of daily clicks this month", performance),
  col("cpc", "CPC", "money2", "Average cost per click this month.", "Actual Spend / Clicks", performance),
  col(
    "actualImpressions",
    "Impressions",
    "count",
    "Impressions this month.",
    "Sum of daily impressions this month",
    performance
  ),
  col("ctr", "CTR", "percent", "Click-through rate this month.", "Clicks / Impressions x 100", performance),
  col(
    "actualConversions",
    "Conversions",
    "count",
    "Conversions this month.",
    "Sum of daily conversions this month",
    performance
  ),
  col("cvr", "CVR", "percent", "Conversion rate this month.", "Conversions / Clicks x 100", performance),
  col(
    "endOfMonthEstConversions",
    "EOM est. Conversions",
    "count",
    "Estimated conversions by the end of the month at this month's daily average.",
    "Conversions + (Conversions / days elapsed this month) x days after today",
    performance
  ),
  col(
    "costPerConversion",
    "Cost per Conversions",
    "money2",
    "Average cost of one conversion this month.",
    "Actual Spend / Conversions",
    performance
  ),
  col(
    "actualRevenue",
    "Revenue",
    "money",
    "Revenue this month.",
    "Sum of daily revenue this month",
    performance
  ),
  col(
    "roas",
    "ROAS",
    "roas",
    "Return on ad spend: revenue per unit of spend this month.",
    "Revenue / Actual Spend",
    { ...performance, currency: true }
  ),
  ...FORECAST_COLUMNS
];
var byId = new Map(COLUMNS.map((c) => [c.id, c]));
var METRIC_COLUMNS = COLUMNS.filter(
  (c) => c.format !== "text"
);
var metricIds = new Set(METRIC_COLUMNS.map((c) => c.id));
function columnDef(id) {
  const def = byId.get(id);
  if (!def) throw new RangeError(`Unknown column: ${JSON.stringify(id)}`);
  return def;
}

// packages/core/src/text.ts
var TEXT_LIMITS = {
  /** Names: trackers, clients, pods, shared budgets, alerts, users, accounts. */
  name: 200,
  /** Descriptions: pods, shared budgets, an account's address. */
  description: 2e3,
  /** Notes and messages on a tracker. */
  note: 5e3
};
var MULTILINE_KINDS = /* @__PURE__ */ new Set(["description", "note"]);
var grouped = (count) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
var TEXT_RULE_TEXTS = {
  tooLong: (max) => `Must be at most ${grouped(max)} characters`,
  control: "Must not contain control characters",
  surrogate: "Must not contain unpaired surrogate characters"
};
var CONTROL = new RegExp("\\p{Cc}", "u");
var CONTROL_EXCEPT_LINE_BREAKS = new RegExp("(?![\\t\\n\\r])\\p{Cc}", "u");
var LONE_SURROGATE = new RegExp("\\p{Cs}", "u");
function limitsOf(kind) {
  if (typeof kind === "string") return { max: TEXT_LIMITS[kind], multiline: MULTILINE_KINDS.has(kind) };
  return { max: kind.max, multiline: kind.multiline ?? false };
}
function freeTextProblem(value, kind) {
  const { max, multiline } = limitsOf(kind);
  if (value.length > max) return TEXT_RULE_TEXTS.tooLong(max);
  if ((multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value)) return TEXT_RULE_TEXTS.control;
  if (LONE_SURROGATE.test(value)) return TEXT_RULE_TEXTS.surrogate;
  return null;
}
function freeText(kind, options = {}) {
  const { max } = limitsOf(kind);
  return string2().check(
    _trim(),
    ...options.required ? [_minLength(1, options.required)] : [],
    _maxLength(max, TEXT_RULE_TEXTS.tooLong(max)),
    superRefine((value, ctx) => {
      if (value.length > max) return;
      const problem = freeTextProblem(value, kind);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
  );
}

// packages/core/src/alerts.ts
var ALERT_LEVELS = ["tracker", "client", "pod"];
var ALERT_OPERATORS = ["isGreaterThan", "isLessThan"];
var FIRE_WHEN = ["everyday", "weekly", "monthly"];
var ALERT_BUDGET_FIELDS = ["budget", "dailyBudget", "lastMonthBudget", "lifetimeBudget"];
var WATCHABLE = METRIC_COLUMNS.filter((c) => c.format !== "moneyRange");
var PACE_METRIC = {
  id: "pace",
  name: "% Pace",
  description: "How fast the budget is being spent against how far the month has gone: 100% is on pace, 110% is 10% ahead, 90% is 10% behind.",
  formula: "% Through Budget / % Through Month x 100"
};
var STALE_METRIC = {
  id: "dataAgeHours",
  name: "Hours Since Refresh",
  description: "Hours since the figures were last refreshed from the ad platform (a client or pod: its stalest tracker). Above 24 means a day without fresh data.",
  formula: "Now - last refresh, in hours"
};
var ANOMALY_METRIC = {
  id: "spendAnomaly",
  name: "Spend Anomaly (std. deviations)",
  description: "Yesterday's spend against the same weekday of the previous 4 to 8 weeks, in standard deviations: above 3 is an unusual spike, below -3 an unusual drop. Silent with less than four weeks of history.",
  formula: "(Yesterday's Spend - mean of the same weekday) / standard deviation (at least 10% of the mean)"
};
var STALLED_METRIC = {
  id: "stalledHours",
  name: "Hours Without Spend",
  description: "Hours the spend has not gone up while budget remains, as seen at each data refresh (a client or pod: since any of its trackers spent). Platforms report spend 1 to 3 hours late, so choose more than a few hours; a spent budget never counts as stalled.",
  formula: "Last refresh - last refresh at which today's Spend went up, in hours (only while Spend Remaining > 0)"
};
var ALERT_METRICS = [
  ...WATCHABLE.map((c) => ({ id: c.id, name: c.name, description: c.description, formula: c.formula })),
  { ...PACE_METRIC },
  { ...STALE_METRIC },
  { ...STALLED_METRIC },
  { ...ANOMALY_METRIC }
];
function alertMetricFormat(metric) {
  if (metric === PACE_METRIC.id) return "percent";
  if (metric === STALE_METRIC.id || metric === STALLED_METRIC.id || metric === ANOMALY_METRIC.id)
    return "count";
  return columnDef(metric).format;
}
function alertValueUnit(metric) {
  const format = alertMetricFormat(metric);
  if (format === "money" || format === "money2") return "micros";
  return format === "percent" ? "percent" : "number";
}
var ALERT_FORM_TEXTS = {
  name: "Name is required",
  budgetNeedsMoneyMetric: "A budget can only be compared with a money metric",
  fireOnWeekly: "Choose a weekday from 1 (Monday) to 5 (Friday)",
  fireOnMonthly: "Choose a day of the month from 1 to 31",
  targets: "Choose at least one target"
};
var metricIds2 = ALERT_METRICS.map((m) => m.id);
var MAX_ALERT_CHANNELS = 20;
var alertFormSchema = object({
  name: freeText("name", { required: ALERT_FORM_TEXTS.name }),
  level: _enum(ALERT_LEVELS),
  target: discriminatedUnion("all", [
    object({ all: literal(true) }),
    object({
      all: literal(false),
      // Tracker or pod ids, or client names.
      ids: array(freeText("name")).min(1, ALERT_FORM_TEXTS.targets)
    })
  ]),
  data: object({
    metric: _enum(metricIds2),
    metricName: freeText("name"),
    operator: _enum(ALERT_OPERATORS),
    valueSet: _enum(["manual", "budget"]),
    value: number2().finite(),
    valueBudget: _enum(ALERT_BUDGET_FIELDS)
  }),
  fireWhen: _enum(FIRE_WHEN),
  fireOn: number2().int().nullable(),
  additionalRecipients: array(
    object({ _id: string2().max(100), name: freeText("name"), email: freeText({ max: 254 }) })
  ),
  /** The account's alert channels (ids) also told, besides e-mail; absent on edit: unchanged. */
  channelIds: array(string2().min(1).max(100)).max(MAX_ALERT_CHANNELS).optional()
}).superRefine((form, ctx) => {
  if (form.data.valueSet === "budget" && alertValueUnit(form.data.metric) !== "micros") {
    ctx.addIssue({
      code: "custom",
      path: ["data", "valueBudget"],
      message: ALERT_FORM_TEXTS.budgetNeedsMoneyMetric
    });
  }
  const on = form.fireOn ?? 1;
  if (form.fireWhen === "weekly" && (on < 1 || on > 5)) {
    ctx.addIssue({ code: "custom", path: ["fireOn"], message: ALERT_FORM_TEXTS.fireOnWeekly });
  }
  if (form.fireWhen === "monthly" && (on < 1 || on > 31)) {
    ctx.addIssue({ code: "custom", path: ["fireOn"], message: ALERT_FORM_TEXTS.fireOnMonthly });
  }
});
var ALERT_CHANNEL_KINDS = ["slack", "teams", "webhook"];
var ALERT_OUTCOMES = ["fired", "resolved", "sent", "failed", "dead-lettered"];
var ALERT_CHANNEL_TEXTS = {
  name: "Please enter a name for the channel",
  url: "Please enter the channel's https URL"
};
var alertChannelFormSchema = object({
  kind: _enum(ALERT_CHANNEL_KINDS),
  name: freeText("name", { required: ALERT_CHANNEL_TEXTS.name }),
  url: string2().trim().min(1, ALERT_CHANNEL_TEXTS.url).max(2e3).refine((v) => /^https:\/\//i.test(v), ALERT_CHANNEL_TEXTS.url)
});

// packages/core/src/day-basis.ts
var DAY_BASES = ["account", "utc"];

// packages/core/src/format.ts
var DEFAULT_LOCALE = "en-GB";
var formatters = /* @__PURE__ */ new Map();
function formatter(locale, decimals, currency) {
  const key2 = `${locale}|${decimals}|${currency ?? ""}`;
  let f = formatters.get(key2);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      ...currency ? { style: "currency", currency } : {},
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: "negative"
    });
    formatters.set(key2, f);
  }
  return f;
}
function formatPercent(percent, locale = DEFAULT_LOCALE) {
  return `${formatter(locale, 2, null).format(percent)}%`;
}
function formatBudgetAmount(micros, currency = null, locale = DEFAULT_LOCALE) {
  const decimals = micros % MICROS_PER_UNIT === 0 ? 0 : 2;
  return formatter(locale, decimals, currency).format(micros / MICROS_PER_UNIT);
}
var AMOUNT = /^(-?)(\d*)(?:\.(\d*))?$/;
function parseAmountInput(text) {
  if (typeof text === "number") return toMicros(text);
  const m = AMOUNT.exec((text ?? "").replace(/[\s,]/g, ""));
  const whole = m?.[2] ?? "";
  const fraction = m?.[3] ?? "";
  if (!m || whole === "" && fraction === "") return 0;
  const digits = fraction.padEnd(7, "0");
  const micros = Number(whole || "0") * MICROS_PER_UNIT + Number(digits.slice(0, 6)) + (Number(digits[6]) >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(micros) || micros === 0) return 0;
  return m[1] ? -micros : micros;
}
function isAmountInput(text) {
  const clean = text.replace(/[\s,]/g, "");
  const m = AMOUNT.exec(clean);
  return m !== null && (clean === "" || `${m[2] ?? ""}${m[3] ?? ""}` !== "");
}
function parseDisplayDate(text) {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isIsoDate(iso) ? iso : null;
}

// packages/core/src/platforms.ts
var BING_FAILURE = "Something went wrong with this request, please try again and if the problem persists try another Microsoft Ads account. If the problem persist contact support.";
var BING_PERSONAL_ACCOUNT_FAILURE = "Personal Microsoft Ads accounts cannot be used to integration with Microsoft Ads, you must use a business account.";
var REDDIT_FAILURE = "Something went wrong with your Reddit Ads connection.";
var REDDIT_AUTHENTICATE_FAILURE = "Failed to authenticate with Reddit Ads";
var BING_LISTING_FAILURE = "There was a problem with Microsoft Ads, please re-authenticate";
var getAccount = { steps: 1, call: "get-account" };
var getUserAccounts = { steps: 1, call: "get-user-accounts" };
var PLATFORM_CATALOGUE = [
  {
    slug: "googleads",
    name: "Google Ads",
    mark: "GA",
    color: "#1a73e8",
    auth: "oauth2",
    segment: "google-ads",
    returnPage: "/google-ads-response",
    responseField: "googleAdsObj",
    listing: getUserAccounts,
    revokeToken: true,
    needsRefreshToken: true
  },
  {
    slug: "googledv360",
    name: "Google DV360",
    mark: "DV",
    color: "#137333",
    auth: "oauth2",
    category: "programmatic",
    // The spec hides DV360's paths ({token}); they follow the others (return page listed in 2.1).
    segment: "google-dv360",
    returnPage: "/google-dv360-response",
    responseField: "googleDv360Obj",
    listing: getUserAccounts,
    revokeToken: true,
    needsRefreshToken: true
  },
  {
    slug: "bingads",
    name: "Microsoft Ads",
    mark: "MS",
    color: "#00809d",
    auth: "oauth2",
    segment: "bing-ads",
    returnPage: "/bing-ads-response",
    responseField: "bingAdsObj",
    returnFailureTexts: [BING_FAILURE, BING_PERSONAL_ACCOUNT_FAILURE],
    failureToast: "Microsoft Ads connection failed, please try again or use an alternative Bing Ads account",
    personalAccountFailureText: BING_PERSONAL_ACCOUNT_FAILURE,
    listing: {
      steps: 2,
      userCall: "get-user",
      accountsCall: "get-accounts",
      userFields: {
        userId: "bingAdsUserId",
        customerId: "bingAdsCustomerId",
        customerRoles: "bingAdsCustomerRoles"
      }
    },
    listingFailureText: BING_LISTING_FAILURE,
    needsRefreshToken: true
  },
  {
    slug: "facebookads",
    name: "Facebook Ads",
    mark: "FB",
    color: "#166fe5",
    auth: "oauth2",
    segment: "facebook-ads",
    returnPage: "/facebook-ads-response",
    responseField: "integrationObj",
    listing: { ...getAccount, alsoAs: "accounts" },
    accessTokenExpires: true
  },
  {
    slug: "linkedinads",
    name: "LinkedIn Ads",
    mark: "LI",
    color: "#0a66c2",
    auth: "oauth2",
    segment: "linkedin-ads",
    returnPage: "/linkedin-response",
    responseField: "linkedinAdsObject",
    listing: { steps: 1, call: "accounts", alsoAs: "accounts" },
    accountPrompt: "Choose your LinkedIn account",
    needsRefreshToken: true
  },
  {
    slug: "pinterestads",
    name: "Pinterest Ads",
    mark: "PI",
    color: "#bd081c",
    auth: "oauth2",
    segment: "pinterest-ads",
    returnPage: "/pinterest-ads-response",
    responseField: "integrationObj",
    listing: getAccount
  },
  {
    slug: "redditads",
    name: "Reddit Ads",
    mark: "RD",
    color: "#c13b00",
    auth: "oauth2",
    status: "beta",
    segment: "reddit-ads",
    returnPage: "/reddit-ads-response",
    responseField: "integrationObj",
    returnFailureTexts: [REDDIT_FAILURE],
    authenticateFailureText: REDDIT_AUTHENTICATE_FAILURE,
    failureToast: "Failed to connect with Reddit Ads",
    listing: { ...getAccount, alsoAs: "body" },
    listingFailureAlert: "Failed to get Reddit Ads accounts"
  },
  {
    slug: "snapchatads",
    name: "Snapchat Ads",
    mark: "SC",
    color: "#6b5d00",
    auth: "oauth2",
    status: "not live",
    needsRefreshToken: true
  },
  {
    slug: "tiktokads",
    name: "TikTok Ads",
    mark: "TT",
    color: "#111111",
    auth: "oauth2",
    segment: "tiktok-ads",
    returnPage: "/tiktok-ads-response",
    responseField: "tiktokAdsObj",
    listing: getUserAccounts
  },
  {
    slug: "twitterads",
    name: "Twitter Ads",
    mark: "X",
    color: "#0f1419",
    auth: "oauth1",
    segment: "twitter-ads",
    returnPage: "/twitter-ads-response",
    responseField: "twitterAdsObject",
    listing: getAccount,
    revokeToken: true
  },
  {
    slug: "amazonads",
    name: "Amazon Ads",
    mark: "AZ",
    color: "#232f3e",
    auth: "oauth2",
    segment: "amazon-ads",
    returnPage: "/amazon-ads-response",
    responseField: "amazonAdsObject",
    listing: { ...getAccount, alsoAs: "body" }
  },
  {
    slug: "cake",
    name: "Cake",
    mark: "CK",
    color: "#b7295a",
    auth: "apiKey",
    category: "affiliate",
    segment: "cake",
    responseField: "integrationObj",
    listing: { ...getAccount, alsoAs: "body" }
  },
  // Trackers on imported CSV rows; connected by upload (`POST /api/csv/import`), not on the Connections page.
  {
    slug: "csv",
    name: "Manual / CSV",
    mark: "CSV",
    color: "#4f5963",
    auth: "file",
    segment: "csv",
    listing: { ...getAccount, alsoAs: "body" }
  }
];
var PLATFORM_SLUGS = PLATFORM_CATALOGUE.map((p) => p.slug);
function isOAuth(entry) {
  return entry.auth === "oauth2" || entry.auth === "oauth1";
}
function platformCalls(entry) {
  const segment = entry.segment;
  if (!segment) return [];
  const at2 = (kind, method, call) => ({
    kind,
    method,
    path: `/api/${segment}/${call}`
  });
  const calls = [];
  if (isOAuth(entry) && entry.returnPage) {
    calls.push(at2("authenticate", "GET", "authenticate"), at2("response", "POST", "response"));
  }
  if (entry.auth === "apiKey") calls.push(at2("response", "POST", "response"));
  const listing = entry.listing;
  if (listing?.steps === 1) calls.push(at2("listing", "POST", listing.call));
  if (listing?.steps === 2) {
    calls.push(
      at2("listingUser", "POST", listing.userCall),
      at2("listingAccounts", "POST", listing.accountsCall)
    );
  }
  if (entry.auth !== "file") calls.push(at2("filterValues", "POST", "filter-possible-values"));
  if (entry.revokeToken) {
    const params = entry.auth === "oauth1" ? "{token}/{secret}" : "{accessToken}";
    calls.push(at2("revokeToken", "GET", `revoke-token/${params}`));
  }
  return calls;
}

// packages/core/src/validation.ts
var PASSWORD_MIN_LENGTH = 6;
var CHANGE_PASSWORD_MIN_LENGTH = 8;
function changePasswordFailures(input) {
  const failures = [];
  if (!input.oldPassword) failures.push("oldPasswordRequired");
  if (input.newPassword.length < CHANGE_PASSWORD_MIN_LENGTH) failures.push("minLength");
  if (!new RegExp("\\p{Lu}", "u").test(input.newPassword)) failures.push("uppercase");
  if (!/[0-9]/.test(input.newPassword)) failures.push("digit");
  if (!input.confirmPassword) failures.push("confirmationRequired");
  else if (input.confirmPassword !== input.newPassword) failures.push("confirmationMismatch");
  return failures;
}
var PASSWORDS_DO_NOT_MATCH = "New passwords do not match";
var plainEmailSchema = email2();
var INVALID_EMAIL = "Invalid Email";
var nonNegativeMicrosSchema = number2().int().min(0);
var isoDateSchema = string2().refine(isIsoDate, { message: "Must be a yyyy-MM-dd date" });
var budgetUpdateSchema = object({
  budget: nonNegativeMicrosSchema,
  budgetPeriod: _enum(["day", "month"])
});
var dailyBudgetUpdateSchema = object({ dailyBudget: nonNegativeMicrosSchema });
var lifetimeBudgetSchema = object({
  lifetimeBudget: nonNegativeMicrosSchema,
  lifetimeBudgetDates: object({ startDate: isoDateSchema, endDate: isoDateSchema.nullable() })
});
var historicDataEntrySchema = object({
  month: isoDateSchema,
  budget: nonNegativeMicrosSchema.nullable(),
  actualSpend: nonNegativeMicrosSchema
});
var futureBudgetSchema = object({
  month: isoDateSchema,
  budget: union([nonNegativeMicrosSchema, literal(false)]),
  budgetPeriod: union([_enum(["day", "month"]), literal(false)])
});
var dailyRowSchema = object({
  date: isoDateSchema,
  spendMicros: number2().int(),
  impressions: number2().min(0),
  clicks: number2().min(0),
  conversions: number2().min(0),
  revenueMicros: number2().int()
});
var AMOUNT_INPUT_TEXT = "Enter an amount of 0 or more, e.g. 1500 or 1,500.50";
var budgetAmountInputSchema = string2().refine((text) => isAmountInput(text) && parseAmountInput(text) >= 0, AMOUNT_INPUT_TEXT).transform((text) => parseAmountInput(text)).pipe(nonNegativeMicrosSchema);
var DATE_FORMAT_TEXT = "Enter a date as dd/MM/yyyy";
var displayDateInputSchema = string2().refine((text) => parseDisplayDate(text) !== null, DATE_FORMAT_TEXT).transform((text) => parseDisplayDate(text));
var manualBudgetFormSchema = object({
  budget: budgetAmountInputSchema,
  budgetPeriod: _enum(["day", "month"])
});
var GROUP_FORM_TEXTS = {
  podName: "Must provide a tracker name",
  podTrackers: "Must select at least 1 tracker",
  sharedBudgetName: "Must provide a Budget Name",
  sharedBudgetTrackers: "Must select at least 1 Tracker"
};
var podFormSchema = object({
  name: freeText("name", { required: GROUP_FORM_TEXTS.podName }),
  description: freeText("description").default(""),
  trackers: array(string2()).min(1, GROUP_FORM_TEXTS.podTrackers),
  users: array(string2()).default([])
});
function allocationTotalError(shared) {
  const total = allocationTotal(shared);
  if (!total?.over) return null;
  if (total.unit === "percent") return `Allocations add up to ${formatPercent(total.sum)}, more than 100%`;
  const [sum, limit] = [formatBudgetAmount(total.sum), formatBudgetAmount(total.limit)];
  return `Allocations add up to ${sum}, more than the Monthly Budget of ${limit}`;
}
var sharedBudgetFormSchema = object({
  name: freeText("name", { required: GROUP_FORM_TEXTS.sharedBudgetName }),
  description: freeText("description").default(""),
  budget: nonNegativeMicrosSchema,
  allocatedBudgetAsAPercentage: boolean2(),
  hasManualAllocationBeenSet: boolean2().default(false),
  weekdaysOnly: boolean2().default(false),
  trackers: array(
    object({
      _id: string2(),
      budgetAllocation: number2().min(0).max(100).nullable().optional(),
      budgetAllocationMoney: nonNegativeMicrosSchema.nullable().optional()
    })
  ).min(1, GROUP_FORM_TEXTS.sharedBudgetTrackers)
}).superRefine((form, ctx) => {
  const error2 = allocationTotalError(form);
  if (error2) ctx.addIssue({ code: "custom", path: ["trackers"], message: error2 });
});
var emailSchema = string2().trim().toLowerCase().max(254).pipe(email2(INVALID_EMAIL));
var PASSWORD_MAX_LENGTH = 128;
var passwordSchema = string2().min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`).max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
var changedPasswordSchema = string2().max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`).superRefine((value, ctx) => {
  const failures = changePasswordFailures({ oldPassword: "x", newPassword: value, confirmPassword: value });
  if (failures.includes("minLength"))
    ctx.addIssue({
      code: "custom",
      message: `Password must be at least ${CHANGE_PASSWORD_MIN_LENGTH} characters`
    });
  else if (failures.includes("uppercase"))
    ctx.addIssue({ code: "custom", message: "Password must contain at least one uppercase letter" });
  else if (failures.includes("digit"))
    ctx.addIssue({ code: "custom", message: "Password must contain at least one number" });
});
var nameSchema = freeText("name", { required: "Name is required" });
var loginFormSchema = object({ email: emailSchema, password: passwordSchema });
var emailFormSchema = object({ email: emailSchema });
var invitedRegistrationFormSchema = object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema
});
var resetPasswordFormSchema = object({ newPassword: passwordSchema, confirmPassword: string2() }).refine((form) => form.confirmPassword === form.newPassword, {
  path: ["confirmPassword"],
  message: PASSWORDS_DO_NOT_MATCH
});
var changePasswordBodySchema = object({
  oldPassword: string2().min(1, "Old password is required").max(PASSWORD_MAX_LENGTH),
  newPassword: changedPasswordSchema
});
var CONFIRMATION_MISMATCH = "Passwords do not match";
var changePasswordFormSchema = changePasswordBodySchema.extend({ confirmPassword: string2().min(1, "Please confirm the new password") }).refine((form) => form.confirmPassword === form.newPassword, {
  path: ["confirmPassword"],
  message: CONFIRMATION_MISMATCH
});
var cakeConnectSchema = object({
  apiKey: string2().trim().min(1, "API Key is required").max(500),
  domain: string2().trim().min(1, "Domain is required").max(253)
});
var editUserFormSchema = object({ name: nameSchema });
var accountSettingsFormSchema = object({
  accountName: nameSchema,
  currency: string2().trim().min(3).max(3),
  userName: nameSchema
});
var DIGEST_FREQUENCIES = ["off", "daily", "weekly"];
var digestFrequencySchema = _enum(DIGEST_FREQUENCIES);

// functions/routes.ts
var route = (key2, group, handler2) => ({
  key: key2,
  group,
  handler: handler2
});
var STATIC_ROUTES = [
  // health
  route("GET /api/health", "health", "health"),
  // the OpenAPI 3.1 document generated from the API contract (functions/contract)
  route("GET /api/openapi.json", "health", "openApiDocument"),
  // auth (overview-access-account.md 7.1)
  route("POST /api/auth", "auth", "login"),
  route("GET /api/auth", "auth", "currentUser"),
  route("POST /api/auth/login-with-google", "auth", "loginWithGoogle"),
  route("GET /api/auth/google-config", "auth", "googleSignInConfig"),
  route("POST /api/auth/forgot-password", "auth", "forgotPassword"),
  route("POST /api/auth/get-user-by-token/{token}", "auth", "getUserByToken"),
  route("POST /api/auth/change-password-from-reset", "auth", "changePasswordFromReset"),
  route("POST /api/auth/change-password", "auth", "changePassword"),
  route("POST /api/auth/update-user-name/{userId}", "auth", "updateUserName"),
  route("POST /api/auth/update-user-table-columns", "auth", "updateUserTableColumns"),
  route("POST /api/auth/update-favourite-trackers", "auth", "updateFavouriteTrackers"),
  route("POST /api/auth/change-user-preference", "auth", "changeUserPreference"),
  route("POST /api/auth/fire-product-tour", "auth", "fireProductTour"),
  route("POST /api/auth/fire-create-tracker-guide", "auth", "fireCreateTrackerGuide"),
  route("POST /api/auth/update-notification-preferences", "auth", "updateNotificationPreferences"),
  route("POST /api/auth/unsubscribe-all-emails/{userId}", "auth", "unsubscribeAllEmails"),
  route("GET /api/auth/digest-unsubscribe/{ticket}", "auth", "digestUnsubscribePage"),
  route("POST /api/auth/digest-unsubscribe/{ticket}", "auth", "digestUnsubscribe"),
  route("POST /api/auth/logout/{userId}", "auth", "logout"),
  route("GET /api/auth/confirm-email/{token}", "auth", "confirmEmail"),
  route("POST /api/auth/resend-email-confirmation", "auth", "resendEmailConfirmation"),
  // registration (overview-access-account.md 7.2)
  route("POST /api/users/register-new-user-and-account", "register", "registerFullForm"),
  route("POST /api/register/register-new-user-and-account", "register", "registerSelf"),
  route("POST /api/register/register-new-user-and-account-with-google", "register", "registerSelfWithGoogle"),
  route(
    "POST /api/register/register-new-user-after-invite/{accountId}/{userType}",
    "register",
    "registerInvitedUser"
  ),
  route(
    "POST /api/register/register-new-user-after-invite-with-google/{accountId}/{userType}",
    "register",
    "registerInvitedUserWithGoogle"
  ),
  // account (overview-access-account.md 7.3)
  route("GET /api/account/get-account/{accountId}", "account", "getAccount"),
  route("GET /api/account/get-account-users/{accountId}", "account", "getAccountUsers"),
  route("GET /api/account/get-account-admins/{accountId}", "account", "getAccountAdmins"),
  route("POST /api/account/update-name/{accountId}", "account", "updateName"),
  route("POST /api/account/update-account-currency/{accountId}", "account", "updateAccountCurrency"),
  route("POST /api/account/update-address/{accountId}", "account", "updateAddress"),
  route("POST /api/account/update-column-ordering", "account", "updateColumnOrdering"),
  route("POST /api/account/toggle-show-account-totals/{accountId}", "account", "toggleShowAccountTotals"),
  // users page (pods-budgets-alerts-users-connections.md 7.5)
  route("POST /api/users/invite-user", "users", "inviteUser"),
  route("POST /api/users/update-user", "users", "updateUser"),
  route("POST /api/users/remove-user/{id}", "users", "removeUser"),
  route("POST /api/users/send-password-reset/{id}", "users", "sendPasswordReset"),
  // avatar and billing (overview-access-account.md 7.4)
  route("POST /api/backblaze/change-avatar/{accountId}", "avatar", "changeAvatar"),
  route(
    "POST /api/stripe/start-stripe-billing-portal-session/{accountId}",
    "billing",
    "startBillingPortalSession"
  ),
  // trackers (trackers.md 7)
  route("GET /api/trackers/get-trackers-by-account/{accountId}", "trackers", "getTrackersByAccount"),
  route(
    "GET /api/trackers/get-trackers-without-load-by-account/{accountId}",
    "trackers",
    "getTrackersWithoutLoadByAccount"
  ),
  route("POST /api/trackers/create-trackers", "trackers", "createTrackers"),
  route("GET /api/tracker/get-tracker/{id}", "trackers", "getTracker"),
  route("GET /api/tracker/get-pacing/{id}", "trackers", "getTrackerPacing"),
  route("POST /api/tracker/update-name/{id}", "trackers", "updateName"),
  route("POST /api/tracker/update-client/{id}", "trackers", "updateClient"),
  route("POST /api/tracker/update-budget/{id}", "trackers", "updateBudget"),
  route("POST /api/tracker/update-daily-budget/{id}", "trackers", "updateDailyBudget"),
  route(
    "POST /api/tracker/update-previous-over-under-spend/{id}",
    "trackers",
    "updatePreviousOverUnderSpend"
  ),
  route("POST /api/tracker/update-tracker-historic-data", "trackers", "updateHistoricData"),
  route("POST /api/tracker/update-tracker-future-budgets", "trackers", "updateFutureBudgets"),
  route("POST /api/tracker/update-tracker-use-lifetime-budget", "trackers", "updateUseLifetimeBudget"),
  route("POST /api/tracker/update-lifetime-budget/{id}", "trackers", "updateLifetimeBudget"),
  route("POST /api/tracker/update-currency", "trackers", "updateCurrency"),
  route("POST /api/tracker/update-automated-budget", "trackers", "updateAutomatedBudget"),
  route(
    "POST /api/tracker/update-include-last-month-over-under-spend-in-budget-calc",
    "trackers",
    "updateIncludeLastMonth"
  ),
  route(
    "POST /api/tracker/update-include-last-six-months-over-under-spend-in-budget-calc",
    "trackers",
    "updateIncludeLastSixMonths"
  ),
  route("POST /api/tracker/update-weekday-budget-only", "trackers", "updateWeekdayBudgetOnly"),
  route("POST /api/tracker/update-associated-users/{trackerId}", "trackers", "updateAssociatedUsers"),
  route("POST /api/tracker/add-message/{trackerId}", "trackers", "addMessage"),
  route("POST /api/tracker/delete-message/{trackerId}/{messageId}", "trackers", "deleteMessage"),
  route("GET /api/tracker/delete-tracker/{id}", "trackers", "deleteTracker"),
  // AutoPilot (beyond the spec): settings, proposals, apply / dismiss / undo, the account switch
  route("GET /api/tracker/get-autopilot/{id}", "trackers", "getAutopilot"),
  route("POST /api/tracker/update-autopilot/{id}", "trackers", "updateAutopilot"),
  route("GET /api/tracker/get-autopilot-actions/{id}", "trackers", "getAutopilotActions"),
  route("GET /api/trackers/get-autopilot-actions", "trackers", "getAccountAutopilotActions"),
  route("POST /api/tracker/run-autopilot/{id}", "trackers", "runAutopilot"),
  route("POST /api/tracker/apply-autopilot-action/{id}/{actionId}", "trackers", "applyAutopilotAction"),
  route("POST /api/tracker/dismiss-autopilot-action/{id}/{actionId}", "trackers", "dismissAutopilotAction"),
  route("POST /api/tracker/undo-autopilot-action/{id}/{actionId}", "trackers", "undoAutopilotAction"),
  route("POST /api/account/update-autopilot-switch", "trackers", "updateAutopilotSwitch"),
  // pods (pods-budgets-alerts-users-connections.md 7.1)
  route("POST /api/pod/create-pod", "pods", "createPod"),
  route("GET /api/pod/get-pod/{id}", "pods", "getPod"),
  route("POST /api/pod/update-single-pod/{id}", "pods", "updatePod"),
  route("GET /api/pod/delete-pod/{id}", "pods", "deletePod"),
  route("GET /api/pods/get-pods/{accountId}/{userId}", "pods", "getPods"),
  // shared budgets (pods-budgets-alerts-users-connections.md 7.2)
  route("POST /api/shared-budget/create-shared-budget", "shared-budgets", "createSharedBudget"),
  route("GET /api/shared-budget/get-shared-budget/{id}", "shared-budgets", "getSharedBudget"),
  route("POST /api/shared-budget/update-single-shared-budget/{id}", "shared-budgets", "updateSharedBudget"),
  route("GET /api/shared-budget/delete-shared-budget/{id}", "shared-budgets", "deleteSharedBudget"),
  route(
    "GET /api/shared-budgets/get-shared-budgets/{accountId}/{userId}",
    "shared-budgets",
    "getSharedBudgets"
  ),
  // alerts (pods-budgets-alerts-users-connections.md 7.4)
  route("POST /api/alerts/create-alert", "alerts", "createAlert"),
  route("POST /api/alerts/edit-alert", "alerts", "editAlert"),
  route("GET /api/alerts/get-alerts/{userId}/{accountId}", "alerts", "getAlerts"),
  route("POST /api/alerts/remove-alert/{alertId}", "alerts", "removeAlert"),
  route("POST /api/alerts/snooze-alert/{alertId}", "alerts", "snoozeAlert"),
  route("GET /api/alerts/alert-history", "alerts", "alertHistory"),
  route("GET /api/alerts/alert-channels", "alerts", "getAlertChannels"),
  route("POST /api/alerts/create-alert-channel", "alerts", "createAlertChannel"),
  route("POST /api/alerts/remove-alert-channel/{channelId}", "alerts", "removeAlertChannel"),
  route("POST /api/alerts/test-alert-channel/{channelId}", "alerts", "testAlertChannel"),
  route("GET /api/alerts/slack-install", "alerts", "slackInstall"),
  route("GET /api/alerts/slack-callback", "alerts", "slackCallback"),
  // device readings (pods-budgets-alerts-users-connections.md 2.14)
  route("POST /api/sensor-readings/ingest", "sensor-readings", "ingestReading"),
  route("GET /api/sensor-readings/get-readings", "sensor-readings", "getReadings"),
  route("GET /api/sensor-readings/ingestion-key", "sensor-readings", "getIngestionKey"),
  route("POST /api/sensor-readings/create-ingestion-key", "sensor-readings", "createIngestionKey"),
  // connections (pods-budgets-alerts-users-connections.md 7.6, overview-access-account.md 7.3, 7.5)
  route("GET /api/account/get-account-integrations", "connections", "getAccountIntegrations"),
  route("POST /api/account/remove-integration", "connections", "removeIntegration"),
  // the platforms' own calls (authenticate, response, account listings, filter-possible-values,
  // revoke-token) are generated from the platform catalogue: see platformRoutes below
  // "Manual / CSV" source: the import (its account listing is one of the platforms' calls)
  route("POST /api/csv/import", "csv", "importCsvFile"),
  // on-demand refresh through the refresh pipeline (trackers.md 4 and 7)
  route("POST /api/tracker/refresh-single-tracker-data", "refresh", "refreshSingleTrackerData"),
  route("POST /api/tracker/update-single-tracker", "refresh", "updateSingleTracker"),
  // realtime: the ticket that opens the WebSocket (overview-access-account.md 4 and 9)
  route("POST /api/realtime/ticket", "realtime", "issueTicket")
];
function handlerNameOf(path) {
  const words = path.replace(/^\/api\//, "").replace(/\/\{[^}]+\}/g, "").split(/[/-]/).filter(Boolean);
  return words.map((w, i) => i === 0 ? w : `${w.charAt(0).toUpperCase()}${w.slice(1)}`).join("");
}
var CALL_ORDER = [
  "authenticate",
  "response",
  "revokeToken",
  "listing",
  "listingUser",
  "listingAccounts",
  "filterValues"
];
function platformRoutes(catalogue = PLATFORM_CATALOGUE) {
  const rank = (kind) => CALL_ORDER.indexOf(kind);
  return catalogue.flatMap((entry, index) => platformCalls(entry).map((call) => ({ entry, index, call }))).sort((a, b) => rank(a.call.kind) - rank(b.call.kind) || a.index - b.index).map(({ entry, call }) => ({
    key: `${call.method} ${call.path}`,
    group: "connections",
    handler: handlerNameOf(call.path),
    platform: { slug: entry.slug, call: call.kind }
  }));
}
var ROUTES = [...STATIC_ROUTES, ...platformRoutes()];

// packages/db/src/table.ts
var TABLE = {
  name: "pacer",
  partitionKey: "pk",
  sortKey: "sk",
  globalIndexes: [
    { name: "gsi1", partitionKey: "gsi1pk", sortKey: "gsi1sk" },
    { name: "gsi2", partitionKey: "gsi2pk", sortKey: "gsi2sk" },
    { name: "gsi3", partitionKey: "gsi3pk", sortKey: "gsi3sk" }
  ],
  timeToLiveAttribute: "expiresAt"
};
function tableName(env2 = process.env) {
  return env2.TABLE_NAME ?? TABLE.name;
}

// packages/db/src/entities/common.ts
var SERVICE = "pacer";
var CASE = "none";
var KEYS = {
  pk: TABLE.partitionKey,
  sk: TABLE.sortKey,
  gsi1: TABLE.globalIndexes[0],
  gsi2: TABLE.globalIndexes[1],
  gsi3: TABLE.globalIndexes[2]
};
function nowIso(now = /* @__PURE__ */ new Date()) {
  return now.toISOString();
}

// packages/db/src/errors.ts
var DataError = class extends Error {
  constructor(code, message2) {
    super(message2);
    this.code = code;
    this.name = "DataError";
  }
  code;
};
var NotFoundError = class extends DataError {
  constructor(what) {
    super("NOT_FOUND", `${what} not found`);
  }
};
var VersionConflictError = class extends DataError {
  constructor(what) {
    super("VERSION_CONFLICT", `${what} was changed by someone else; reload and try again`);
  }
};
var LastAdminError = class extends DataError {
  constructor() {
    super("CONFLICT", "An account needs at least one Admin");
  }
};
function transactionConditionFailed(result) {
  return result.canceled && result.data.some((item) => item.code === "ConditionalCheckFailed");
}

// packages/db/src/service.ts
var import_electrodb20 = __toESM(require_electrodb(), 1);

// packages/db/src/client.ts
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
var client;
var documentClient;
var instrument;
function instrumentDynamoClients(fn) {
  instrument = fn;
  if (client) {
    client = fn(client);
    documentClient = void 0;
  }
}
function dynamoClient() {
  if (!client) {
    client = new DynamoDBClient({ maxAttempts: 5 });
    client.middlewareStack.remove("loggerMiddleware");
    if (instrument) client = instrument(client);
  }
  return client;
}

// packages/db/src/entities/account.ts
var import_electrodb = __toESM(require_electrodb(), 1);
var buildAccountEntity = (config2) => new import_electrodb.Entity(
  {
    model: { entity: "account", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true },
      avatar: { type: "string" },
      /** ISO 4217 code; default GBP (spec section 3). */
      currency: { type: "string", required: true, default: "GBP" },
      address: { type: "string" },
      /** IANA time zone of the account, used for the daily alert run. */
      timeZone: { type: "string", required: true, default: "Europe/London" },
      freeTrial: { type: "boolean", required: true, default: true },
      /** ISO timestamp at which the free trial ends (registration + 14 days). */
      freeTrialEndDate: { type: "string" },
      /** Hours between scheduled data refreshes of the account's trackers. */
      hourlyCycle: { type: "number", required: true, default: 1 },
      /** ISO timestamp of the last scheduled refresh run. */
      lastDashboardRunDate: { type: "string" },
      /** ISO timestamp of the next scheduled refresh run (last run + hourlyCycle). */
      nextRunAt: { type: "string", required: true, default: () => (/* @__PURE__ */ new Date(0)).toISOString() },
      trackerAllowance: { type: "number", required: true, default: 30 },
      capacity: { type: "number", required: true, default: 30 },
      /** Column ids in the account's chosen order (spec trackers.md section 2, Column Ordering). */
      columnsOrder: { type: "list", items: { type: "string" } },
      showTableTotals: { type: "boolean", required: true, default: false },
      registrationDate: { type: "string", required: true, readOnly: true },
      coupon: { type: "string" },
      referralName: { type: "string" },
      stripeCustomerId: { type: "string" },
      /**
       * True from an e-mail self-registration until an Admin of the account proves their address: the
       * account sends no alert or invitation e-mail meanwhile. Absent or false: the account may send.
       */
      emailConfirmationPending: { type: "boolean" },
      /** Optimistic-locking counter, incremented by every update. */
      version: { type: "number", required: true, default: 1 }
    },
    indexes: {
      byId: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: { field: KEYS.sk, composite: [], template: "ACCOUNT", casing: CASE }
      },
      byRefreshDue: {
        index: KEYS.gsi1.name,
        pk: { field: KEYS.gsi1.partitionKey, composite: [], template: "ACCOUNTS", casing: CASE },
        sk: {
          field: KEYS.gsi1.sortKey,
          composite: ["nextRunAt", "accountId"],
          template: "${nextRunAt}#${accountId}",
          casing: CASE
        }
      }
    }
  },
  config2
);

// packages/db/src/entities/alert.ts
var import_electrodb2 = __toESM(require_electrodb(), 1);
var buildAlertEntity = (config2) => new import_electrodb2.Entity(
  {
    model: { entity: "alert", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      alertId: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true },
      level: { type: ["tracker", "client", "pod"], required: true },
      /** `{ all: true }` or `{ all: false, ids }`: tracker ids, client names or pod ids by level. */
      target: { type: (0, import_electrodb2.CustomAttributeType)("any"), required: true },
      /** `{ metric, metricName, operator, valueSet, value, valueBudget }` (core AlertData). */
      data: { type: (0, import_electrodb2.CustomAttributeType)("any"), required: true },
      type: { type: "string", required: true, default: "user" },
      fireWhen: { type: ["everyday", "weekly", "monthly"], required: true, default: "everyday" },
      fireOn: { type: "number" },
      /** The account's alert channels (ids) a firing or resolution is also delivered to. */
      channelIds: { type: "list", items: { type: "string" } },
      /** User ids of the account e-mailed besides the creator. */
      additionalRecipientIds: {
        type: "list",
        items: { type: "string" },
        required: true,
        default: () => []
      },
      /** The creator (the spec's `user`). */
      userId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "string", required: true, readOnly: true },
      updatedAt: { type: "string" },
      /** The whole alert's snooze end (ISO): nothing is evaluated or sent for it before then. */
      snoozedUntil: { type: "string" }
    },
    indexes: {
      byAccount: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: { field: KEYS.sk, composite: ["alertId"], template: "ALERT#${alertId}", casing: CASE }
      }
    }
  },
  config2
);
var buildAlertStateEntity = (config2) => new import_electrodb2.Entity(
  {
    model: { entity: "alertState", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      alertId: { type: "string", required: true, readOnly: true },
      targetKey: { type: "string", required: true, readOnly: true },
      /** Whether the alert's condition held for the target at the last evaluation. */
      firing: { type: "boolean", required: true, default: false },
      /** When `firing` last changed (ISO). */
      since: { type: "string" },
      /** The target's snooze end (ISO); nothing is evaluated or sent for it before then. */
      snoozedUntil: { type: "string" },
      version: { type: "number", required: true, default: 0 }
    },
    indexes: {
      byAlertTarget: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: {
          field: KEYS.sk,
          composite: ["alertId", "targetKey"],
          template: "ALERTSTATE#${alertId}#${targetKey}",
          casing: CASE
        }
      }
    }
  },
  config2
);
var buildAlertEventEntity = (config2) => new import_electrodb2.Entity(
  {
    model: { entity: "alertEvent", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      at: { type: "string", required: true, readOnly: true },
      eventId: { type: "string", required: true, readOnly: true },
      alertId: { type: "string", required: true, readOnly: true },
      alertName: { type: "string", required: true, readOnly: true },
      level: { type: ["tracker", "client", "pod"], required: true, readOnly: true },
      /** Firings and resolutions: the target's key and name. Deliveries: absent (they list `targets`). */
      targetKey: { type: "string" },
      targetName: { type: "string" },
      /** Deliveries: the target keys the message named (fired and resolved). */
      targetKeys: { type: "list", items: { type: "string" } },
      outcome: { type: ALERT_OUTCOMES, required: true, readOnly: true },
      /**
       * Deliveries: the channel ("email", or an alert channel's kind "slack" | "teams" | "webhook") and
       * the recipient: the user's id and address for e-mail; the channel's id and name for channels.
       */
      channel: { type: "string" },
      recipientId: { type: "string" },
      recipient: { type: "string" },
      /** Firings: the metric's value and threshold (the metric's unit). Failures: the reason. */
      value: { type: "number" },
      threshold: { type: "number" },
      reason: { type: "string" },
      expiresAt: { type: "number", required: true }
    },
    indexes: {
      byAccountTime: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: {
          field: KEYS.sk,
          composite: ["at", "eventId"],
          template: "ALERTEVENT#${at}#${eventId}",
          casing: CASE
        }
      }
    }
  },
  config2
);
var buildAlertChannelEntity = (config2) => new import_electrodb2.Entity(
  {
    model: { entity: "alertChannel", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      channelId: { type: "string", required: true, readOnly: true },
      kind: { type: ALERT_CHANNEL_KINDS, required: true, readOnly: true },
      name: { type: "string", required: true },
      /** The https URL deliveries are POSTed to (checked by the SSRF guard at creation and at every send). */
      url: { type: "string", required: true, readOnly: true },
      /** Webhook channels: the signing secret (base64url, 32 random bytes). */
      secret: { type: "string", readOnly: true },
      createdBy: { type: "string", required: true, readOnly: true },
      createdAt: { type: "string", required: true, readOnly: true },
      consecutiveDeadLetters: { type: "number", required: true, default: 0 },
      /** When the channel was marked failing (ISO); absent while it works. */
      failingSince: { type: "string" },
      /** The last failure's reason. */
      lastFailure: { type: "string" }
    },
    indexes: {
      byAccount: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: {
          field: KEYS.sk,
          composite: ["channelId"],
          template: "ALERTCHANNEL#${channelId}",
          casing: CASE
        }
      }
    }
  },
  config2
);

// packages/db/src/entities/autopilot.ts
var import_electrodb3 = __toESM(require_electrodb(), 1);
var buildAutopilotSettingsEntity = (config2) => new import_electrodb3.Entity(
  {
    model: { entity: "autopilotSettings", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      trackerId: { type: "string", required: true, readOnly: true },
      /** AutopilotSettings: `{ enabled, mode, pauseAtBudget: {...}, cruise: {...} }`. */
      settings: { type: "any", required: true },
      /** Campaign id -> the period start (`yyyy-MM-dd`) of the period AutoPilot paused it in. */
      pausedCampaigns: { type: "any", required: true, default: () => ({}) },
      /** The tracker-time-zone date of the last daily evaluation (`yyyy-MM-dd`). */
      lastDailyRun: { type: "string" },
      /** The last failed write: `{ at, code, message, campaignId }`; cleared by a later success. */
      lastFailure: { type: "any" },
      updatedAt: { type: "string", required: true },
      updatedBy: { type: "string" }
    },
    indexes: {
      byTracker: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: { field: KEYS.sk, composite: ["trackerId"], template: "AUTOPILOT#${trackerId}", casing: CASE }
      }
    }
  },
  config2
);
var buildAutopilotSwitchEntity = (config2) => new import_electrodb3.Entity(
  {
    model: { entity: "autopilotSwitch", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      enabled: { type: "boolean", required: true },
      updatedAt: { type: "string", required: true },
      updatedBy: { type: "string" }
    },
    indexes: {
      byAccount: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: { field: KEYS.sk, composite: [], template: "AUTOPILOTSWITCH", casing: CASE }
      }
    }
  },
  config2
);
var AUTOPILOT_ACTION_STATUSES = ["proposed", "applied", "dismissed", "failed", "undone"];
var buildAutopilotActionEntity = (config2) => new import_electrodb3.Entity(
  {
    model: { entity: "autopilotAction", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      trackerId: { type: "string", required: true, readOnly: true },
      actionId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "string", required: true, readOnly: true },
      campaignId: { type: "string", required: true, readOnly: true },
      campaignName: { type: "string", required: true, readOnly: true },
      kind: { type: ["pause", "enable", "set-daily-budget"], required: true, readOnly: true },
      before: { type: "number", required: true, readOnly: true },
      after: { type: "number", required: true, readOnly: true },
      rule: { type: ["pauseAtBudget", "cruise", "undo"], required: true, readOnly: true },
      /** The figures that triggered it (micros, percents, days). */
      figures: { type: "any", required: true, readOnly: true },
      /** The period start (`yyyy-MM-dd`) it was proposed in (pauses: what re-enabling compares). */
      periodStart: { type: "string", required: true, readOnly: true },
      status: { type: AUTOPILOT_ACTION_STATUSES, required: true },
      /** `{ type: "autopilot" }` or `{ type: "user", userId, name }`: who applied, dismissed or undid it. */
      actor: { type: "any" },
      /** When it was applied, dismissed, failed or undone (ISO). */
      decidedAt: { type: "string" },
      /** The platform's answer (e.g. the mutated resource name, `success`, `unchanged`). */
      answer: { type: "string" },
      /** A refused write: `{ code, message }` (the connector's typed error; no secrets). */
      error: { type: "any" },
      /** An undo: the action it undoes; an undone action: the undo's id. */
      undoes: { type: "string" },
      undoneBy: { type: "string" }
    },
    indexes: {
      byTracker: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: {
          field: KEYS.sk,
          composite: ["trackerId", "actionId"],
          template: "APACTION#${trackerId}#${actionId}",
          casing: CASE
        }
      }
    }
  },
  config2
);

// packages/db/src/entities/csv-source.ts
var import_electrodb4 = __toESM(require_electrodb(), 1);

// packages/db/src/daily-rows.ts
var DAILY_FIGURE_ATTRIBUTES = {
  date: { type: "string", required: true, readOnly: true },
  spendMicros: { type: "number", required: true },
  impressions: { type: "number", required: true },
  clicks: { type: "number", required: true },
  conversions: { type: "number", required: true },
  revenueMicros: { type: "number", required: true }
};

// packages/db/src/entities/csv-source.ts
var buildCsvAccountEntity = (config2) => new import_electrodb4.Entity(
  {
    model: { entity: "csvAccount", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      /** The file's `account_id` (any text up to 100 characters). */
      csvAccountId: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true },
      /** ISO 4217 code. */
      currency: { type: "string", required: true },
      /** IANA time zone. */
      timeZone: { type: "string", required: true },
      /** First and last imported dates (`yyyy-MM-dd`), widened by every import. */
      firstDate: { type: "string", required: true },
      lastDate: { type: "string", required: true },
      importedAt: { type: "string", required: true }
    },
    indexes: {
      byTenant: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: {
          field: KEYS.sk,
          composite: ["csvAccountId"],
          template: "CSVACCOUNT#${csvAccountId}",
          casing: CASE
        }
      }
    }
  },
  config2
);
var buildCsvRowEntity = (config2) => new import_electrodb4.Entity(
  {
    model: { entity: "csvRow", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      csvAccountId: { type: "string", required: true, readOnly: true },
      ...DAILY_FIGURE_ATTRIBUTES
    },
    indexes: {
      byCsvAccount: {
        pk: {
          field: KEYS.pk,
          composite: ["accountId", "csvAccountId"],
          template: "CSVROWS#${accountId}#${csvAccountId}",
          casing: CASE
        },
        sk: { field: KEYS.sk, composite: ["date"], template: "DAY#${date}", casing: CASE }
      }
    }
  },
  config2
);

// packages/db/src/entities/daily-metric.ts
var import_electrodb5 = __toESM(require_electrodb(), 1);
var buildDailyMetricEntity = (config2) => new import_electrodb5.Entity(
  {
    model: { entity: "dailyMetric", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      trackerId: { type: "string", required: true, readOnly: true },
      ...DAILY_FIGURE_ATTRIBUTES
    },
    indexes: {
      byTracker: {
        pk: {
          field: KEYS.pk,
          composite: ["accountId", "trackerId"],
          template: "METRICS#${accountId}#${trackerId}",
          casing: CASE
        },
        sk: { field: KEYS.sk, composite: ["date"], template: "DAY#${date}", casing: CASE }
      }
    }
  },
  config2
);

// packages/db/src/entities/device-reading.ts
var import_electrodb6 = __toESM(require_electrodb(), 1);
var buildDeviceReadingEntity = (config2) => new import_electrodb6.Entity(
  {
    model: { entity: "deviceReading", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      /** ISO timestamp (UTC) of the reading. */
      recDate: { type: "string", required: true, readOnly: true },
      device: { type: "string", required: true, readOnly: true },
      seqNum: { type: "number", required: true, readOnly: true },
      /** The payload as sent, lower-case hex. */
      data: { type: "string", required: true },
      entries: { type: "number", required: true },
      exits: { type: "number", required: true },
      receivedAt: { type: "string", required: true }
    },
    indexes: {
      byAccount: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "READINGS#${accountId}", casing: CASE },
        sk: {
          field: KEYS.sk,
          composite: ["recDate", "device", "seqNum"],
          template: "AT#${recDate}#${device}#${seqNum}",
          casing: CASE
        }
      }
    }
  },
  config2
);
var buildIngestionKeyEntity = (config2) => new import_electrodb6.Entity(
  {
    model: { entity: "ingestionKey", version: "1", service: SERVICE },
    attributes: {
      keyHash: { type: "string", required: true, readOnly: true },
      accountId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "string", required: true, readOnly: true }
    },
    indexes: {
      byKeyHash: {
        pk: { field: KEYS.pk, composite: ["keyHash"], template: "INGESTKEY#${keyHash}", casing: CASE },
        sk: { field: KEYS.sk, composite: [], template: "INGESTKEY", casing: CASE }
      }
    }
  },
  config2
);
var buildAccountIngestionKeyEntity = (config2) => new import_electrodb6.Entity(
  {
    model: { entity: "accountIngestionKey", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      keyHash: { type: "string", required: true },
      /** The first characters of the key, shown to Admins to recognise it. */
      keyPrefix: { type: "string", required: true },
      createdAt: { type: "string", required: true },
      createdBy: { type: "string", required: true }
    },
    indexes: {
      byAccount: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: { field: KEYS.sk, composite: [], template: "INGESTKEY", casing: CASE }
      }
    }
  },
  config2
);

// packages/db/src/entities/integration.ts
var import_electrodb7 = __toESM(require_electrodb(), 1);
var buildIntegrationEntity = (config2) => new import_electrodb7.Entity(
  {
    model: { entity: "integration", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      slug: { type: "string", required: true, readOnly: true },
      /** The platform login's e-mail (or another stable login id when the platform has no e-mail). */
      email: { type: "string", required: true, readOnly: true },
      name: { type: "string" },
      avatar: { type: "string" },
      type: { type: "string" },
      category: { type: "string" },
      metaData: { type: "any" },
      /** Name of the secret holding the tokens (never the tokens themselves). */
      secretRef: { type: "string" },
      hasRefreshToken: { type: "boolean", required: true, default: false },
      /** ISO timestamp at which the access token expires, when the platform says. */
      accessTokenExpiresAt: { type: "string" },
      /**
       * Set when the platform refused the stored credentials (connectors' AuthError: revoked or
       * expired grant); the connection is then danger until it is connected again. ISO timestamp.
       */
      authFailedAt: { type: "string" },
      /** The platform's reason for {@link authFailedAt} (e.g. `invalid_grant`, `190/460`), for support. */
      authFailure: { type: "string" },
      connectedAt: { type: "string", required: true },
      /**
       * The OAuth scopes the platform reports granted in its token answer (`scope`), when it does;
       * AutoPilot compares them with the connector's `writeScopes` before a campaign write.
       */
      grantedScopes: { type: "list", items: { type: "string" } },
      /**
       * ISO timestamp of a connection made through the consent URL with the platform's write scopes,
       * on a platform whose token answer does not report the granted scopes (Meta): the write
       * consent was given. Kept when the same login connects again without them.
       */
      writeConsentAt: { type: "string" },
      version: { type: "number", required: true, default: 1 }
    },
    indexes: {
      byAccount: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: {
          field: KEYS.sk,
          composite: ["slug", "email"],
          template: "INTEGRATION#${slug}#${email}",
          casing: CASE
        }
      }
    }
  },
  config2
);

// packages/db/src/entities/invitation.ts
var import_electrodb9 = __toESM(require_electrodb(), 1);

// packages/db/src/entities/user.ts
var import_electrodb8 = __toESM(require_electrodb(), 1);
var buildUserEntity = (config2) => new import_electrodb8.Entity(
  {
    model: { entity: "user", version: "1", service: SERVICE },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      accountId: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true, default: "" },
      /** Lower-cased e-mail address; unique across the product (see UserEmailEntity). */
      email: { type: "string", required: true },
      userType: { type: USER_TYPES, required: true },
      /** argon2id PHC string; absent for users who only sign in with Google or have not set one yet. */
      passwordHash: { type: "string" },
      /** ISO timestamp of the last password change; reset links issued before it no longer work. */
      passwordChangedAt: { type: "string" },
      /** ISO timestamp at which the latest password reset link expires (spec section 3). */
      resetPasswordExpires: { type: "string" },
      /**
       * Token hash of the latest reset or set-password link issued to the user: only that link works,
       * so issuing a link invalidates every earlier unused one.
       */
      latestResetHash: { type: "string" },
      /**
       * ISO timestamp at which the user proved they own their address (a link e-mailed to it, an
       * e-mailed invitation, Google); absent until then.
       */
      emailConfirmedAt: { type: "string" },
      /** Google account subject (`sub`) once the user has signed in with Google. */
      googleSub: { type: "string" },
      avatar: { type: "string" },
      registrationDate: { type: "string", required: true, readOnly: true },
      favouriteTrackers: {
        type: "list",
        items: {
          type: "map",
          properties: { _id: { type: "string", required: true }, name: { type: "string", required: true } }
        }
      },
      /** Table column visibility (id + hideColumn) and the primary dashboard view. */
      preferences: {
        type: "map",
        properties: {
          tableColumns: {
            type: "list",
            items: {
              type: "map",
              properties: {
                id: { type: "string", required: true },
                name: { type: "string" },
                description: { type: "string" },
                formula: { type: "string" },
                hideColumn: { type: "boolean", required: true }
              }
            }
          },
          primaryDashboardView: { type: "string" }
        }
      },
      userPreferences: { type: "map", properties: {} },
      /**
       * `unsubscribedAll` stops every product e-mail to this user (spec section 2.5); `digest` is how
       * often they get the pacing digest (`off`, `daily`, `weekly`; absent means off).
       */
      notificationPreferences: {
        type: "map",
        properties: { unsubscribedAll: { type: "boolean" }, digest: { type: DIGEST_FREQUENCIES } }
      },
      /**
       * The period of the last pacing digest sent to the user (`day:<yyyy-MM-dd>` or `week:<Monday>`,
       * core `digestSchedule`): a digest is claimed by writing it, so a period gets one digest at most.
       */
      digestSentPeriod: { type: "string" },
      productTourFire: { type: "boolean", default: false },
      productTourAlreadyFired: { type: "boolean", default: false },
      createTrackerGuideTour: { type: "boolean", default: false },
      CreateTrackerGuideAlreadyFired: { type: "boolean", default: false },
      /**
       * Epoch seconds: session tokens issued before this instant are refused (password change, role
       * change, removal).
       */
      tokensValidAfter: { type: "number", required: true, default: 0 },
      version: { type: "number", required: true, default: 1 }
    },
    indexes: {
      byAccount: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: { field: KEYS.sk, composite: ["userId"], template: "USER#${userId}", casing: CASE }
      },
      byUserId: {
        index: KEYS.gsi1.name,
        pk: {
          field: KEYS.gsi1.partitionKey,
          composite: ["userId"],
          template: "USER#${userId}",
          casing: CASE
        },
        sk: { field: KEYS.gsi1.sortKey, composite: [], template: "USER", casing: CASE }
      }
    }
  },
  config2
);
var buildUserEmailEntity = (config2) => new import_electrodb8.Entity(
  {
    model: { entity: "userEmail", version: "1", service: SERVICE },
    attributes: {
      email: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true },
      accountId: { type: "string", required: true }
    },
    indexes: {
      byEmail: {
        pk: { field: KEYS.pk, composite: ["email"], template: "EMAIL#${email}", casing: CASE },
        sk: { field: KEYS.sk, composite: [], template: "EMAIL", casing: CASE }
      }
    }
  },
  config2
);

// packages/db/src/entities/invitation.ts
var buildInvitationEntity = (config2) => new import_electrodb9.Entity(
  {
    model: { entity: "invitation", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      inviteId: { type: "string", required: true, readOnly: true },
      /** The user type the invited person gets. */
      userType: { type: USER_TYPES, required: true, readOnly: true },
      /** Lower-cased address the invitation was sent to; absent for a copied link. */
      email: { type: "string", readOnly: true },
      /** base64url SHA-256 of the link secret. */
      secretHash: { type: "string", required: true, readOnly: true },
      invitedBy: { type: "string", required: true, readOnly: true },
      createdAt: { type: "string", required: true, readOnly: true },
      /** ISO timestamp after which the link no longer works. */
      linkExpiresAt: { type: "string", required: true, readOnly: true },
      /** ISO timestamp of the registration that used the link. */
      usedAt: { type: "string" },
      usedBy: { type: "string" },
      /** TTL (epoch seconds): DynamoDB deletes the item some time after the link expired. */
      expiresAt: { type: "number", required: true }
    },
    indexes: {
      byAccount: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: { field: KEYS.sk, composite: ["inviteId"], template: "INVITE#${inviteId}", casing: CASE }
      }
    }
  },
  config2
);

// packages/db/src/entities/message.ts
var import_electrodb10 = __toESM(require_electrodb(), 1);
var buildMessageEntity = (config2) => new import_electrodb10.Entity(
  {
    model: { entity: "message", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      trackerId: { type: "string", required: true, readOnly: true },
      messageId: { type: "string", required: true, readOnly: true },
      senderId: { type: "string", required: true, readOnly: true },
      /** ISO timestamp the server received the message. */
      date: { type: "string", required: true, readOnly: true },
      type: { type: "string", required: true, default: "text" },
      text: { type: "string", required: true },
      /** The sender's name when the message was written. */
      title: { type: "string", required: true, default: "" },
      /** The sender's avatar id when the message was written. */
      avatar: { type: "string" }
    },
    indexes: {
      byTracker: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: {
          field: KEYS.sk,
          composite: ["trackerId", "messageId"],
          template: "MESSAGE#${trackerId}#${messageId}",
          casing: CASE
        }
      }
    }
  },
  config2
);

// packages/db/src/entities/oauth-state.ts
var import_electrodb11 = __toESM(require_electrodb(), 1);
var buildOAuthStateEntity = (config2) => new import_electrodb11.Entity(
  {
    model: { entity: "oauthState", version: "1", service: SERVICE },
    attributes: {
      stateHash: { type: "string", required: true, readOnly: true },
      accountId: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      /** Integration slug, e.g. `googleads`. */
      slug: { type: "string", required: true, readOnly: true },
      /** The exact redirect URI sent to the platform (the code exchange must repeat it). */
      redirectUri: { type: "string", required: true, readOnly: true },
      /** Encrypted exchange material (base64url), opaque to the data layer. */
      sealed: { type: "string" },
      /** The consent URL also asked the platform's write scopes (AutoPilot's campaign writes). */
      writeScopes: { type: "boolean", readOnly: true },
      createdAt: { type: "string", required: true, readOnly: true },
      /** Epoch seconds after which the attempt is refused (checked on use; TTL deletes later). */
      validUntil: { type: "number", required: true, readOnly: true },
      /** DynamoDB TTL (epoch seconds). */
      expiresAt: { type: "number", required: true }
    },
    indexes: {
      byStateHash: {
        pk: { field: KEYS.pk, composite: ["stateHash"], template: "OAUTHSTATE#${stateHash}", casing: CASE },
        sk: { field: KEYS.sk, composite: [], template: "OAUTHSTATE", casing: CASE }
      }
    }
  },
  config2
);

// packages/db/src/entities/password-reset.ts
var import_electrodb12 = __toESM(require_electrodb(), 1);
var buildPasswordResetEntity = (config2) => new import_electrodb12.Entity(
  {
    model: { entity: "passwordReset", version: "1", service: SERVICE },
    attributes: {
      tokenHash: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      accountId: { type: "string", required: true, readOnly: true },
      /** `reset` (forgot password, Admin-sent reset) or `welcome` (first password after e-mail-only sign-up). */
      purpose: { type: ["reset", "welcome"], required: true, readOnly: true },
      createdAt: { type: "string", required: true, readOnly: true },
      linkExpiresAt: { type: "string", required: true, readOnly: true },
      usedAt: { type: "string" },
      expiresAt: { type: "number", required: true }
    },
    indexes: {
      byTokenHash: {
        pk: { field: KEYS.pk, composite: ["tokenHash"], template: "RESET#${tokenHash}", casing: CASE },
        sk: { field: KEYS.sk, composite: [], template: "RESET", casing: CASE }
      }
    }
  },
  config2
);

// packages/db/src/entities/platform-token.ts
var import_electrodb13 = __toESM(require_electrodb(), 1);
var buildPlatformTokenEntity = (config2) => new import_electrodb13.Entity(
  {
    model: { entity: "platformToken", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      /** Integration slug, e.g. `googleads`. */
      slug: { type: "string", required: true, readOnly: true },
      /** SHA-256 of the lower-cased login e-mail, hex. */
      emailHash: { type: "string", required: true, readOnly: true },
      /** Which key sealed the item (rotation: items of an older key are re-sealed on write). */
      keyId: { type: "string", required: true },
      /** AES-GCM IV, base64 (12 bytes). */
      iv: { type: "string", required: true },
      /** AES-GCM authentication tag, base64 (16 bytes). */
      tag: { type: "string", required: true },
      /** Ciphertext of the credentials' JSON, base64. */
      data: { type: "string", required: true },
      updatedAt: { type: "string", required: true }
    },
    indexes: {
      byIntegration: {
        pk: {
          field: KEYS.pk,
          composite: ["accountId", "slug", "emailHash"],
          template: "PLATFORMTOKEN#${accountId}#${slug}#${emailHash}",
          casing: CASE
        },
        sk: { field: KEYS.sk, composite: [], template: "PLATFORMTOKEN", casing: CASE }
      }
    }
  },
  config2
);

// packages/db/src/entities/pod.ts
var import_electrodb14 = __toESM(require_electrodb(), 1);
var buildPodEntity = (config2) => new import_electrodb14.Entity(
  {
    model: { entity: "pod", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      podId: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true },
      description: { type: "string", required: true, default: "" },
      trackers: { type: "list", items: { type: "string" }, required: true, default: () => [] },
      users: { type: "list", items: { type: "string" }, required: true, default: () => [] },
      /** The user who created the pod (spec: owner defaults to the current user). */
      ownerId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "string", required: true, readOnly: true },
      version: { type: "number", required: true, default: 1 }
    },
    indexes: {
      byAccount: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: { field: KEYS.sk, composite: ["podId"], template: "POD#${podId}", casing: CASE }
      }
    }
  },
  config2
);

// packages/db/src/entities/rate-limit.ts
var import_electrodb15 = __toESM(require_electrodb(), 1);
var buildRateLimitEntity = (config2) => new import_electrodb15.Entity(
  {
    model: { entity: "rateLimit", version: "1", service: SERVICE },
    attributes: {
      /** e.g. `login-email:ana@agency.test`, `login-account:<accountId>`, `login-ip:203.0.113.9`. */
      bucket: { type: "string", required: true, readOnly: true },
      windowStart: { type: "number", required: true, readOnly: true },
      count: { type: "number", required: true, default: 0 },
      expiresAt: { type: "number", required: true }
    },
    indexes: {
      byBucket: {
        pk: { field: KEYS.pk, composite: ["bucket"], template: "RATE#${bucket}", casing: CASE },
        sk: { field: KEYS.sk, composite: ["windowStart"], template: "WINDOW#${windowStart}", casing: CASE }
      }
    }
  },
  config2
);

// packages/db/src/entities/refresh.ts
var import_electrodb16 = __toESM(require_electrodb(), 1);
var buildRefreshJobEntity = (config2) => new import_electrodb16.Entity(
  {
    model: { entity: "refreshJob", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      trackerId: { type: "string", required: true, readOnly: true },
      /** First day of the window, `yyyy-MM-dd` in the ad account's time zone. */
      from: { type: "string", required: true, readOnly: true },
      /** Last day of the window (inclusive). */
      to: { type: "string", required: true, readOnly: true },
      /** The run the job belongs to: the account's scheduled run time, or `ondemand-<uuid>`. */
      runId: { type: "string", required: true, readOnly: true },
      slug: { type: "string" },
      status: { type: ["running", "retrying", "succeeded", "failed"] },
      /** Deliveries that claimed the job (a duplicate that found it finished or leased is not one). */
      attempts: { type: "number" },
      /** The claim of the delivery working on the job now. */
      leaseId: { type: "string" },
      /** Epoch ms until which the lease holds (the delivery's visibility timeout). */
      leaseUntil: { type: "number" },
      lastError: {
        type: "map",
        properties: {
          /** `AuthError`, `RateLimitedError`, `PlatformDownError`, ... or `Error` for the unexpected. */
          errorClass: { type: "string" },
          code: { type: "string" },
          reason: { type: "string" },
          message: { type: "string" },
          retryable: { type: "boolean" }
        }
      },
      startedAt: { type: "string" },
      finishedAt: { type: "string" },
      /** Days written by the job that succeeded. */
      days: { type: "number" },
      /** DynamoDB TTL (epoch seconds). */
      expiresAt: { type: "number" }
    },
    indexes: {
      byJob: {
        pk: {
          field: KEYS.pk,
          composite: ["accountId", "trackerId"],
          template: "REFRESH#${accountId}#${trackerId}",
          casing: CASE
        },
        sk: {
          field: KEYS.sk,
          composite: ["from", "to", "runId"],
          template: "JOB#${from}#${to}#${runId}",
          casing: CASE
        }
      }
    }
  },
  config2
);
var buildRefreshRunEntity = (config2) => new import_electrodb16.Entity(
  {
    model: { entity: "refreshRun", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      runId: { type: "string", required: true, readOnly: true },
      /** Jobs queued (set before queueing, lowered by what could not be queued). */
      total: { type: "number" },
      succeeded: { type: "number" },
      failed: { type: "number" },
      reason: { type: "string" },
      startedAt: { type: "string" },
      expiresAt: { type: "number" }
    },
    indexes: {
      byRun: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "REFRESHRUN#${accountId}", casing: CASE },
        sk: { field: KEYS.sk, composite: ["runId"], template: "RUN#${runId}", casing: CASE }
      }
    }
  },
  config2
);
var buildRefreshAuthNoticeEntity = (config2) => new import_electrodb16.Entity(
  {
    model: { entity: "refreshAuthNotice", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      slug: { type: "string", required: true, readOnly: true },
      email: { type: "string", required: true, readOnly: true },
      connectedAt: { type: "string", required: true, readOnly: true },
      reason: { type: "string" },
      createdAt: { type: "string", required: true },
      expiresAt: { type: "number", required: true }
    },
    indexes: {
      byConnection: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: {
          field: KEYS.sk,
          composite: ["slug", "email", "connectedAt"],
          template: "AUTHNOTICE#${slug}#${email}#${connectedAt}",
          casing: CASE
        }
      }
    }
  },
  config2
);
var buildRealtimeTicketEntity = (config2) => new import_electrodb16.Entity(
  {
    model: { entity: "realtimeTicket", version: "1", service: SERVICE },
    attributes: {
      ticketHash: { type: "string", required: true, readOnly: true },
      accountId: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      /** Epoch ms after which `$connect` refuses the ticket. */
      validUntil: { type: "number", required: true, readOnly: true },
      expiresAt: { type: "number", required: true }
    },
    indexes: {
      byTicketHash: {
        pk: { field: KEYS.pk, composite: ["ticketHash"], template: "WSTICKET#${ticketHash}", casing: CASE },
        sk: { field: KEYS.sk, composite: [], template: "WSTICKET", casing: CASE }
      }
    }
  },
  config2
);

// packages/db/src/entities/shared-budget.ts
var import_electrodb17 = __toESM(require_electrodb(), 1);
var buildSharedBudgetEntity = (config2) => new import_electrodb17.Entity(
  {
    model: { entity: "sharedBudget", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      sharedBudgetId: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true },
      description: { type: "string", required: true, default: "" },
      /** Total monthly budget in micros. */
      budget: { type: "number", required: true },
      allocatedBudgetAsAPercentage: { type: "boolean", required: true },
      hasManualAllocationBeenSet: { type: "boolean", required: true, default: false },
      weekdaysOnly: { type: "boolean", required: true, default: false },
      /** `[{ _id, budgetAllocation (percent 0..100), budgetAllocationMoney (micros 0..budget) }]`, clamped. */
      trackers: {
        type: "list",
        required: true,
        items: {
          type: "map",
          properties: {
            _id: { type: "string", required: true },
            budgetAllocation: { type: "number" },
            budgetAllocationMoney: { type: "number" }
          }
        }
      },
      users: { type: "list", items: { type: "string" }, required: true, default: () => [] },
      ownerId: { type: "string", required: true, readOnly: true },
      createdAt: { type: "string", required: true, readOnly: true },
      version: { type: "number", required: true, default: 1 }
    },
    indexes: {
      byAccount: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: {
          field: KEYS.sk,
          composite: ["sharedBudgetId"],
          template: "SHAREDBUDGET#${sharedBudgetId}",
          casing: CASE
        }
      }
    }
  },
  config2
);

// packages/db/src/entities/tracker.ts
var import_electrodb18 = __toESM(require_electrodb(), 1);
var buildTrackerEntity = (config2) => new import_electrodb18.Entity(
  {
    model: { entity: "tracker", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      trackerId: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true },
      client: { type: "string", required: true, default: "" },
      /** ISO 4217 code of the ad account's money. */
      currency: { type: "string", required: true, default: "GBP" },
      /** The user chose the currency (rather than the platform's). */
      currencySet: { type: "boolean", required: true, default: false },
      /** IANA time zone of the ad account: the days of the daily metrics and of every figure. */
      timeZone: { type: "string", required: true },
      /** Budget taken from the platform (true) or set by hand (false). */
      automatedBudget: { type: "boolean", required: true, default: true },
      /** The platform's budget for automated trackers (micros per period), written by the refresh. */
      platformBudget: {
        type: "map",
        properties: {
          amount: { type: "number", required: true },
          period: { type: ["day", "month", "lifetime"], required: true },
          /** A lifetime budget's flight, yyyy-MM-dd (the ad account's days). */
          startDate: { type: "string" },
          endDate: { type: "string" }
        }
      },
      /** Manual budget in micros per `budgetPeriod`. */
      manualBudgetValue: { type: "number" },
      budgetPeriod: { type: ["day", "month"], required: true, default: "month" },
      weekdaysOnly: { type: "boolean", required: true, default: false },
      /** Lifetime budget in micros. */
      lifetimeBudget: { type: "number" },
      /** `{ startDate, endDate }` as yyyy-MM-dd; endDate absent = no end. */
      lifetimeBudgetDates: {
        type: "map",
        properties: { startDate: { type: "string", required: true }, endDate: { type: "string" } }
      },
      useLifetimeBudgetAsPrimary: { type: "boolean", required: true, default: false },
      lastMonthOverUnderSpendIncludedInBudgetCalc: { type: "boolean", required: true, default: false },
      lastSixMonthsOverUnderSpendIncludedInBudgetCalc: { type: "boolean", required: true, default: false },
      /** User-entered over/under spend in micros, replacing the computed one. */
      previousOverUnderSpend: { type: "number" },
      /** Edited months: `[{ month, budget, actualSpend }]` in micros. */
      historicData: { type: "any" },
      /** `[{ month, budget: micros | false, budgetPeriod: "day" | "month" | false }]`. */
      futureBudgets: { type: "any" },
      /** Awaiting a data refresh (spec section 4); the refresh clears it. */
      requiresUpdate: { type: "boolean", required: true, default: true },
      /**
       * The tracker's AutoPilot settings have it enabled: written with the settings, in one
       * transaction (`saveAutopilotSettings`), so a refresh reads the AutoPilot item only when true.
       * Absent on trackers created before the flag: the refresh reads the item, as before. Not in the
       * list's rows (the list marker is not bumped for it).
       */
      autopilotOn: { type: "boolean", default: false },
      /** Ids of the Manager and Viewer users who may see the tracker. */
      associatedUserIds: { type: "list", items: { type: "string" }, required: true, default: () => [] },
      /** Filter settings (id, name, type, selection, ...), without possible values. */
      filters: { type: "any" },
      /**
       * `{ integration: { name, slug, email, avatar, metaData }, view: { id, name, metaData } }`, stored
       * as one JSON string (one attribute instead of a dozen nested ones: the list query reads 2,000).
       */
      dataSource: {
        type: "any",
        required: true,
        set: (value) => typeof value === "string" ? value : JSON.stringify(value),
        get: (value) => typeof value === "string" ? JSON.parse(value) : value
      },
      dataLoading: { type: "boolean" },
      isUpdating: { type: "boolean" },
      isBudgetUpdating: { type: "boolean" },
      dataLoadFail: { type: "boolean" },
      budgetLoadFail: { type: "boolean" },
      err: { type: "map", properties: { title: { type: "string" }, msg: { type: "string" } } },
      /** The engine's TrackerData as JSON (one attribute: cheap to store and to read back). */
      data: { type: "string" },
      /** ISO timestamp of the computation that produced `data`. */
      dataComputedAt: { type: "string" },
      /** ISO timestamp of the last successful data refresh (a failure leaves it as it was). */
      lastRefreshedAt: { type: "string" },
      /**
       * Today's spend as the refreshes saw it, for the stalled-spend alert (core `SpendProgress`,
       * `nextSpendProgress`): the local day, its spend in micros, and ISO instants of the day's first
       * refresh, of the last refresh at which the spend went up and of the last refresh.
       */
      spendProgress: {
        type: "map",
        properties: {
          day: { type: "string", required: true },
          spendMicros: { type: "number", required: true },
          firstRefreshAt: { type: "string", required: true },
          lastIncreaseAt: { type: "string", required: true },
          checkedAt: { type: "string", required: true }
        }
      },
      /** ISO timestamp of the last failed refresh attempt (a retry or the final failure). */
      lastFailedAt: { type: "string" },
      /** What the last failed attempt said (the texts of `err`), kept after a later success. */
      lastFailure: { type: "map", properties: { title: { type: "string" }, msg: { type: "string" } } },
      createdAt: { type: "string", required: true, readOnly: true },
      createdBy: { type: "string", required: true, readOnly: true },
      version: { type: "number", required: true, default: 1 }
    },
    indexes: {
      byAccount: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: { field: KEYS.sk, composite: ["trackerId"], template: "TRACKER#${trackerId}", casing: CASE }
      }
    }
  },
  config2
);
var buildTrackerCountEntity = (config2) => new import_electrodb18.Entity(
  {
    model: { entity: "trackerCount", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      count: { type: "number", required: true, default: 0 }
    },
    indexes: {
      byAccount: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: { field: KEYS.sk, composite: [], template: "TRACKERCOUNT", casing: CASE }
      }
    }
  },
  config2
);

// packages/db/src/entities/websocket-connection.ts
var import_electrodb19 = __toESM(require_electrodb(), 1);
var buildWebSocketConnectionEntity = (config2) => new import_electrodb19.Entity(
  {
    model: { entity: "websocketConnection", version: "1", service: SERVICE },
    attributes: {
      accountId: { type: "string", required: true, readOnly: true },
      connectionId: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      connectedAt: { type: "string", required: true, readOnly: true },
      expiresAt: { type: "number", required: true }
    },
    indexes: {
      byAccount: {
        pk: { field: KEYS.pk, composite: ["accountId"], template: "ACCOUNT#${accountId}", casing: CASE },
        sk: { field: KEYS.sk, composite: ["connectionId"], template: "WS#${connectionId}", casing: CASE }
      },
      byConnectionId: {
        index: KEYS.gsi2.name,
        pk: {
          field: KEYS.gsi2.partitionKey,
          composite: ["connectionId"],
          template: "WS#${connectionId}",
          casing: CASE
        },
        sk: { field: KEYS.gsi2.sortKey, composite: [], template: "WS", casing: CASE }
      }
    }
  },
  config2
);

// packages/db/src/service.ts
var BUILDERS = {
  account: buildAccountEntity,
  user: buildUserEntity,
  userEmail: buildUserEmailEntity,
  invitation: buildInvitationEntity,
  passwordReset: buildPasswordResetEntity,
  integration: buildIntegrationEntity,
  platformToken: buildPlatformTokenEntity,
  websocketConnection: buildWebSocketConnectionEntity,
  rateLimit: buildRateLimitEntity,
  // trackers, pods, shared budgets, alerts, device readings
  tracker: buildTrackerEntity,
  trackerCount: buildTrackerCountEntity,
  dailyMetric: buildDailyMetricEntity,
  message: buildMessageEntity,
  pod: buildPodEntity,
  sharedBudget: buildSharedBudgetEntity,
  alert: buildAlertEntity,
  alertState: buildAlertStateEntity,
  alertEvent: buildAlertEventEntity,
  alertChannel: buildAlertChannelEntity,
  // AutoPilot (beyond the spec): settings, the account switch, actions
  autopilotSettings: buildAutopilotSettingsEntity,
  autopilotSwitch: buildAutopilotSwitchEntity,
  autopilotAction: buildAutopilotActionEntity,
  deviceReading: buildDeviceReadingEntity,
  ingestionKey: buildIngestionKeyEntity,
  accountIngestionKey: buildAccountIngestionKeyEntity,
  // connections: OAuth attempts and the "Manual / CSV" source
  oauthState: buildOAuthStateEntity,
  csvAccount: buildCsvAccountEntity,
  csvRow: buildCsvRowEntity,
  // the refresh pipeline and realtime
  refreshJob: buildRefreshJobEntity,
  refreshRun: buildRefreshRunEntity,
  refreshAuthNotice: buildRefreshAuthNoticeEntity,
  realtimeTicket: buildRealtimeTicketEntity
};
var serviceOf = (entities, config2) => new import_electrodb20.Service(entities, config2);
function build() {
  const config2 = { table: tableName(), client: dynamoClient() };
  const built = {};
  const entities = {};
  for (const name of Object.keys(BUILDERS)) {
    Object.defineProperty(entities, name, {
      enumerable: true,
      get: () => {
        built[name] ??= BUILDERS[name](config2);
        return built[name];
      }
    });
  }
  let service2;
  return {
    entities,
    get transaction() {
      service2 ??= serviceOf({ ...entities }, config2);
      return service2.transaction;
    }
  };
}
var service;
function db() {
  service ??= build();
  return service;
}

// packages/db/src/accounts.ts
function defined(changes) {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== void 0));
}
async function getAccount2(accountId) {
  const { data } = await db().entities.account.get({ accountId }).go();
  if (!data) throw new NotFoundError("Account");
  return data;
}
async function getUser(accountId, userId) {
  const { data } = await db().entities.user.get({ accountId, userId }).go();
  if (!data) throw new NotFoundError("User");
  return data;
}
async function findUserByEmail(email3) {
  const { data: link } = await db().entities.userEmail.get({ email: email3 }).go();
  if (!link) return void 0;
  const { data } = await db().entities.user.get({ accountId: link.accountId, userId: link.userId }).go();
  return data ?? void 0;
}
async function listUsers(accountId) {
  const { data } = await db().entities.user.query.byAccount({ accountId }).go({ pages: "all" });
  return data;
}
async function adminGuard(accountId, user, staysAdmin) {
  if (user.userType !== "Admin" || staysAdmin) return void 0;
  const [account, users] = await Promise.all([getAccount2(accountId), listUsers(accountId)]);
  if (users.filter((u) => u.userType === "Admin" && u.userId !== user.userId).length === 0)
    throw new LastAdminError();
  return account.version;
}
async function changeUser(accountId, userId, changes, notBefore) {
  const user = await getUser(accountId, userId);
  const typeChanged = changes.userType !== void 0 && changes.userType !== user.userType;
  const guardVersion = typeChanged ? await adminGuard(accountId, user, changes.userType === "Admin") : void 0;
  const set = defined({
    name: changes.name,
    ...typeChanged ? { userType: changes.userType, tokensValidAfter: Math.max(notBefore, user.tokensValidAfter) } : {}
  });
  const result = await db().transaction.write(({ user: u, account: a }) => [
    u.patch({ accountId, userId }).set(set).add({ version: 1 }).where(({ version: version2 }, { eq }) => eq(version2, user.version)).commit(),
    ...guardVersion === void 0 ? [] : [
      a.patch({ accountId }).add({ version: 1 }).where(({ version: version2 }, { eq }) => eq(version2, guardVersion)).commit()
    ]
  ]).go();
  if (result.canceled) {
    if (transactionConditionFailed(result)) throw new VersionConflictError("User");
    throw new Error("User change transaction was cancelled");
  }
  return getUser(accountId, userId);
}
async function removeUser(accountId, userId) {
  const user = await getUser(accountId, userId);
  const guardVersion = await adminGuard(accountId, user, false);
  const result = await db().transaction.write(({ user: u, userEmail: e, account: a }) => [
    u.delete({ accountId, userId }).where(({ version: version2 }, { eq }) => eq(version2, user.version)).commit(),
    e.delete({ email: user.email }).where((attr, { eq }) => `${eq(attr.userId, userId)} AND ${eq(attr.accountId, accountId)}`).commit(),
    ...guardVersion === void 0 ? [] : [
      a.patch({ accountId }).add({ version: 1 }).where(({ version: version2 }, { eq }) => eq(version2, guardVersion)).commit()
    ]
  ]).go();
  if (result.canceled) {
    if (transactionConditionFailed(result)) throw new VersionConflictError("User");
    throw new Error("User removal transaction was cancelled");
  }
  return user;
}

// packages/db/src/secrets.ts
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
function newSecret() {
  return randomBytes(32).toString("base64url");
}
function hashSecret(secret) {
  return createHash("sha256").update(secret, "utf8").digest("base64url");
}
var epochSeconds = (date2) => Math.floor(date2.getTime() / 1e3);

// packages/db/src/invitations.ts
import { randomUUID } from "node:crypto";
var INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1e3;
var KEEP_AFTER_EXPIRY_SECONDS = 7 * 24 * 60 * 60;
async function createInvitation(input, now = /* @__PURE__ */ new Date()) {
  const inviteId = randomUUID();
  const secret = newSecret();
  const linkExpiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const { data } = await db().entities.invitation.create({
    accountId: input.accountId,
    inviteId,
    userType: input.userType,
    ...input.email ? { email: input.email } : {},
    secretHash: hashSecret(secret),
    invitedBy: input.invitedBy,
    createdAt: nowIso(now),
    linkExpiresAt: nowIso(linkExpiresAt),
    expiresAt: epochSeconds(linkExpiresAt) + KEEP_AFTER_EXPIRY_SECONDS
  }).go();
  return { invitation: data, token: `${inviteId}.${secret}` };
}

// packages/db/src/password-resets.ts
var RESET_LINK_LIFETIME_MS = 60 * 60 * 1e3;
var KEEP_AFTER_EXPIRY_SECONDS2 = 7 * 24 * 60 * 60;
async function createPasswordReset(user, options = {}, now = /* @__PURE__ */ new Date()) {
  const token = newSecret();
  const tokenHash = hashSecret(token);
  const linkExpiresAt = new Date(now.getTime() + (options.lifetimeMs ?? RESET_LINK_LIFETIME_MS));
  const reset = {
    tokenHash,
    userId: user.userId,
    accountId: user.accountId,
    purpose: options.purpose ?? "reset",
    createdAt: nowIso(now),
    linkExpiresAt: nowIso(linkExpiresAt),
    expiresAt: epochSeconds(linkExpiresAt) + KEEP_AFTER_EXPIRY_SECONDS2
  };
  const result = await db().transaction.write(({ passwordReset: r, user: u }) => [
    r.create(reset).commit(),
    u.patch({ accountId: user.accountId, userId: user.userId }).set({ resetPasswordExpires: reset.linkExpiresAt, latestResetHash: tokenHash }).commit()
  ]).go();
  if (result.canceled) throw new NotFoundError("User");
  return { reset, token };
}

// packages/db/src/rate-limits.ts
var windowStartOf = (now, windowSeconds) => Math.floor(epochSeconds(now) / windowSeconds) * windowSeconds;
async function hitRateLimit(bucket, windowSeconds, now = /* @__PURE__ */ new Date()) {
  const windowStart = windowStartOf(now, windowSeconds);
  const { data } = await db().entities.rateLimit.update({ bucket, windowStart }).add({ count: 1 }).set({ expiresAt: windowStart + 2 * windowSeconds }).go({ response: "all_new" });
  return data.count ?? 0;
}
function secondsLeftInWindow(windowSeconds, now = /* @__PURE__ */ new Date()) {
  return windowStartOf(now, windowSeconds) + windowSeconds - epochSeconds(now);
}

// functions/policy.ts
var PUBLIC = { public: true };
var EVERYONE = ["Admin", "Manager", "Viewer"];
var SELF = { roles: EVERYONE, trialExempt: true };
var MEMBER = { roles: EVERYONE };
var EDITORS = { roles: ["Admin", "Manager"] };
var ADMIN = { roles: ["Admin"] };
var ADMIN_BILLING = { roles: ["Admin"], trialExempt: true };
var STATIC_POLICY = {
  "GET /api/health": PUBLIC,
  /** The API description: what every route takes and answers, nothing of an account. */
  "GET /api/openapi.json": PUBLIC,
  "POST /api/auth": PUBLIC,
  "GET /api/auth": SELF,
  "POST /api/auth/login-with-google": PUBLIC,
  "GET /api/auth/google-config": PUBLIC,
  "POST /api/auth/forgot-password": PUBLIC,
  "POST /api/auth/get-user-by-token/{token}": PUBLIC,
  "POST /api/auth/change-password-from-reset": PUBLIC,
  "POST /api/auth/change-password": SELF,
  "POST /api/auth/update-user-name/{userId}": SELF,
  "POST /api/auth/update-user-table-columns": MEMBER,
  "POST /api/auth/update-favourite-trackers": EDITORS,
  "POST /api/auth/change-user-preference": MEMBER,
  "POST /api/auth/fire-product-tour": MEMBER,
  "POST /api/auth/fire-create-tracker-guide": MEMBER,
  /** The caller's own e-mail choice: also after the trial ended (an unsubscribe link still works then). */
  "POST /api/auth/update-notification-preferences": SELF,
  /** Public: the path carries a signed value, not a bare user id. */
  "POST /api/auth/unsubscribe-all-emails/{userId}": PUBLIC,
  /** Public: the pacing digest's one-click unsubscribe; the path carries a signed, expiring ticket. */
  "GET /api/auth/digest-unsubscribe/{ticket}": PUBLIC,
  "POST /api/auth/digest-unsubscribe/{ticket}": PUBLIC,
  "POST /api/auth/logout/{userId}": SELF,
  /** Public: the e-mailed link's signed value authenticates it (README "Security"). */
  "GET /api/auth/confirm-email/{token}": PUBLIC,
  "POST /api/auth/resend-email-confirmation": SELF,
  // registration: public; invited registration is bound to a stored invitation
  "POST /api/users/register-new-user-and-account": PUBLIC,
  "POST /api/register/register-new-user-and-account": PUBLIC,
  "POST /api/register/register-new-user-and-account-with-google": PUBLIC,
  "POST /api/register/register-new-user-after-invite/{accountId}/{userType}": PUBLIC,
  "POST /api/register/register-new-user-after-invite-with-google/{accountId}/{userType}": PUBLIC,
  // account (the account and its users are read by every role; settings are Admin's)
  "GET /api/account/get-account/{accountId}": SELF,
  "GET /api/account/get-account-users/{accountId}": MEMBER,
  /**
   * The Admins' names only, also after the trial ended: the expired-trial screen tells Managers and
   * Viewers whom to ask (spec 2.13).
   */
  "GET /api/account/get-account-admins/{accountId}": SELF,
  "POST /api/account/update-name/{accountId}": ADMIN,
  "POST /api/account/update-account-currency/{accountId}": ADMIN,
  "POST /api/account/update-address/{accountId}": ADMIN,
  "POST /api/account/update-column-ordering": EDITORS,
  "POST /api/account/toggle-show-account-totals/{accountId}": EDITORS,
  // users page: Admin only
  "POST /api/users/invite-user": ADMIN,
  "POST /api/users/update-user": ADMIN,
  "POST /api/users/remove-user/{id}": ADMIN,
  "POST /api/users/send-password-reset/{id}": ADMIN,
  // avatar (own avatar: any role; the account's avatar: Admin, checked by the handler) and billing
  "POST /api/backblaze/change-avatar/{accountId}": MEMBER,
  "POST /api/stripe/start-stripe-billing-portal-session/{accountId}": ADMIN_BILLING,
  // trackers: every role reads what it may see (the use-cases filter); Viewers never write
  "GET /api/trackers/get-trackers-by-account/{accountId}": MEMBER,
  "GET /api/trackers/get-trackers-without-load-by-account/{accountId}": MEMBER,
  "POST /api/trackers/create-trackers": EDITORS,
  "GET /api/tracker/get-tracker/{id}": MEMBER,
  "GET /api/tracker/get-pacing/{id}": MEMBER,
  "POST /api/tracker/update-name/{id}": EDITORS,
  "POST /api/tracker/update-client/{id}": EDITORS,
  "POST /api/tracker/update-budget/{id}": EDITORS,
  "POST /api/tracker/update-daily-budget/{id}": EDITORS,
  "POST /api/tracker/update-previous-over-under-spend/{id}": EDITORS,
  "POST /api/tracker/update-tracker-historic-data": EDITORS,
  "POST /api/tracker/update-tracker-future-budgets": EDITORS,
  "POST /api/tracker/update-tracker-use-lifetime-budget": EDITORS,
  "POST /api/tracker/update-lifetime-budget/{id}": EDITORS,
  "POST /api/tracker/update-currency": EDITORS,
  "POST /api/tracker/update-automated-budget": EDITORS,
  "POST /api/tracker/update-include-last-month-over-under-spend-in-budget-calc": EDITORS,
  "POST /api/tracker/update-include-last-six-months-over-under-spend-in-budget-calc": EDITORS,
  "POST /api/tracker/update-weekday-budget-only": EDITORS,
  "POST /api/tracker/update-associated-users/{trackerId}": EDITORS,
  "POST /api/tracker/add-message/{trackerId}": EDITORS,
  "POST /api/tracker/delete-message/{trackerId}/{messageId}": EDITORS,
  "GET /api/tracker/delete-tracker/{id}": EDITORS,
  // AutoPilot (beyond the spec): Admins and Managers on trackers they may edit; the switch: Admin
  "GET /api/tracker/get-autopilot/{id}": EDITORS,
  "POST /api/tracker/update-autopilot/{id}": EDITORS,
  "GET /api/tracker/get-autopilot-actions/{id}": EDITORS,
  "GET /api/trackers/get-autopilot-actions": EDITORS,
  "POST /api/tracker/run-autopilot/{id}": EDITORS,
  "POST /api/tracker/apply-autopilot-action/{id}/{actionId}": EDITORS,
  "POST /api/tracker/dismiss-autopilot-action/{id}/{actionId}": EDITORS,
  "POST /api/tracker/undo-autopilot-action/{id}/{actionId}": EDITORS,
  "POST /api/account/update-autopilot-switch": ADMIN,
  // pods and shared budgets: Admins and Managers create and edit (spec section 6), everyone reads
  "POST /api/pod/create-pod": EDITORS,
  "GET /api/pod/get-pod/{id}": MEMBER,
  "POST /api/pod/update-single-pod/{id}": EDITORS,
  "GET /api/pod/delete-pod/{id}": EDITORS,
  "GET /api/pods/get-pods/{accountId}/{userId}": MEMBER,
  "POST /api/shared-budget/create-shared-budget": EDITORS,
  "GET /api/shared-budget/get-shared-budget/{id}": MEMBER,
  "POST /api/shared-budget/update-single-shared-budget/{id}": EDITORS,
  "GET /api/shared-budget/delete-shared-budget/{id}": EDITORS,
  "GET /api/shared-budgets/get-shared-budgets/{accountId}/{userId}": MEMBER,
  // alerts: every role has alerts (Viewers on their own trackers); edit and remove: Admin or creator
  "POST /api/alerts/create-alert": MEMBER,
  "POST /api/alerts/edit-alert": MEMBER,
  "GET /api/alerts/get-alerts/{userId}/{accountId}": MEMBER,
  "POST /api/alerts/remove-alert/{alertId}": MEMBER,
  /** Snooze: Admin or the alert's creator (checked by the use-case). */
  "POST /api/alerts/snooze-alert/{alertId}": MEMBER,
  /** History: what the caller may see (their alerts, their targets, their deliveries). */
  "GET /api/alerts/alert-history": MEMBER,
  /** Alert channels (Slack, Teams, webhooks) are account-wide: Admin only (list, create, remove, test). */
  "GET /api/alerts/alert-channels": ADMIN,
  "POST /api/alerts/create-alert-channel": ADMIN,
  "POST /api/alerts/remove-alert-channel/{channelId}": ADMIN,
  "POST /api/alerts/test-alert-channel/{channelId}": ADMIN,
  /** The Slack app's install: the authorize URL for an Admin. */
  "GET /api/alerts/slack-install": ADMIN,
  /** Slack's redirect back (a browser navigation, no session header): authenticated by its signed state. */
  "GET /api/alerts/slack-callback": PUBLIC,
  // device readings
  /** Public: a device backend authenticates with the account's ingestion key (x-ingestion-key). */
  "POST /api/sensor-readings/ingest": PUBLIC,
  "GET /api/sensor-readings/get-readings": MEMBER,
  "GET /api/sensor-readings/ingestion-key": ADMIN,
  "POST /api/sensor-readings/create-ingestion-key": ADMIN,
  // connections: the list (sidebar badge, wizard step 1) is read by everyone; removing: Admins and
  // Managers (the Connections page is hidden from Viewers, spec section 2.1 and 6)
  "GET /api/account/get-account-integrations": MEMBER,
  "POST /api/account/remove-integration": EDITORS,
  // the platforms' own calls: generated with the routes (platformPolicy below)
  "POST /api/csv/import": EDITORS,
  // refresh: the manage-tracker modal's Refresh and Update Tracker buttons (hidden from Viewers)
  "POST /api/tracker/refresh-single-tracker-data": EDITORS,
  "POST /api/tracker/update-single-tracker": EDITORS,
  // realtime: every signed-in user's dashboard listens for changes
  "POST /api/realtime/ticket": MEMBER
};
function platformPolicy(catalogue = PLATFORM_CATALOGUE) {
  return Object.fromEntries(platformRoutes(catalogue).map((r) => [r.key, EDITORS]));
}
var POLICY = { ...STATIC_POLICY, ...platformPolicy() };
function accessFor(key2) {
  return POLICY[key2];
}
var ACCOUNT_LIMITS = {
  refresh: { name: "account-refresh", max: 60, windowSeconds: 10 * 60, what: "data refreshes" },
  platformLookup: {
    name: "account-platform-lookup",
    max: 120,
    windowSeconds: 10 * 60,
    what: "ad platform look-ups"
  }
};
var LIMITED_ROUTES = {
  "POST /api/tracker/refresh-single-tracker-data": "refresh",
  "POST /api/tracker/update-single-tracker": "refresh",
  "POST /api/google-ads/get-user-accounts": "platformLookup",
  "POST /api/google-dv360/get-user-accounts": "platformLookup",
  "POST /api/twitter-ads/get-account": "platformLookup",
  "POST /api/cake/get-account": "platformLookup",
  "POST /api/amazon-ads/get-account": "platformLookup",
  "POST /api/reddit-ads/get-account": "platformLookup",
  "POST /api/csv/get-account": "platformLookup",
  "POST /api/facebook-ads/get-account": "platformLookup",
  "POST /api/bing-ads/get-user": "platformLookup",
  "POST /api/bing-ads/get-accounts": "platformLookup",
  "POST /api/linkedin-ads/accounts": "platformLookup",
  "POST /api/pinterest-ads/get-account": "platformLookup",
  "POST /api/tiktok-ads/get-user-accounts": "platformLookup",
  "POST /api/amazon-ads/filter-possible-values": "platformLookup",
  "POST /api/bing-ads/filter-possible-values": "platformLookup",
  "POST /api/cake/filter-possible-values": "platformLookup",
  "POST /api/facebook-ads/filter-possible-values": "platformLookup",
  "POST /api/google-ads/filter-possible-values": "platformLookup",
  "POST /api/google-dv360/filter-possible-values": "platformLookup",
  "POST /api/linkedin-ads/filter-possible-values": "platformLookup",
  "POST /api/pinterest-ads/filter-possible-values": "platformLookup",
  "POST /api/reddit-ads/filter-possible-values": "platformLookup",
  "POST /api/tiktok-ads/filter-possible-values": "platformLookup",
  "POST /api/twitter-ads/filter-possible-values": "platformLookup"
};
function accountLimitFor(key2) {
  const name = LIMITED_ROUTES[key2];
  return name ? ACCOUNT_LIMITS[name] : void 0;
}

// functions/src/lib/errors.ts
var STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  /** A wrong current password or an unusable reset link (not 401: the caller's session is fine). */
  INVALID_CREDENTIALS: 400,
  UNAUTHORIZED: 401,
  TRIAL_EXPIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VERSION_CONFLICT: 409,
  /** AutoPilot would change campaigns through a connection made without the platform's write scopes. */
  WRITE_SCOPE_NEEDED: 409,
  ALREADY_EXISTS: 409,
  /** A link (password reset) that worked once but has expired. */
  LINK_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503
};
var AppError = class extends Error {
  constructor(code, message2, field, headers, details) {
    super(message2);
    this.code = code;
    this.field = field;
    this.headers = headers;
    this.details = details;
    this.name = "AppError";
  }
  code;
  field;
  headers;
  details;
  get status() {
    return STATUS_BY_CODE[this.code];
  }
};
var badRequest = (message2, field) => new AppError("BAD_REQUEST", message2, field);
var unauthorized = (message2 = "Please login to access this space") => new AppError("UNAUTHORIZED", message2);
var forbidden = (message2 = "You do not have permission to do this") => new AppError("FORBIDDEN", message2);
function toErrorResponse(error2) {
  if (error2 instanceof AppError) {
    return {
      status: error2.status,
      body: {
        code: error2.code,
        message: error2.message,
        msg: error2.message,
        ...error2.field ? { field: error2.field } : {},
        ...error2.details ? { details: error2.details } : {}
      },
      ...error2.headers ? { headers: error2.headers } : {},
      unexpected: false
    };
  }
  if (error2 instanceof ZodError) {
    const issue2 = error2.issues[0];
    const field = issue2?.path.length ? issue2.path.join(".") : void 0;
    const message3 = describeIssue(issue2, field);
    return {
      status: 400,
      body: { code: "BAD_REQUEST", message: message3, msg: message3, ...field ? { field } : {} },
      unexpected: false
    };
  }
  if (error2 instanceof DataError) {
    return {
      status: STATUS_BY_CODE[error2.code],
      body: { code: error2.code, message: error2.message, msg: error2.message },
      unexpected: false
    };
  }
  const message2 = "Something went wrong, please try again";
  return { status: 500, body: { code: "INTERNAL", message: message2, msg: message2 }, unexpected: true };
}
function describeIssue(issue2, field) {
  if (!issue2) return "Invalid request";
  if (issue2.code === "unrecognized_keys") {
    const keys = issue2.keys ?? [];
    const where = field ? ` in ${field}` : "";
    return `Unknown field${keys.length > 1 ? "s" : ""}${where}: ${keys.join(", ")}`;
  }
  return field ? `${field}: ${issue2.message}` : issue2.message;
}

// functions/src/lib/throttle.ts
var LOGIN_WINDOW_SECONDS = 15 * 60;
var RESET_MAIL_LIMIT = { name: "reset-email", max: 5, windowSeconds: 60 * 60 };
var CONFIRM_MAIL_LIMIT = { name: "confirm-email", max: 5, windowSeconds: 60 * 60 };
async function withinLimit(limit, key2, now) {
  return await hitRateLimit(`${limit.name}:${key2}`, limit.windowSeconds, now) <= limit.max;
}

// functions/src/lib/account-limits.ts
function accountLimitReached(limit, retryAfterSeconds) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const window = Math.round(limit.windowSeconds / 60);
  return new AppError(
    "TOO_MANY_REQUESTS",
    `Your account has reached its limit of ${limit.max} ${limit.what} every ${window} minutes. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    void 0,
    { "retry-after": String(retryAfterSeconds) }
  );
}
async function enforceAccountLimit(routeKey, accountId, now) {
  const limit = accountLimitFor(routeKey);
  if (!limit || await withinLimit(limit, accountId, now)) return;
  throw accountLimitReached(limit, secondsLeftInWindow(limit.windowSeconds, now));
}

// node_modules/@aws-lambda-powertools/logger/lib/esm/constants.js
var LogJsonIndent = {
  PRETTY: 4,
  COMPACT: 0
};
var LogLevelThreshold = {
  TRACE: 6,
  DEBUG: 8,
  INFO: 12,
  WARN: 16,
  ERROR: 20,
  CRITICAL: 24,
  SILENT: 28
};
var ReservedKeys = [
  "level",
  "message",
  "sampling_rate",
  "service",
  "timestamp"
];
var UncaughtErrorLogMessage = "Uncaught error detected, flushing log buffer before exit";

// node_modules/@aws/lambda-invoke-store/dist-es/invoke-store.js
var PROTECTED_KEYS = {
  REQUEST_ID: /* @__PURE__ */ Symbol.for("_AWS_LAMBDA_REQUEST_ID"),
  X_RAY_TRACE_ID: /* @__PURE__ */ Symbol.for("_AWS_LAMBDA_X_RAY_TRACE_ID"),
  TENANT_ID: /* @__PURE__ */ Symbol.for("_AWS_LAMBDA_TENANT_ID"),
  TRACEPARENT: /* @__PURE__ */ Symbol.for("_AWS_LAMBDA_TRACEPARENT"),
  TRACESTATE: /* @__PURE__ */ Symbol.for("_AWS_LAMBDA_TRACESTATE"),
  BAGGAGE: /* @__PURE__ */ Symbol.for("_AWS_LAMBDA_BAGGAGE")
};
var NO_GLOBAL_AWS_LAMBDA = ["true", "1"].includes(process.env?.AWS_LAMBDA_NODEJS_NO_GLOBAL_AWSLAMBDA ?? "");
if (!NO_GLOBAL_AWS_LAMBDA) {
  globalThis.awslambda = globalThis.awslambda || {};
}
var InvokeStoreBase = class {
  static PROTECTED_KEYS = PROTECTED_KEYS;
  isProtectedKey(key2) {
    return Object.values(PROTECTED_KEYS).includes(key2);
  }
  getRequestId() {
    return this.get(PROTECTED_KEYS.REQUEST_ID) ?? "-";
  }
  getXRayTraceId() {
    return this.get(PROTECTED_KEYS.X_RAY_TRACE_ID);
  }
  getTenantId() {
    return this.get(PROTECTED_KEYS.TENANT_ID);
  }
  getTraceparent() {
    return this.get(PROTECTED_KEYS.TRACEPARENT);
  }
  getTracestate() {
    return this.get(PROTECTED_KEYS.TRACESTATE);
  }
  getBaggage() {
    return this.get(PROTECTED_KEYS.BAGGAGE);
  }
};
var InvokeStoreSingle = class extends InvokeStoreBase {
  currentContext;
  getContext() {
    return this.currentContext;
  }
  hasContext() {
    return this.currentContext !== void 0;
  }
  get(key2) {
    return this.currentContext?.[key2];
  }
  set(key2, value) {
    if (this.isProtectedKey(key2)) {
      throw new Error(`Cannot modify protected Lambda context field: ${String(key2)}`);
    }
    this.currentContext = this.currentContext || {};
    this.currentContext[key2] = value;
  }
  run(context, fn) {
    this.currentContext = context;
    return fn();
  }
};
var InvokeStoreMulti = class _InvokeStoreMulti extends InvokeStoreBase {
  als;
  static async create() {
    const instance = new _InvokeStoreMulti();
    const asyncHooks = await import("node:async_hooks");
    instance.als = new asyncHooks.AsyncLocalStorage();
    return instance;
  }
  getContext() {
    return this.als.getStore();
  }
  hasContext() {
    return this.als.getStore() !== void 0;
  }
  get(key2) {
    return this.als.getStore()?.[key2];
  }
  set(key2, value) {
    if (this.isProtectedKey(key2)) {
      throw new Error(`Cannot modify protected Lambda context field: ${String(key2)}`);
    }
    const store = this.als.getStore();
    if (!store) {
      throw new Error("No context available");
    }
    store[key2] = value;
  }
  run(context, fn) {
    return this.als.run(context, fn);
  }
};
var InvokeStore;
(function(InvokeStore2) {
  let instance = null;
  async function getInstanceAsync(forceInvokeStoreMulti) {
    if (!instance) {
      instance = (async () => {
        const isMulti = forceInvokeStoreMulti === true || "AWS_LAMBDA_MAX_CONCURRENCY" in process.env;
        const newInstance = isMulti ? await InvokeStoreMulti.create() : new InvokeStoreSingle();
        if (!NO_GLOBAL_AWS_LAMBDA && globalThis.awslambda?.InvokeStore) {
          return globalThis.awslambda.InvokeStore;
        } else if (!NO_GLOBAL_AWS_LAMBDA && globalThis.awslambda) {
          globalThis.awslambda.InvokeStore = newInstance;
          return newInstance;
        } else {
          return newInstance;
        }
      })();
    }
    return instance;
  }
  InvokeStore2.getInstanceAsync = getInstanceAsync;
  InvokeStore2._testing = process.env.AWS_LAMBDA_BENCHMARK_MODE === "1" ? {
    reset: () => {
      instance = null;
      if (globalThis.awslambda?.InvokeStore) {
        delete globalThis.awslambda.InvokeStore;
      }
      globalThis.awslambda = { InvokeStore: void 0 };
    }
  } : void 0;
})(InvokeStore || (InvokeStore = {}));

// node_modules/@aws-lambda-powertools/commons/lib/esm/constants.js
var AWS_LAMBDA_INITIALIZATION_TYPE_ENV_VAR = "AWS_LAMBDA_INITIALIZATION_TYPE";
var AWS_LAMBDA_MAX_CONCURRENCY = "AWS_LAMBDA_MAX_CONCURRENCY";
var POWERTOOLS_DEV_ENV_VAR = "POWERTOOLS_DEV";
var POWERTOOLS_SERVICE_NAME_ENV_VAR = "POWERTOOLS_SERVICE_NAME";
var XRAY_TRACE_ID_ENV_VAR = "_X_AMZN_TRACE_ID";

// node_modules/@aws-lambda-powertools/commons/lib/esm/envUtils.js
var getStringFromEnv = ({ key: key2, defaultValue, errorMessage }) => {
  const value = process.env[key2];
  if (value === void 0) {
    if (defaultValue !== void 0) {
      return defaultValue;
    }
    if (errorMessage) {
      throw new Error(errorMessage);
    }
    throw new Error(`Environment variable ${key2} is required`);
  }
  return value.trim();
};
var getNumberFromEnv = ({ key: key2, defaultValue, errorMessage }) => {
  const value = getStringFromEnv({
    key: key2,
    defaultValue: String(defaultValue),
    errorMessage
  });
  const parsedValue = Number(value);
  if (Number.isNaN(parsedValue)) {
    throw new TypeError(`Environment variable ${key2} must be a number`);
  }
  return parsedValue;
};
var truthyValues = /* @__PURE__ */ new Set(["1", "y", "yes", "t", "true", "on"]);
var falsyValues = /* @__PURE__ */ new Set(["0", "n", "no", "f", "false", "off"]);
var getBooleanFromEnv = ({ key: key2, defaultValue, errorMessage, extendedParsing }) => {
  const value = getStringFromEnv({
    key: key2,
    defaultValue: String(defaultValue),
    errorMessage
  });
  const parsedValue = value.toLowerCase();
  if (extendedParsing) {
    if (truthyValues.has(parsedValue)) {
      return true;
    }
    if (falsyValues.has(parsedValue)) {
      return false;
    }
  }
  if (parsedValue !== "true" && parsedValue !== "false") {
    throw new Error(`Environment variable ${key2} must be a boolean`);
  }
  return parsedValue === "true";
};
var isDevMode = () => {
  try {
    return getBooleanFromEnv({
      key: POWERTOOLS_DEV_ENV_VAR,
      extendedParsing: true
    });
  } catch {
    return false;
  }
};
var getServiceName = () => {
  return getStringFromEnv({
    key: POWERTOOLS_SERVICE_NAME_ENV_VAR,
    defaultValue: ""
  });
};
var getXrayTraceDataFromEnv = () => {
  const xRayTraceEnv = globalThis.awslambda?.InvokeStore?.getXRayTraceId() ?? getStringFromEnv({
    key: XRAY_TRACE_ID_ENV_VAR,
    defaultValue: ""
  });
  if (xRayTraceEnv === "") {
    return void 0;
  }
  if (!xRayTraceEnv.includes("=")) {
    return {
      Root: xRayTraceEnv
    };
  }
  const xRayTraceData = {};
  for (const field of xRayTraceEnv.split(";")) {
    const [key2, value] = field.split("=");
    xRayTraceData[key2] = value;
  }
  return xRayTraceData;
};
var shouldUseInvokeStore = () => {
  const res = getStringFromEnv({
    key: AWS_LAMBDA_MAX_CONCURRENCY,
    defaultValue: ""
  });
  return res !== "";
};
var getXRayTraceIdFromEnv = () => {
  const xRayTraceData = getXrayTraceDataFromEnv();
  return xRayTraceData?.Root;
};

// node_modules/@aws-lambda-powertools/logger/lib/esm/formatter/LogFormatter.js
var LogFormatter = class {
  /**
   * Whether a warning about an unresolvable timezone has already been emitted,
   * used to avoid logging the same warning on every formatted log entry.
   */
  #timezoneWarningEmitted = false;
  /**
   * Format an error into a loggable object.
   *
   * @example
   * ```json
   * {
   *   "name": "Error",
   *   "location": "file.js:1",
   *   "message": "An error occurred",
   *   "stack": "Error: An error occurred\n    at file.js:1\n    at file.js:2\n    at file.js:3",
   *   "cause": {
   *     "name": "OtherError",
   *     "location": "file.js:2",
   *     "message": "Another error occurred",
   *     "stack": "Error: Another error occurred\n    at file.js:2\n    at file.js:3\n    at file.js:4"
   *   }
   * }
   * ```
   *
   * @param error - Error to format
   */
  formatError(error2) {
    const { name, message: message2, stack, cause, ...errorAttributes } = error2;
    const formattedError = {
      name,
      location: this.getCodeLocation(error2.stack),
      message: message2,
      stack: isDevMode() && typeof stack === "string" ? stack?.split("\n") : stack,
      cause: cause instanceof Error ? this.formatError(cause) : cause
    };
    for (const key2 in error2) {
      if (typeof key2 === "string" && !["name", "message", "stack", "cause"].includes(key2)) {
        formattedError[key2] = errorAttributes[key2];
      }
    }
    return formattedError;
  }
  /**
   * Format a date into an ISO 8601 string with the configured timezone.
   *
   * The timezone is read from the `TZ` environment variable, if present.
   * Otherwise, the timezone defaults to ':UTC'.
   *
   * @param now - The date to format
   */
  formatTimestamp(now) {
    const defaultTimezone = "UTC";
    const configuredTimezone = getStringFromEnv({
      key: "TZ",
      defaultValue: ""
    });
    if (configuredTimezone && !configuredTimezone.includes(defaultTimezone))
      return this.#generateISOTimestampWithOffset(now, configuredTimezone);
    return now.toISOString();
  }
  /**
   * Get the location of an error from a stack trace.
   *
   * @param stack - stack trace to parse
   */
  getCodeLocation(stack) {
    if (!stack) {
      return "";
    }
    const stackLines = stack.split("\n");
    const regex = /\(([^()]*?):(\d+?):(\d+?)\)\\?$/;
    for (const item of stackLines) {
      const match = regex.exec(item);
      if (Array.isArray(match)) {
        return `${match[1]}:${Number(match[2])}`;
      }
    }
    return "";
  }
  /**
   * Resolve the time zone to use for formatting timestamps.
   *
   * Validation is delegated to `Intl.DateTimeFormat` itself, so both canonical
   * identifiers (e.g. `Asia/Calcutta`) and their aliases (e.g. `Asia/Kolkata`)
   * are accepted.
   *
   * If the provided time zone cannot be resolved - e.g. `TZ` is set to
   * `:/etc/localtime` in certain Docker images - we fall back to UTC and emit
   * a one-time warning.
   *
   * @param timezone - IANA time zone identifier (e.g., "Asia/Dhaka").
   */
  #resolveTimezone = (timezone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: timezone });
      return timezone;
    } catch {
      if (!this.#timezoneWarningEmitted) {
        this.#timezoneWarningEmitted = true;
        console.warn(`Invalid or unresolvable time zone: "${timezone}" - falling back to UTC.`);
      }
      return "UTC";
    }
  };
  /**
   * Create a new Intl.DateTimeFormat object configured with the specified time zone
   * and formatting options.
   *
   * The time is displayed in 24-hour format (hour12: false).
   *
   * @param timezone - resolvable IANA time zone identifier (e.g., "Asia/Dhaka").
   */
  #getDateFormatter = (timezone) => {
    const twoDigitFormatOption = "2-digit";
    return new Intl.DateTimeFormat("en", {
      hourCycle: "h23",
      year: "numeric",
      month: twoDigitFormatOption,
      day: twoDigitFormatOption,
      hour: twoDigitFormatOption,
      minute: twoDigitFormatOption,
      second: twoDigitFormatOption,
      timeZone: timezone
    });
  };
  /**
   * Generate an ISO 8601 timestamp string with the specified time zone and the local time zone offset.
   *
   * If the time zone cannot be resolved, both the date/time digits and the offset
   * fall back to UTC so that the emitted timestamp always denotes the correct instant.
   *
   * @param date - date to format
   * @param timezone - IANA time zone identifier (e.g., "Asia/Dhaka").
   */
  #generateISOTimestampWithOffset(date2, timezone) {
    const resolvedTimezone = this.#resolveTimezone(timezone);
    const { year, month, day, hour, minute, second } = this.#getDateFormatter(resolvedTimezone).formatToParts(date2).reduce((acc, item) => {
      acc[item.type] = item.value;
      return acc;
    }, {});
    const datePart = `${year}-${month}-${day}T${hour}:${minute}:${second}`;
    const offset = resolvedTimezone === timezone ? -date2.getTimezoneOffset() : 0;
    const offsetSign = offset >= 0 ? "+" : "-";
    const offsetHours = Math.abs(Math.floor(offset / 60)).toString().padStart(2, "0");
    const offsetMinutes = Math.abs(offset % 60).toString().padStart(2, "0");
    const millisecondPart = date2.getMilliseconds().toString().padStart(3, "0");
    const offsetPart = `${offsetSign}${offsetHours}:${offsetMinutes}`;
    return `${datePart}.${millisecondPart}${offsetPart}`;
  }
};

// node_modules/@aws-lambda-powertools/commons/lib/esm/version.js
var PT_VERSION = "2.35.0";

// node_modules/@aws-lambda-powertools/commons/lib/esm/awsSdkUtils.js
var EXEC_ENV = process.env.AWS_EXECUTION_ENV || "NA";

// node_modules/@aws-lambda-powertools/commons/lib/esm/deepMerge.js
var UNSAFE_KEYS = /* @__PURE__ */ new Set(["__proto__", "constructor"]);
var isPlainObject2 = (value) => {
  if (typeof value !== "object" || value === null) {
    return false;
  }
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};
var cloneItem = (srcItem, ancestors) => {
  if (isPlainObject2(srcItem)) {
    const cloned = {};
    ancestors.push(srcItem);
    mergeRecursive(cloned, srcItem, ancestors);
    ancestors.pop();
    return { skip: false, value: cloned };
  }
  if (Array.isArray(srcItem)) {
    if (ancestors.includes(srcItem))
      return { skip: true };
    const cloned = [];
    ancestors.push(srcItem);
    mergeArrayItemsByIndex(cloned, srcItem, ancestors);
    ancestors.pop();
    return { skip: false, value: cloned };
  }
  return { skip: false, value: srcItem };
};
var mergeArrayItem = (targetArray, index, srcItem, ancestors) => {
  const tgtItem = targetArray[index];
  const isSrcPlainObject = isPlainObject2(srcItem);
  if (isSrcPlainObject && ancestors.includes(srcItem))
    return;
  if (isSrcPlainObject && isPlainObject2(tgtItem)) {
    ancestors.push(srcItem);
    mergeRecursive(tgtItem, srcItem, ancestors);
    ancestors.pop();
    return;
  }
  if (Array.isArray(srcItem) && Array.isArray(tgtItem)) {
    if (!ancestors.includes(srcItem)) {
      ancestors.push(srcItem);
      mergeArrayItemsByIndex(tgtItem, srcItem, ancestors);
      ancestors.pop();
    }
    return;
  }
  if (srcItem !== void 0 || tgtItem === void 0) {
    const result = cloneItem(srcItem, ancestors);
    if (!result.skip) {
      targetArray[index] = result.value;
    }
  }
};
var mergeArrayItemsByIndex = (targetArray, sourceArray, ancestors) => {
  for (let i = 0; i < sourceArray.length; i++) {
    mergeArrayItem(targetArray, i, sourceArray[i], ancestors);
  }
};
var handleArrayMerge = (target, key2, sourceArray, targetValue, ancestors) => {
  if (!Array.isArray(targetValue)) {
    const freshArray = [];
    mergeArrayItemsByIndex(freshArray, sourceArray, ancestors);
    target[key2] = freshArray;
    return;
  }
  mergeArrayItemsByIndex(targetValue, sourceArray, ancestors);
};
var handleObjectMerge = (target, key2, sourceObject, targetValue, ancestors) => {
  if (isPlainObject2(targetValue)) {
    mergeRecursive(targetValue, sourceObject, ancestors);
    return;
  }
  const newTarget = {};
  mergeRecursive(newTarget, sourceObject, ancestors);
  target[key2] = newTarget;
};
var mergeRecursive = (target, source, ancestors) => {
  for (const key2 of Object.keys(source)) {
    if (UNSAFE_KEYS.has(key2)) {
      continue;
    }
    const sourceValue = source[key2];
    const targetValue = target[key2];
    if (Array.isArray(sourceValue)) {
      if (ancestors.includes(sourceValue))
        continue;
      ancestors.push(sourceValue);
      handleArrayMerge(target, key2, sourceValue, targetValue, ancestors);
      ancestors.pop();
      continue;
    }
    if (isPlainObject2(sourceValue)) {
      if (ancestors.includes(sourceValue))
        continue;
      ancestors.push(sourceValue);
      handleObjectMerge(target, key2, sourceValue, targetValue, ancestors);
      ancestors.pop();
      continue;
    }
    if (sourceValue !== void 0 || targetValue === void 0) {
      target[key2] = sourceValue;
    }
  }
};
var deepMerge = (target, ...sources) => {
  const ancestors = [target];
  for (const source of sources) {
    if (source != null) {
      ancestors.push(source);
      mergeRecursive(target, source, ancestors);
      ancestors.pop();
    }
  }
  return target;
};

// node_modules/@aws-lambda-powertools/commons/lib/esm/middleware/constants.js
var PREFIX = "powertools-for-aws";
var TRACER_KEY = `${PREFIX}.tracer`;
var METRICS_KEY = `${PREFIX}.metrics`;
var LOGGER_KEY = `${PREFIX}.logger`;
var IDEMPOTENCY_KEY = `${PREFIX}.idempotency`;

// node_modules/@aws-lambda-powertools/commons/lib/esm/typeUtils.js
var isString = (value) => {
  return typeof value === "string";
};
var isNumber = (value) => {
  return typeof value === "number";
};
var isIntegerNumber = (value) => {
  return isNumber(value) && Number.isInteger(value);
};
var isNull = (value) => {
  return Object.is(value, null);
};
var isNullOrUndefined = (value) => {
  return isNull(value) || Object.is(value, void 0);
};
var isStringUndefinedNullEmpty = (value) => {
  if (isNullOrUndefined(value))
    return true;
  if (!isString(value))
    return true;
  if (value.trim().length === 0)
    return true;
  return false;
};

// node_modules/@aws-lambda-powertools/commons/lib/esm/Utility.js
var Utility = class {
  #initializationType;
  coldStart = true;
  defaultServiceName = "service_undefined";
  constructor() {
    this.#initializationType = this.getInitializationType();
    if (this.#initializationType !== "on-demand") {
      this.coldStart = false;
    }
  }
  /**
   * Get the value of the `AWS_LAMBDA_INITIALIZATION_TYPE` environment variable.
   */
  getInitializationType() {
    const envVarValue = process.env[AWS_LAMBDA_INITIALIZATION_TYPE_ENV_VAR]?.trim();
    if (envVarValue === "on-demand") {
      return "on-demand";
    }
    if (envVarValue === "provisioned-concurrency") {
      return "provisioned-concurrency";
    }
    return "unknown";
  }
  /**
   * Get the cold start status of the current execution environment.
   *
   * The method also flips the cold start status to `false` after the first invocation.
   */
  getColdStart() {
    if (this.#initializationType !== "on-demand") {
      return false;
    }
    if (this.coldStart) {
      this.coldStart = false;
      return true;
    }
    return false;
  }
  /**
   * Validate that the service name provided is valid.
   * Used internally during initialization.
   *
   * @param serviceName Service name to validate
   */
  isValidServiceName(serviceName) {
    return typeof serviceName === "string" && serviceName.trim().length > 0;
  }
};

// node_modules/@aws-lambda-powertools/commons/lib/esm/index.js
var env = process.env.AWS_EXECUTION_ENV || "NA";
if (!process.env.AWS_SDK_UA_APP_ID?.includes("/PTEnv/")) {
  const ptUserAgent = `PT/NO-OP/${PT_VERSION}/PTEnv/${env}`;
  process.env.AWS_SDK_UA_APP_ID = process.env.AWS_SDK_UA_APP_ID ? `${process.env.AWS_SDK_UA_APP_ID}/${ptUserAgent}` : ptUserAgent;
}

// node_modules/@aws-lambda-powertools/logger/lib/esm/formatter/LogItem.js
var LogItem = class {
  /**
   * The attributes of the log item.
   */
  attributes = {};
  /**
   * Constructor for LogItem.
   *
   * Attributes are added in the following order:
   * - Standard keys provided by the logger (e.g. `message`, `level`, `timestamp`)
   * - Persistent attributes provided by developer, not formatted (done later)
   * - Ephemeral attributes provided as parameters for a single log item (done later)
   *
   * @param params - The parameters for the LogItem.
   */
  constructor(params) {
    this.setAttributes(params.attributes);
  }
  /**
   * Add attributes to the log item.
   *
   * @param attributes - The attributes to add to the log item.
   */
  addAttributes(attributes2) {
    deepMerge(this.attributes, attributes2);
    return this;
  }
  /**
   * Get the attributes of the log item.
   */
  getAttributes() {
    return this.attributes;
  }
  /**
   * Prepare the log item for printing.
   *
   * This operation removes empty keys from the log item, see {@link removeEmptyKeys | removeEmptyKeys()} for more information.
   */
  prepareForPrint() {
    this.attributes = this.removeEmptyKeys(this.getAttributes());
  }
  /**
   * Remove empty keys from the log item, where empty keys are defined as keys with
   * values of `undefined`, empty strings (`''`), or `null`.
   *
   * @param attributes - The attributes to remove empty keys from.
   */
  removeEmptyKeys(attributes2) {
    const newAttributes = {};
    for (const key2 in attributes2) {
      if (attributes2[key2] !== void 0 && attributes2[key2] !== "" && attributes2[key2] !== null) {
        newAttributes[key2] = attributes2[key2];
      }
    }
    return newAttributes;
  }
  /**
   * Replace the attributes of the log item.
   *
   * @param attributes - The attributes to set for the log item.
   */
  setAttributes(attributes2) {
    this.attributes = attributes2;
  }
};

// node_modules/@aws-lambda-powertools/logger/lib/esm/Logger.js
import { Console } from "node:console";
import { randomInt } from "node:crypto";

// node_modules/@aws-lambda-powertools/logger/lib/esm/formatter/PowertoolsLogFormatter.js
var PowertoolsLogFormatter = class extends LogFormatter {
  /**
   * List of keys to order log attributes by.
   *
   * This can be a set of keys or an array of keys.
   */
  #logRecordOrder;
  constructor(options) {
    super();
    this.#logRecordOrder = options?.logRecordOrder;
  }
  /**
   * It formats key-value pairs of log attributes.
   *
   * @param {UnformattedAttributes} attributes - unformatted attributes
   * @param {LogAttributes} additionalLogAttributes - additional log attributes
   */
  formatAttributes(attributes2, additionalLogAttributes) {
    const baseAttributes = {
      level: attributes2.logLevel,
      message: attributes2.message,
      timestamp: this.formatTimestamp(attributes2.timestamp),
      service: attributes2.serviceName,
      cold_start: attributes2.lambdaContext?.coldStart,
      function_arn: attributes2.lambdaContext?.invokedFunctionArn,
      function_memory_size: attributes2.lambdaContext?.memoryLimitInMB,
      function_name: attributes2.lambdaContext?.functionName,
      function_request_id: attributes2.lambdaContext?.awsRequestId,
      sampling_rate: attributes2.sampleRateValue,
      xray_trace_id: attributes2.xRayTraceId,
      tenant_id: attributes2.lambdaContext?.tenantId
    };
    if (this.#logRecordOrder === void 0) {
      return new LogItem({ attributes: baseAttributes }).addAttributes(additionalLogAttributes);
    }
    const orderedAttributes = {};
    for (const key2 of this.#logRecordOrder) {
      if (key2 in baseAttributes && !(key2 in orderedAttributes)) {
        orderedAttributes[key2] = baseAttributes[key2];
      } else if (key2 in additionalLogAttributes && !(key2 in orderedAttributes)) {
        orderedAttributes[key2] = additionalLogAttributes[key2];
      }
    }
    for (const key2 in baseAttributes) {
      if (!(key2 in orderedAttributes)) {
        orderedAttributes[key2] = baseAttributes[key2];
      }
    }
    for (const key2 in additionalLogAttributes) {
      if (!(key2 in orderedAttributes)) {
        orderedAttributes[key2] = additionalLogAttributes[key2];
      }
    }
    const powertoolsLogItem = new LogItem({
      attributes: orderedAttributes
    });
    return powertoolsLogItem;
  }
};

// node_modules/@aws-lambda-powertools/logger/lib/esm/LogAttributesStore.js
var LogAttributesStore = class {
  #temporaryAttributesKey = /* @__PURE__ */ Symbol("powertools.logger.temporaryAttributes");
  #keysKey = /* @__PURE__ */ Symbol("powertools.logger.keys");
  #lambdaContextKey = /* @__PURE__ */ Symbol("powertools.logger.lambdaContext");
  #fallbackTemporaryAttributes = {};
  #fallbackKeys = /* @__PURE__ */ new Map();
  #persistentAttributes = {};
  #fallbackLambdaContext;
  #getTemporaryAttributes() {
    if (!shouldUseInvokeStore()) {
      return this.#fallbackTemporaryAttributes;
    }
    if (globalThis.awslambda?.InvokeStore === void 0) {
      throw new Error("InvokeStore is not available");
    }
    const store = globalThis.awslambda.InvokeStore;
    let stored = store.get(this.#temporaryAttributesKey);
    if (stored == null) {
      stored = {};
      store.set(this.#temporaryAttributesKey, stored);
    }
    return stored;
  }
  #getKeys() {
    if (!shouldUseInvokeStore()) {
      return this.#fallbackKeys;
    }
    if (globalThis.awslambda?.InvokeStore === void 0) {
      throw new Error("InvokeStore is not available");
    }
    const store = globalThis.awslambda.InvokeStore;
    let stored = store.get(this.#keysKey);
    if (stored == null) {
      stored = /* @__PURE__ */ new Map();
      store.set(this.#keysKey, stored);
    }
    return stored;
  }
  appendTemporaryKeys(attributes2) {
    const tempAttrs = this.#getTemporaryAttributes();
    deepMerge(tempAttrs, attributes2);
    const keysMap = this.#getKeys();
    for (const key2 of Object.keys(attributes2)) {
      keysMap.set(key2, "temp");
    }
  }
  removeTemporaryKeys(keys) {
    const tempAttrs = this.#getTemporaryAttributes();
    const keysMap = this.#getKeys();
    for (const key2 of keys) {
      tempAttrs[key2] = void 0;
      if (this.#persistentAttributes[key2]) {
        keysMap.set(key2, "persistent");
      } else {
        keysMap.delete(key2);
      }
    }
  }
  getTemporaryAttributes() {
    return { ...this.#getTemporaryAttributes() };
  }
  clearTemporaryAttributes() {
    const tempAttrs = this.#getTemporaryAttributes();
    const keysMap = this.#getKeys();
    for (const key2 of Object.keys(tempAttrs)) {
      if (this.#persistentAttributes[key2]) {
        keysMap.set(key2, "persistent");
      } else {
        keysMap.delete(key2);
      }
    }
    if (!shouldUseInvokeStore()) {
      this.#fallbackTemporaryAttributes = {};
      return;
    }
    globalThis.awslambda.InvokeStore?.set(this.#temporaryAttributesKey, {});
  }
  setLambdaContext(context) {
    if (!shouldUseInvokeStore()) {
      this.#fallbackLambdaContext = context;
      return;
    }
    if (globalThis.awslambda?.InvokeStore === void 0) {
      throw new Error("InvokeStore is not available");
    }
    globalThis.awslambda.InvokeStore.set(this.#lambdaContextKey, context);
  }
  getLambdaContext() {
    if (!shouldUseInvokeStore()) {
      return this.#fallbackLambdaContext;
    }
    return globalThis.awslambda?.InvokeStore?.get(this.#lambdaContextKey);
  }
  setPersistentAttributes(attributes2) {
    const keysMap = this.#getKeys();
    this.#persistentAttributes = { ...attributes2 };
    for (const key2 of Object.keys(attributes2)) {
      keysMap.set(key2, "persistent");
    }
  }
  getPersistentAttributes() {
    return { ...this.#persistentAttributes };
  }
  getAllAttributes() {
    const result = {};
    const tempAttrs = this.#getTemporaryAttributes();
    const keysMap = this.#getKeys();
    for (const [key2, value] of Object.entries(this.#persistentAttributes)) {
      if (value !== void 0) {
        result[key2] = value;
      }
    }
    for (const [key2, type] of keysMap.entries()) {
      if (type === "temp" && tempAttrs[key2] !== void 0) {
        result[key2] = tempAttrs[key2];
      }
    }
    return result;
  }
  removePersistentKeys(keys) {
    const keysMap = this.#getKeys();
    const tempAttrs = this.#getTemporaryAttributes();
    for (const key2 of keys) {
      this.#persistentAttributes[key2] = void 0;
      if (tempAttrs[key2]) {
        keysMap.set(key2, "temp");
      } else {
        keysMap.delete(key2);
      }
    }
  }
};

// node_modules/@aws-lambda-powertools/logger/lib/esm/logBuffer.js
var SizedItem = class {
  value;
  logLevel;
  byteSize;
  constructor(value, logLevel) {
    if (!isString(value)) {
      throw new Error("Value should be a string");
    }
    this.value = value;
    this.logLevel = logLevel;
    this.byteSize = Buffer.byteLength(value);
  }
};
var SizedSet = class extends Set {
  currentBytesSize = 0;
  hasEvictedLog = false;
  /**
   * Adds an item to the set and updates the current byte size.
   *
   * @param item - The item to add
   */
  add(item) {
    this.currentBytesSize += item.byteSize;
    super.add(item);
    return this;
  }
  /**
   * Deletes an item from the set and updates the current byte size.
   *
   * @param item - The item to delete
   */
  delete(item) {
    const wasDeleted = super.delete(item);
    if (wasDeleted) {
      this.currentBytesSize -= item.byteSize;
    }
    return wasDeleted;
  }
  /**
   * Clears all items from the set and resets the current byte size.
   */
  clear() {
    super.clear();
    this.currentBytesSize = 0;
  }
  /**
   * Removes the first item from the set and returns it.
   */
  shift() {
    const firstElement = this.values().next().value;
    if (firstElement) {
      this.delete(firstElement);
    }
    return firstElement;
  }
};
var CircularMap = class extends Map {
  #maxBytesSize;
  #onBufferOverflow;
  constructor({ maxBytesSize, onBufferOverflow }) {
    super();
    this.#maxBytesSize = maxBytesSize;
    this.#onBufferOverflow = onBufferOverflow;
  }
  /**
   * Adds an item to the buffer, evicting older items if necessary.
   *
   * @param key - The key to associate with the item
   * @param value - The item to add
   * @param logLevel - The log level of the item
   */
  setItem(key2, value, logLevel) {
    const item = new SizedItem(value, logLevel);
    if (item.byteSize > this.#maxBytesSize) {
      throw new Error("Item too big");
    }
    const buffer = this.get(key2) || new SizedSet();
    if (buffer.currentBytesSize !== 0 && buffer.currentBytesSize + item.byteSize >= this.#maxBytesSize) {
      this.#deleteFromBufferUntilSizeIsLessThanMax(buffer, item);
      if (this.#onBufferOverflow) {
        this.#onBufferOverflow();
      }
    }
    buffer.add(item);
    super.set(key2, buffer);
    return this;
  }
  /**
   * Deletes an item from the buffer.
   *
   * @param key - The key associated with the item
   * @param value - The item to delete
   */
  #deleteFromBufferUntilSizeIsLessThanMax(buffer, item) {
    while (buffer.size !== 0 && buffer.currentBytesSize + item.byteSize >= this.#maxBytesSize) {
      buffer.shift();
      buffer.hasEvictedLog = true;
    }
  }
};

// node_modules/@aws-lambda-powertools/logger/lib/esm/LogInvocationStore.js
var LogInvocationStore = class {
  #logLevelKey = /* @__PURE__ */ Symbol("powertools.logger.logLevel");
  #bufferKey = /* @__PURE__ */ Symbol("powertools.logger.buffer");
  #baseLogLevel;
  #maxBytes;
  #fallbackBuffer;
  constructor(logLevel) {
    this.#baseLogLevel = logLevel;
  }
  /**
   * Get the log level in effect: the per-invocation level when one has been
   * set, otherwise the base level.
   */
  getLogLevel() {
    if (!shouldUseInvokeStore()) {
      return this.#baseLogLevel;
    }
    if (globalThis.awslambda?.InvokeStore === void 0) {
      throw new Error("InvokeStore is not available");
    }
    return globalThis.awslambda.InvokeStore.get(this.#logLevelKey) ?? this.#baseLogLevel;
  }
  /**
   * Get the base log level shared across invocations, without consulting the
   * InvokeStore.
   */
  getBaseLogLevel() {
    return this.#baseLogLevel;
  }
  /**
   * Set the log level, scoping it to the current invocation when concurrency
   * is enabled and an invocation context is active. Outside an invocation
   * context (e.g. during initialization) the base level is set instead.
   */
  setLogLevel(logLevel) {
    if (shouldUseInvokeStore()) {
      if (globalThis.awslambda?.InvokeStore === void 0) {
        throw new Error("InvokeStore is not available");
      }
      const store = globalThis.awslambda.InvokeStore;
      if (store.hasContext()) {
        store.set(this.#logLevelKey, logLevel);
        return;
      }
    }
    this.#baseLogLevel = logLevel;
  }
  /**
   * Set the base log level shared across invocations, regardless of any active
   * invocation context. Used at initialization and for Advanced Logging
   * Controls, which apply environment-wide.
   */
  setBaseLogLevel(logLevel) {
    this.#baseLogLevel = logLevel;
  }
  /**
   * Enable the log buffer with the given max byte size per trace id.
   *
   * Must be called before any buffer operation; the buffer methods are only
   * reached when buffering is enabled.
   *
   * @param maxBytes - Max byte size of each trace id's buffer
   */
  configureBuffer(maxBytes) {
    this.#maxBytes = maxBytes;
    this.#fallbackBuffer = new CircularMap({ maxBytesSize: maxBytes });
  }
  #getBuffer() {
    if (!shouldUseInvokeStore()) {
      return this.#fallbackBuffer;
    }
    if (globalThis.awslambda?.InvokeStore === void 0) {
      throw new Error("InvokeStore is not available");
    }
    const store = globalThis.awslambda.InvokeStore;
    let buffer = store.get(this.#bufferKey);
    if (buffer == null) {
      buffer = new CircularMap({ maxBytesSize: this.#maxBytes });
      store.set(this.#bufferKey, buffer);
    }
    return buffer;
  }
  /**
   * Add a log to the buffer for the given trace id.
   *
   * @param traceId - `_X_AMZN_TRACE_ID` of the request
   * @param value - The serialized log to be buffered
   * @param logLevel - The level of the log to be buffered
   */
  add(traceId, value, logLevel) {
    const buffer = this.#getBuffer();
    if (!shouldUseInvokeStore() && buffer.has(traceId) === false) {
      buffer.clear();
    }
    buffer.setItem(traceId, value, logLevel);
  }
  /**
   * Get the buffered logs for the given trace id, if any.
   *
   * @param traceId - `_X_AMZN_TRACE_ID` of the request
   */
  get(traceId) {
    return this.#getBuffer().get(traceId);
  }
  /**
   * Empty the buffer for the given trace id.
   *
   * @param traceId - `_X_AMZN_TRACE_ID` of the request
   */
  delete(traceId) {
    this.#getBuffer().delete(traceId);
  }
};

// node_modules/@aws-lambda-powertools/logger/lib/esm/Logger.js
var Logger = class _Logger extends Utility {
  /**
   * Console instance used to print logs.
   *
   * In AWS Lambda, we create a new instance of the Console class so that we can have
   * full control over the output of the logs. In testing environments, we use the
   * default console instance.
   *
   * This property is initialized in the constructor in `setOptions()`.
   */
  console;
  /**
   * Custom config service instance used to configure the logger.
   */
  customConfigService;
  /**
   * Whether to print the Lambda invocation event in the logs.
   */
  logEvent = false;
  /**
   * Formatter used to format the log items.
   * @default new PowertoolsLogFormatter()
   */
  logFormatter;
  /**
   * JSON indentation used to format the logs.
   */
  logIndentation = LogJsonIndent.COMPACT;
  /**
   * Advanced Logging Control Log Level
   * If not a valid value this will be left undefined, even if the
   * environment variable AWS_LAMBDA_LOG_LEVEL is set
   */
  #alcLogLevel;
  /**
   * Standard attributes managed by Powertools that will be logged in all log items.
   */
  powertoolsLogData = {
    sampleRateValue: 0
  };
  /**
   * Store for managing temporary and persistent log attributes.
   */
  #attributesStore = new LogAttributesStore();
  /**
   * Buffer used to store logs until the logger is initialized.
   *
   * Sometimes we need to log warnings before the logger is fully initialized, however we can't log them
   * immediately because the logger is not ready yet. This buffer stores those logs until the logger is ready.
   */
  #initBuffer = [];
  /**
   * Flag used to determine if the logger is initialized.
   */
  #isInitialized = false;
  /**
   * This is the initial log leval as set during the initialization of the logger.
   *
   * We keep this value to be able to reset the log level to the initial value when the sample rate is refreshed.
   */
  #initialLogLevel = LogLevelThreshold.INFO;
  /**
   * Replacer function used to serialize the log items.
   */
  #jsonReplacerFn;
  /**
   * Buffer configuration options.
   */
  #bufferConfig = {
    enabled: false,
    flushOnErrorLog: true,
    maxBytes: 20480,
    bufferAtVerbosity: LogLevelThreshold.DEBUG
  };
  /**
   * Store for per-invocation log state: the effective log level and, once
   * buffering is enabled, the buffered logs grouped by `_X_AMZN_TRACE_ID`.
   *
   * Scopes the state to each invocation via the InvokeStore when invocations
   * run concurrently, and falls back to instance-level state shared across
   * sequential invocations.
   */
  #invocationStore = new LogInvocationStore(LogLevelThreshold.INFO);
  /**
   * Search function for the correlation ID.
   */
  #correlationIdSearchFn;
  /**
   * The debug sampling rate configuration.
   */
  #debugLogSampling = {
    /**
     * The sampling rate value used to determine if the log level should be set to DEBUG.
     */
    sampleRateValue: 0,
    /**
     * The number of times the debug sampling rate has been refreshed.
     *
     * We use this to determine if we should refresh it again.
     */
    refreshedTimes: 0
  };
  /**
   * Map used to store the warning messages that have already been logged.
   */
  #warnOnceMap = /* @__PURE__ */ new Map();
  /**
   * Log level used by the current instance of Logger.
   *
   * Returns the log level as a number. The higher the number, the less verbose the logs.
   * To get the log level name, use the {@link getLevelName()} method.
   */
  get level() {
    return this.#invocationStore.getLogLevel();
  }
  constructor(options = {}) {
    super();
    const { customConfigService, ...rest } = options;
    this.customConfigService = customConfigService;
    this.setOptions(rest);
    this.#isInitialized = true;
    for (const [level, log] of this.#initBuffer) {
      this.printLog(level, this.createAndPopulateLogItem(...log));
    }
    this.#initBuffer = [];
  }
  /**
   * Add the current Lambda function's invocation context data to the powertoolLogData property of the instance.
   * This context data will be part of all printed log items.
   *
   * The implementation signature also accepts the stored {@link LambdaFunctionContext} subset so that
   * {@link Logger.createChild | `createChild()`} can propagate the parent's context without unsafe casts.
   * The public contract ({@link LoggerInterface.addContext}) remains `Context`.
   *
   * @param context - The Lambda function's invocation context.
   */
  addContext(context) {
    this.#attributesStore.setLambdaContext({
      invokedFunctionArn: context.invokedFunctionArn,
      coldStart: this.getColdStart(),
      awsRequestId: context.awsRequestId,
      memoryLimitInMB: context.memoryLimitInMB,
      functionName: context.functionName,
      functionVersion: context.functionVersion,
      tenantId: context.tenantId
    });
  }
  /**
   * @deprecated This method is deprecated and will be removed in the future major versions, please use {@link appendPersistentKeys() `appendPersistentKeys()`} instead.
   */
  addPersistentLogAttributes(attributes2) {
    this.appendPersistentKeys(attributes2);
  }
  /**
   * Add the given temporary attributes (key-value pairs) to all log items generated by this Logger instance.
   *
   * If the key already exists in the attributes, it will be overwritten. If the key is one of `level`, `message`, `sampling_rate`,
   * `service`, or `timestamp` we will log a warning and drop the value.
   *
   * @param attributes - The attributes to add to all log items.
   */
  appendKeys(attributes2) {
    this.#appendKeys(attributes2, "temp");
  }
  /**
   * Add the given persistent attributes (key-value pairs) to all log items generated by this Logger instance.
   *
   * If the key already exists in the attributes, it will be overwritten. If the key is one of `level`, `message`, `sampling_rate`,
   * `service`, or `timestamp` we will log a warning and drop the value.
   *
   * @param attributes - The attributes to add to all log items.
   */
  appendPersistentKeys(attributes2) {
    this.#appendKeys(attributes2, "persistent");
  }
  /**
   * Create a separate Logger instance, identical to the current one.
   * It's possible to overwrite the new instance options by passing them.
   *
   * @param options - The options to initialize the child logger with.
   */
  createChild(options = {}) {
    const persistentKeyName = "persistentLogAttributes" in options && !("persistentKeys" in options) ? "persistentLogAttributes" : "persistentKeys";
    const childLogger = this.createLogger(
      // Merge parent logger options with options passed to createChild,
      // the latter having precedence.
      deepMerge({}, {
        logLevel: this.getLevelName(),
        serviceName: this.powertoolsLogData.serviceName,
        sampleRateValue: this.#debugLogSampling.sampleRateValue,
        logFormatter: this.getLogFormatter(),
        customConfigService: this.getCustomConfigService(),
        environment: this.powertoolsLogData.environment,
        [persistentKeyName]: this.#attributesStore.getPersistentAttributes(),
        jsonReplacerFn: this.#jsonReplacerFn,
        correlationIdSearchFn: this.#correlationIdSearchFn,
        ...this.#bufferConfig.enabled && {
          logBufferOptions: {
            maxBytes: this.#bufferConfig.maxBytes,
            bufferAtVerbosity: this.getLogLevelNameFromNumber(this.#bufferConfig.bufferAtVerbosity),
            flushOnErrorLog: this.#bufferConfig.flushOnErrorLog
          }
        }
      }, options)
    );
    const lambdaContext = this.#attributesStore.getLambdaContext();
    if (lambdaContext)
      childLogger.addContext(lambdaContext);
    const temporaryAttributes = this.#attributesStore.getTemporaryAttributes();
    if (Object.keys(temporaryAttributes).length > 0) {
      childLogger.appendKeys(temporaryAttributes);
    }
    return childLogger;
  }
  /**
   * Print a log item with level CRITICAL.
   *
   * @param input - The log message.
   * @param extraInput - The extra input to log.
   */
  critical(input, ...extraInput) {
    this.processLogItem(LogLevelThreshold.CRITICAL, input, extraInput);
  }
  /**
   * Print a log item with level DEBUG.
   *
   * @param input
   * @param extraInput - The extra input to log.
   */
  debug(input, ...extraInput) {
    this.processLogItem(LogLevelThreshold.DEBUG, input, extraInput);
  }
  /**
   * Print a log item with level ERROR.
   *
   * @param input - The log message.
   * @param extraInput - The extra input to log.
   */
  error(input, ...extraInput) {
    this.processLogItem(LogLevelThreshold.ERROR, input, extraInput);
  }
  /**
   * Get the log level name of the current instance of Logger.
   *
   * Returns the log level name, i.e. `INFO`, `DEBUG`, etc.
   * To get the log level as a number, use the {@link Logger.level} property.
   */
  getLevelName() {
    return this.getLogLevelNameFromNumber(this.#invocationStore.getLogLevel());
  }
  /**
   * Return a boolean value. True means that the Lambda invocation events
   * are printed in the logs.
   */
  getLogEvent() {
    return this.logEvent;
  }
  /**
   * Return the persistent log attributes, which are the attributes
   * that will be logged in all log items.
   */
  getPersistentLogAttributes() {
    return this.#attributesStore.getPersistentAttributes();
  }
  /**
   * Print a log item with level INFO.
   *
   * @param input - The log message.
   * @param extraInput - The extra input to log.
   */
  info(input, ...extraInput) {
    this.processLogItem(LogLevelThreshold.INFO, input, extraInput);
  }
  /**
   * Class method decorator that adds the current Lambda function context as extra
   * information in all log items.
   *
   * This decorator is useful when you want to enrich your logs with information
   * from the function context, such as the function name, version, and request ID, and more.
   *
   * @example
   * ```typescript
   * import { Logger } from '@aws-lambda-powertools/logger';
   * import type { LambdaInterface } from '@aws-lambda-powertools/commons/types';
   *
   * const logger = new Logger({ serviceName: 'serverlessAirline' });
   *
   * class Lambda implements LambdaInterface {
   *   // Decorate your handler class method
   *   ⁣@logger.injectLambdaContext()
   *   public async handler(_event: unknown, _context: unknown): Promise<void> {
   *     logger.info('This is an INFO log with some context');
   *   }
   * }
   *
   * const handlerClass = new Lambda();
   * export const handler = handlerClass.handler.bind(handlerClass);
   * ```
   *
   * The decorator can also be used to log the Lambda invocation event; this can be configured both via
   * the `logEvent` parameter and the `POWERTOOLS_LOGGER_LOG_EVENT` environment variable. When both
   * are set, the `logEvent` parameter takes precedence.
   *
   * Additionally, the decorator can be used to reset the temporary keys added with the `appendKeys()` method
   * after the invocation, or to flush the buffer when an uncaught error is thrown in the handler.
   *
   * @see https://www.typescriptlang.org/docs/handbook/decorators.html#method-decorators
   *
   * @param options.logEvent - When `true` the logger will log the event.
   * @param options.resetKeys - When `true` the logger will clear temporary keys added with {@link Logger.appendKeys() `appendKeys()`} method.
   * @param options.flushBufferOnUncaughtError - When `true` the logger will flush the buffer when an uncaught error is thrown in the handler.
   */
  injectLambdaContext(options) {
    return (_target, _propertyKey, descriptor) => {
      const originalMethod = descriptor.value;
      const loggerRef = this;
      descriptor.value = async function(...args) {
        loggerRef.refreshSampleRateCalculation();
        loggerRef.addContext(args[1]);
        loggerRef.logEventIfEnabled(args[0], options?.logEvent);
        if (options?.correlationIdPath) {
          loggerRef.setCorrelationId(args[0], options?.correlationIdPath);
        }
        try {
          return await originalMethod.apply(this, args);
        } catch (error2) {
          if (options?.flushBufferOnUncaughtError) {
            loggerRef.flushBuffer();
            loggerRef.error({
              message: UncaughtErrorLogMessage,
              error: error2
            });
          }
          throw error2;
        } finally {
          if (options?.clearState || options?.resetKeys)
            loggerRef.resetKeys();
          loggerRef.clearBuffer();
        }
      };
    };
  }
  /**
   * @deprecated This method is deprecated and will be removed in the future major versions. Use {@link resetKeys()} instead.
   */
  /* v8 ignore next -- @preserve */
  static injectLambdaContextAfterOrOnError(logger2, _persistentAttributes, options) {
    if (options && (options.clearState || options?.resetKeys)) {
      logger2.resetKeys();
    }
  }
  /**
   * @deprecated - This method is deprecated and will be removed in the next major version.
   */
  /* v8 ignore next -- @preserve */
  static injectLambdaContextBefore(logger2, event, context, options) {
    logger2.addContext(context);
    logger2.logEventIfEnabled(event, options?.logEvent);
  }
  /**
   * Log the AWS Lambda event payload for the current invocation if the environment variable `POWERTOOLS_LOGGER_LOG_EVENT` is set to `true`.
   *
   * @example
   * ```ts
   * process.env.POWERTOOLS_LOGGER_LOG_EVENT = 'true';
   *
   * import { Logger } from '@aws-lambda-powertools/logger';
   *
   * const logger = new Logger();
   *
   * export const handler = async (event) => {
   *   logger.logEventIfEnabled(event);
   *   // ... your handler code
   * }
   * ```
   *
   * @param event - The AWS Lambda event payload.
   * @param overwriteValue - Overwrite the environment variable value.
   */
  logEventIfEnabled(event, overwriteValue) {
    if (!this.shouldLogEvent(overwriteValue))
      return;
    this.info("Lambda invocation event", { event });
  }
  /**
   * This method allows recalculating the initial sampling decision for changing
   * the log level to DEBUG based on a sample rate value used during initialization,
   * potentially yielding a different outcome.
   *
   * This only works for warm starts, because we don't to avoid double sampling.
   */
  refreshSampleRateCalculation() {
    if (this.#debugLogSampling.refreshedTimes === 0) {
      this.#debugLogSampling.refreshedTimes++;
      return;
    }
    if (this.#shouldEnableDebugSampling() && this.#invocationStore.getLogLevel() > LogLevelThreshold.TRACE) {
      this.setLogLevel("DEBUG");
      this.debug("Setting log level to DEBUG due to sampling rate");
    } else {
      this.setLogLevel(this.getLogLevelNameFromNumber(this.#initialLogLevel));
    }
  }
  /**
   * Remove temporary attributes based on provided keys to all log items generated by this Logger instance.
   *
   * @param keys - The keys to remove.
   */
  removeKeys(keys) {
    this.#attributesStore.removeTemporaryKeys(keys);
  }
  /**
   * Remove the given keys from the persistent keys.
   *
   * @example
   * ```typescript
   * import { Logger } from '@aws-lambda-powertools/logger';
   *
   * const logger = new Logger({
   *   persistentKeys: {
   *     environment: 'prod',
   *   },
   * });
   *
   * logger.removePersistentKeys(['environment']);
   * ```
   *
   * @param keys - The keys to remove from the persistent attributes.
   */
  removePersistentKeys(keys) {
    this.#attributesStore.removePersistentKeys(keys);
  }
  /**
   * @deprecated This method is deprecated and will be removed in the future major versions. Use {@link removePersistentKeys()} instead.
   */
  removePersistentLogAttributes(keys) {
    this.removePersistentKeys(keys);
  }
  /**
   * Remove all temporary log attributes added with {@link appendKeys() `appendKeys()`} method.
   */
  resetKeys() {
    this.#attributesStore.clearTemporaryAttributes();
  }
  /**
   * Set the log level for this Logger instance.
   *
   * If the log level is set using AWS Lambda Advanced Logging Controls, it sets it
   * instead of the given log level to avoid data loss.
   *
   * @param logLevel The log level to set, i.e. `error`, `warn`, `info`, `debug`, etc.
   */
  setLogLevel(logLevel) {
    if (this.awsLogLevelShortCircuit(logLevel))
      return;
    if (this.isValidLogLevel(logLevel)) {
      this.#invocationStore.setLogLevel(LogLevelThreshold[logLevel]);
    } else {
      throw new Error(`Invalid log level: ${logLevel}`);
    }
  }
  /**
   * @deprecated This method is deprecated and will be removed in the future major versions, please use {@link appendPersistentKeys() `appendPersistentKeys()`} instead.
   */
  setPersistentLogAttributes(attributes2) {
    const filtered = this.#filterReservedAttributeKeys(attributes2);
    this.#attributesStore.setPersistentAttributes(filtered);
  }
  /**
   * @deprecated Use getPersistentLogAttributes() instead
   */
  get persistentLogAttributes() {
    return this.#attributesStore.getPersistentAttributes();
  }
  /**
   * Check whether the current Lambda invocation event should be printed in the logs or not.
   *
   * @param overwriteValue - Overwrite the environment variable value.
   */
  shouldLogEvent(overwriteValue) {
    if (typeof overwriteValue === "boolean") {
      return overwriteValue;
    }
    return this.getLogEvent();
  }
  /**
   * Print a log item with level TRACE.
   *
   * @param input - The log message.
   * @param extraInput - The extra input to log.
   */
  trace(input, ...extraInput) {
    this.processLogItem(LogLevelThreshold.TRACE, input, extraInput);
  }
  /**
   * Print a log item with level WARN.
   *
   * @param input - The log message.
   * @param extraInput - The extra input to log.
   */
  warn(input, ...extraInput) {
    this.processLogItem(LogLevelThreshold.WARN, input, extraInput);
  }
  /**
   * Log a warning message once per unique message.
   *
   * @param message - The log message.
   */
  #warnOnce(message2) {
    if (this.#warnOnceMap.has(message2))
      return;
    this.#warnOnceMap.set(message2, true);
    this.warn(message2);
  }
  /**
   * Factory method for instantiating logger instances. Used by `createChild` method.
   * Important for customization and subclassing. It allows subclasses, like `MyOwnLogger`,
   * to override its behavior while keeping the main business logic in `createChild` intact.
   *
   * @example
   * ```typescript
   * // MyOwnLogger subclass
   * class MyOwnLogger extends Logger {
   *   protected createLogger(options?: ConstructorOptions): MyOwnLogger {
   *     return new MyOwnLogger(options);
   *   }
   *   // No need to re-implement business logic from `createChild` and keep track on changes
   *   public createChild(options?: ConstructorOptions): MyOwnLogger {
   *     return super.createChild(options) as MyOwnLogger;
   *   }
   * }
   * ```
   *
   * @param options - Logger configuration options.
   */
  createLogger(options) {
    return new _Logger(options);
  }
  /**
   * A custom JSON replacer function that is used to serialize the log items.
   *
   * By default, we already extend the default serialization behavior to handle `BigInt` and `Error` objects, as well as remove circular references.
   * When a custom JSON replacer function is passed to the Logger constructor, it will be called **before** our custom rules for each key-value pair in the object being stringified.
   *
   * This allows you to customize the serialization while still benefiting from the default behavior.
   *
   * @see {@link ConstructorOptions.jsonReplacerFn}
   */
  getJsonReplacer() {
    const ancestors = [];
    const jsonReplacerFn = this.#jsonReplacerFn;
    const logFormatter = this.getLogFormatter();
    return function(key2, value) {
      let replacedValue = value;
      if (jsonReplacerFn)
        replacedValue = jsonReplacerFn(key2, replacedValue);
      if (replacedValue instanceof Error) {
        replacedValue = logFormatter.formatError(replacedValue);
      }
      if (typeof replacedValue === "bigint") {
        return replacedValue.toString();
      }
      if (typeof replacedValue === "object" && replacedValue !== null) {
        while (ancestors.length > 0 && ancestors.at(-1) !== this) {
          ancestors.pop();
        }
        if (ancestors.includes(replacedValue)) {
          return;
        }
        ancestors.push(replacedValue);
      }
      return replacedValue;
    };
  }
  /**
   * Store information that is printed in all log items.
   *
   * @param attributes - The attributes to add to all log items.
   */
  addToPowertoolsLogData(attributes2) {
    deepMerge(this.powertoolsLogData, attributes2);
  }
  #filterReservedAttributeKeys(attributes2) {
    const filtered = {};
    for (const [key2, value] of Object.entries(attributes2)) {
      if (!this.#checkReservedKeyAndWarn(key2)) {
        filtered[key2] = value;
      }
    }
    return filtered;
  }
  /**
   * Shared logic for adding keys to the logger instance.
   *
   * @param attributes - The attributes to add to the log item.
   * @param type - The type of the attributes to add.
   */
  #appendKeys(attributes2, type) {
    const filtered = this.#filterReservedAttributeKeys(attributes2);
    if (type === "temp") {
      this.#attributesStore.appendTemporaryKeys(filtered);
    } else {
      const current = this.#attributesStore.getPersistentAttributes();
      this.#attributesStore.setPersistentAttributes(deepMerge(current, filtered));
    }
  }
  awsLogLevelShortCircuit(selectedLogLevel) {
    if (this.#alcLogLevel !== void 0) {
      this.#invocationStore.setBaseLogLevel(LogLevelThreshold[this.#alcLogLevel]);
      if (this.isValidLogLevel(selectedLogLevel) && this.#invocationStore.getBaseLogLevel() > LogLevelThreshold[selectedLogLevel]) {
        this.#warnOnce(`Current log level (${selectedLogLevel}) does not match AWS Lambda Advanced Logging Controls minimum log level (${this.#alcLogLevel}). This can lead to data loss, consider adjusting them.`);
      }
      return true;
    }
    return false;
  }
  /**
   * Create a log item and populate it with the given log level, input, and extra input.
   */
  createAndPopulateLogItem(logLevel, input, extraInput) {
    const unformattedBaseAttributes = {
      logLevel: this.getLogLevelNameFromNumber(logLevel),
      timestamp: /* @__PURE__ */ new Date(),
      xRayTraceId: getXRayTraceIdFromEnv(),
      ...this.#getPowertoolsLogData(),
      message: ""
    };
    const additionalAttributes = this.#attributesStore.getAllAttributes();
    this.#processMainInput(input, unformattedBaseAttributes, additionalAttributes);
    this.#processExtraInput(extraInput, additionalAttributes);
    return this.getLogFormatter().formatAttributes(unformattedBaseAttributes, additionalAttributes);
  }
  /**
   * Process the main input message and add it to the attributes
   */
  #processMainInput(input, baseAttributes, additionalAttributes) {
    if (typeof input === "string") {
      baseAttributes.message = input;
      return;
    }
    const { message: message2, ...rest } = input;
    baseAttributes.message = message2;
    for (const [key2, value] of Object.entries(rest)) {
      if (!this.#checkReservedKeyAndWarn(key2)) {
        additionalAttributes[key2] = value;
      }
    }
  }
  /**
   * Process extra input items and add them to additional attributes
   */
  #processExtraInput(extraInput, additionalAttributes) {
    for (const item of extraInput) {
      if (isNullOrUndefined(item)) {
        continue;
      }
      if (item instanceof Error) {
        additionalAttributes.error = item;
      } else if (typeof item === "string") {
        additionalAttributes.extra = item;
      } else {
        this.#processExtraObject(item, additionalAttributes);
      }
    }
  }
  /**
   * Process an extra input object and add its properties to additional attributes
   */
  #processExtraObject(item, additionalAttributes) {
    for (const [key2, value] of Object.entries(item)) {
      if (!this.#checkReservedKeyAndWarn(key2)) {
        additionalAttributes[key2] = value;
      }
    }
  }
  /**
   * Make a new debug log sampling decision based on the sample rate value.
   */
  #shouldEnableDebugSampling() {
    return this.#debugLogSampling.sampleRateValue && randomInt(0, 100) / 100 <= this.#debugLogSampling.sampleRateValue;
  }
  /**
   * Check if a given key is reserved and warn the user if it is.
   *
   * @param key - The key to check
   */
  #checkReservedKeyAndWarn(key2) {
    if (ReservedKeys.includes(key2)) {
      this.warn(`The key "${key2}" is a reserved key and will be dropped.`);
      return true;
    }
    return false;
  }
  /**
   * Get the custom config service, an abstraction used to fetch environment variables.
   */
  getCustomConfigService() {
    return this.customConfigService;
  }
  /**
   * Get the instance of a service that formats the structure of a
   * log item's keys and values in the desired way.
   */
  getLogFormatter() {
    return this.logFormatter;
  }
  /**
   * Get the log level name from the log level number.
   *
   * For example, if the log level is 16, it will return 'WARN'.
   *
   * @param logLevel - The log level to get the name of
   */
  getLogLevelNameFromNumber(logLevel) {
    let found;
    for (const [key2, value] of Object.entries(LogLevelThreshold)) {
      if (value === logLevel) {
        found = key2;
        break;
      }
    }
    return found;
  }
  /**
   * Get information that will be added in all log item by
   * this Logger instance (different from user-provided persistent attributes).
   */
  #getPowertoolsLogData() {
    const lambdaContext = this.#attributesStore.getLambdaContext();
    if (lambdaContext === void 0) {
      return this.powertoolsLogData;
    }
    return { ...this.powertoolsLogData, lambdaContext };
  }
  /**
   * Check if a given log level is valid.
   *
   * @param logLevel - The log level to check
   */
  isValidLogLevel(logLevel) {
    return typeof logLevel === "string" && logLevel in LogLevelThreshold;
  }
  /**
   * Check if a given sample rate value is valid.
   *
   * @param sampleRateValue - The sample rate value to check
   */
  isValidSampleRate(sampleRateValue) {
    return typeof sampleRateValue === "number" && 0 <= sampleRateValue && sampleRateValue <= 1;
  }
  /**
   * Print a given log with given log level.
   *
   * @param logLevel - The log level
   * @param log - The log item to print
   */
  printLog(logLevel, log) {
    log.prepareForPrint();
    const consoleMethod = logLevel === LogLevelThreshold.CRITICAL ? "error" : this.getLogLevelNameFromNumber(logLevel).toLowerCase();
    this.console[consoleMethod](JSON.stringify(log.getAttributes(), this.getJsonReplacer(), this.logIndentation));
  }
  /**
   * Print or buffer a given log with given log level.
   *
   * @param logLevel - The log level threshold
   * @param input - The log message
   * @param extraInput - The extra input to log
   */
  processLogItem(logLevel, input, extraInput) {
    if (this.#bufferConfig.enabled && this.#bufferConfig.flushOnErrorLog && logLevel >= LogLevelThreshold.ERROR && logLevel < LogLevelThreshold.SILENT) {
      this.flushBuffer();
    }
    const traceId = getXRayTraceIdFromEnv();
    if (traceId !== void 0 && this.shouldBufferLog(traceId, logLevel)) {
      try {
        this.bufferLogItem(traceId, this.createAndPopulateLogItem(logLevel, input, extraInput), logLevel);
      } catch (error2) {
        this.printLog(LogLevelThreshold.WARN, this.createAndPopulateLogItem(LogLevelThreshold.WARN, `Unable to buffer log: ${error2.message}`, [error2]));
        this.printLog(logLevel, this.createAndPopulateLogItem(logLevel, input, extraInput));
      }
      return;
    }
    if (logLevel >= this.#invocationStore.getLogLevel()) {
      if (this.#isInitialized) {
        this.printLog(logLevel, this.createAndPopulateLogItem(logLevel, input, extraInput));
      } else {
        this.#initBuffer.push([logLevel, [logLevel, input, extraInput]]);
      }
    }
  }
  /**
   * Initialize the console property as an instance of the internal version of Console() class (PR #748)
   * or as the global node console if the `POWERTOOLS_DEV' env variable is set and has truthy value.
   */
  setConsole() {
    if (isDevMode()) {
      this.console = console;
    } else {
      this.console = new Console({
        stdout: process.stdout,
        stderr: process.stderr
      });
    }
    this.console.trace = (message2, ...optionalParams) => {
      this.console.log(message2, ...optionalParams);
    };
  }
  /**
   * Set the initial Logger log level based on the following order:
   * 1. If a log level is set using AWS Lambda Advanced Logging Controls, it sets it.
   * 2. If a log level is passed to the constructor, it sets it.
   * 3. If a log level is set via custom config service, it sets it.
   * 4. If a log level is set via env variables, it sets it.
   *
   * If none of the above is true, the default log level applies (`INFO`).
   *
   * @param logLevel - Log level passed to the constructor
   */
  setInitialLogLevel(logLevel) {
    const constructorLogLevel = logLevel?.toUpperCase();
    if (this.awsLogLevelShortCircuit(constructorLogLevel)) {
      this.#initialLogLevel = this.#invocationStore.getBaseLogLevel();
      return;
    }
    if (this.isValidLogLevel(constructorLogLevel)) {
      this.#invocationStore.setBaseLogLevel(LogLevelThreshold[constructorLogLevel]);
      this.#initialLogLevel = this.#invocationStore.getBaseLogLevel();
      return;
    }
    const customConfigValue = this.getCustomConfigService()?.getLogLevel()?.toUpperCase();
    if (this.isValidLogLevel(customConfigValue)) {
      this.#invocationStore.setBaseLogLevel(LogLevelThreshold[customConfigValue]);
      this.#initialLogLevel = this.#invocationStore.getBaseLogLevel();
      return;
    }
    const logLevelVariable = getStringFromEnv({
      key: "POWERTOOLS_LOG_LEVEL",
      defaultValue: ""
    });
    const logLevelVariableAlias = getStringFromEnv({
      key: "LOG_LEVEL",
      defaultValue: ""
    });
    const logLevelValue = logLevelVariable || logLevelVariableAlias;
    if (this.isValidLogLevel(logLevelValue)) {
      this.#invocationStore.setBaseLogLevel(LogLevelThreshold[logLevelValue]);
      this.#initialLogLevel = this.#invocationStore.getBaseLogLevel();
    }
  }
  /**
   * Set the sample rate value with the following priority:
   * 1. Constructor value
   * 2. Custom config service value
   * 3. Environment variable value
   * 4. Default value (zero)
   *
   * @param sampleRateValue - The sample rate value
   */
  setInitialSampleRate(sampleRateValue) {
    const constructorValue = sampleRateValue;
    const customConfigValue = this.getCustomConfigService()?.getSampleRateValue();
    const sampleRateEnvVariable = getNumberFromEnv({
      key: "POWERTOOLS_LOGGER_SAMPLE_RATE",
      defaultValue: 0
    });
    for (const value of [
      constructorValue,
      customConfigValue,
      sampleRateEnvVariable
    ]) {
      if (this.isValidSampleRate(value)) {
        this.#debugLogSampling.sampleRateValue = value;
        this.powertoolsLogData.sampleRateValue = value;
        if (this.#shouldEnableDebugSampling() && this.#invocationStore.getBaseLogLevel() > LogLevelThreshold.TRACE) {
          this.setLogLevel("DEBUG");
          this.debug("Setting log level to DEBUG due to sampling rate");
        }
        break;
      }
    }
  }
  /**
   * If the log event feature is enabled via env variable, it sets a property that tracks whether
   * the event passed to the Lambda function handler should be logged or not.
   */
  setLogEvent() {
    this.logEvent = getBooleanFromEnv({
      key: "POWERTOOLS_LOGGER_LOG_EVENT",
      defaultValue: false
    });
  }
  /**
   * Set the log formatter instance, in charge of giving a custom format
   * to the structured logs, and optionally the ordering for keys within logs.
   *
   * @param logFormatter - The log formatter
   * @param logRecordOrder - Optional list of keys to specify order in logs
   */
  setLogFormatter(logFormatter, logRecordOrder) {
    this.logFormatter = logFormatter ?? new PowertoolsLogFormatter({
      logRecordOrder
    });
  }
  /**
   * If the `POWERTOOLS_DEV` env variable is set,
   * add JSON indentation for pretty printing logs.
   */
  setLogIndentation() {
    if (isDevMode()) {
      this.logIndentation = LogJsonIndent.PRETTY;
    }
  }
  /**
   * Configure the Logger instance settings that will affect the Logger's behaviour
   * and the content of all logs.
   *
   * @param options - Options to configure the Logger instance
   */
  setOptions(options) {
    const {
      logLevel,
      serviceName,
      sampleRateValue,
      logFormatter,
      persistentKeys,
      persistentLogAttributes,
      // deprecated in favor of persistentKeys
      environment,
      jsonReplacerFn,
      logRecordOrder,
      logBufferOptions,
      correlationIdSearchFn
    } = options;
    if (persistentLogAttributes && Object.keys(persistentLogAttributes).length > 0 && persistentKeys && Object.keys(persistentKeys).length > 0) {
      this.warn("Both persistentLogAttributes and persistentKeys options were provided. Using persistentKeys as persistentLogAttributes is deprecated and will be removed in future releases");
    }
    this.setPowertoolsLogData(serviceName, environment, persistentKeys || persistentLogAttributes);
    const lambdaLogLevel = getStringFromEnv({
      key: "AWS_LAMBDA_LOG_LEVEL",
      defaultValue: ""
    });
    const AlcLogLevel = lambdaLogLevel === "FATAL" ? "CRITICAL" : lambdaLogLevel;
    if (this.isValidLogLevel(AlcLogLevel)) {
      this.#alcLogLevel = AlcLogLevel;
    }
    this.setLogEvent();
    this.setInitialLogLevel(logLevel);
    this.setInitialSampleRate(sampleRateValue);
    this.setLogFormatter(logFormatter, logRecordOrder);
    this.setConsole();
    this.setLogIndentation();
    this.#jsonReplacerFn = jsonReplacerFn;
    this.#setLogBuffering(logBufferOptions);
    this.#correlationIdSearchFn = correlationIdSearchFn;
    return this;
  }
  /**
   * Add important data to the Logger instance that will affect the content of all logs.
   *
   * @param serviceName - The service name
   * @param environment - The environment
   * @param persistentKeys - The persistent log attributes
   */
  setPowertoolsLogData(serviceName, environment, persistentKeys) {
    this.addToPowertoolsLogData({
      awsRegion: getStringFromEnv({
        key: "AWS_REGION",
        defaultValue: ""
      }),
      environment: environment || this.getCustomConfigService()?.getCurrentEnvironment() || getStringFromEnv({
        key: "ENVIRONMENT",
        defaultValue: ""
      }),
      serviceName: serviceName || this.getCustomConfigService()?.getServiceName() || getStringFromEnv({
        key: "POWERTOOLS_SERVICE_NAME",
        defaultValue: ""
      }) || this.defaultServiceName
    });
    persistentKeys && this.appendPersistentKeys(persistentKeys);
  }
  /**
   * Configure the buffer settings for the Logger instance.
   *
   * @param options - Options to configure the Logger instance
   */
  #setLogBuffering(options) {
    if (options === void 0) {
      return;
    }
    this.#bufferConfig.enabled = options?.enabled !== false;
    if (this.#bufferConfig.enabled === false)
      return;
    if (options?.maxBytes !== void 0) {
      this.#bufferConfig.maxBytes = options.maxBytes;
    }
    this.#invocationStore.configureBuffer(this.#bufferConfig.maxBytes);
    if (options?.flushOnErrorLog === false) {
      this.#bufferConfig.flushOnErrorLog = false;
    }
    const bufferAtLogLevel = options?.bufferAtVerbosity?.toUpperCase();
    if (this.isValidLogLevel(bufferAtLogLevel)) {
      this.#bufferConfig.bufferAtVerbosity = LogLevelThreshold[bufferAtLogLevel];
    }
    if (this.#alcLogLevel !== void 0 && LogLevelThreshold[this.#alcLogLevel] > this.#bufferConfig.bufferAtVerbosity) {
      this.#warnOnce("Advanced Loggging Controls (ALC) Log Level is less verbose than Log Buffering Log Level. Buffered logs will be filtered by ALC");
    }
  }
  /**
   * Add a log to the buffer.
   *
   * @param xrayTraceId - `_X_AMZN_TRACE_ID` of the request
   * @param log - Log to be buffered
   * @param logLevel - The level of log to be buffered
   */
  bufferLogItem(xrayTraceId, log, logLevel) {
    log.prepareForPrint();
    this.#invocationStore.add(xrayTraceId, JSON.stringify(log.getAttributes(), this.getJsonReplacer(), this.logIndentation), logLevel);
  }
  /**
   * Flush all logs in the request buffer.
   *
   * This is called automatically when you use the {@link injectLambdaContext | `@logger.injectLambdaContext()`} decorator and
   * your function throws an error.
   */
  flushBuffer() {
    if (this.#bufferConfig.enabled === false) {
      return;
    }
    const traceId = getXRayTraceIdFromEnv();
    if (traceId === void 0) {
      return;
    }
    const buffer = this.#invocationStore.get(traceId);
    if (buffer === void 0) {
      return;
    }
    for (const item of buffer) {
      const consoleMethod = this.getLogLevelNameFromNumber(item.logLevel).toLowerCase();
      this.console[consoleMethod](item.value);
    }
    if (buffer.hasEvictedLog) {
      this.printLog(LogLevelThreshold.WARN, this.createAndPopulateLogItem(LogLevelThreshold.WARN, "Some logs are not displayed because they were evicted from the buffer. Increase buffer size to store more logs in the buffer", []));
    }
    if (this.#alcLogLevel !== void 0 && LogLevelThreshold[this.#alcLogLevel] > this.#bufferConfig.bufferAtVerbosity) {
      this.#warnOnce("Advanced Loggging Controls (ALC) Log Level is less verbose than Log Buffering Log Level. Some logs might be missing.");
    }
    this.#invocationStore.delete(traceId);
  }
  /**
   * Empties the buffer for the current request
   */
  clearBuffer() {
    if (this.#bufferConfig.enabled === false) {
      return;
    }
    const traceId = getXRayTraceIdFromEnv();
    if (traceId === void 0) {
      return;
    }
    this.#invocationStore.delete(traceId);
  }
  /**
   * Test if the log meets the criteria to be buffered.
   *
   * @param traceId - `_X_AMZN_TRACE_ID` of the request
   * @param logLevel - The level of the log being considered
   */
  shouldBufferLog(traceId, logLevel) {
    return this.#bufferConfig.enabled && traceId !== void 0 && logLevel <= this.#bufferConfig.bufferAtVerbosity;
  }
  /**
   * Set the correlation ID for the log item.
   *
   * This method can be used to set the correlation ID for the log item or to search for the correlation ID in the event.
   *
   * @example
   * ```typescript
   * import { Logger } from '@aws-lambda-powertools/logger';
   *
   * const logger = new Logger();
   * logger.setCorrelationId('my-correlation-id'); // sets the correlation ID directly with the first argument as value
   * ```
   *
   * @example
   * ```typescript
   * import { Logger } from '@aws-lambda-powertools/logger';
   * import { search } from '@aws-lambda-powertools/logger/correlationId';
   *
   * const logger = new Logger({ correlationIdSearchFn: search });
   * logger.setCorrelationId(event, 'requestContext.requestId'); // sets the correlation ID from the event using JMSPath expression
   * ```
   *
   * @param value - The value to set as the correlation ID or the event to search for the correlation ID
   * @param correlationIdPath - Optional JMESPath expression to extract the correlation ID for the payload
   */
  setCorrelationId(value, correlationIdPath) {
    if (typeof correlationIdPath === "string") {
      if (!this.#correlationIdSearchFn) {
        this.#warnOnce("correlationIdPath is set but no search function was provided. The correlation ID will not be added to the log attributes.");
        return;
      }
      const correlationId = this.#correlationIdSearchFn(correlationIdPath, value);
      if (correlationId)
        this.appendKeys({ correlation_id: correlationId });
      return;
    }
    this.appendKeys({ correlation_id: value });
  }
  /**
   * Get the correlation ID from the log attributes.
   */
  getCorrelationId() {
    return this.#attributesStore.getTemporaryAttributes().correlation_id;
  }
};

// functions/metric-names.ts
var METRIC_NAMESPACE = "Pacer";
var SERVICE_NAME = "pacer";
var METRIC_DIMENSIONS = {
  /** An ad platform's slug (`googleads`, `facebookads`, ...; the catalogue's). */
  platform: "platform",
  /** An alert channel kind: `email`, or a channel's kind (`slack`, `teams`, `webhook`). */
  channel: "channel",
  /** An API route key as the route table writes it (`GET /api/trackers`). */
  route: "route"
};
var METRICS = {
  refreshSucceeded: {
    name: "RefreshSucceeded",
    unit: "Count",
    dimensions: [],
    context: ["platform"],
    description: "A refresh job fetched and stored a tracker's days"
  },
  refreshRetried: {
    name: "RefreshRetried",
    unit: "Count",
    dimensions: [],
    context: ["platform"],
    description: "A refresh job failed and its message comes back after a backoff"
  },
  refreshFailed: {
    name: "RefreshFailed",
    unit: "Count",
    dimensions: [],
    context: ["platform"],
    description: "A refresh job failed for good (not retryable, or its last delivery): dead-lettered"
  },
  platformCallLatency: {
    name: "PlatformCallLatency",
    unit: "Milliseconds",
    dimensions: [],
    context: ["platform"],
    description: "The duration of one HTTP attempt to an ad platform's API"
  },
  platformCallErrors: {
    name: "PlatformCallErrors",
    unit: "Count",
    dimensions: [],
    context: ["platform"],
    description: "An HTTP attempt to an ad platform's API that failed (retried or given up)"
  },
  alertDeliverySent: {
    name: "AlertDeliverySent",
    unit: "Count",
    dimensions: [],
    context: ["channel"],
    description: "An alert e-mail or channel message was delivered"
  },
  alertDeliveryFailed: {
    name: "AlertDeliveryFailed",
    unit: "Count",
    dimensions: [],
    context: ["channel"],
    description: "An alert delivery attempt failed (an e-mail is not retried; a channel message is)"
  },
  alertDeliveryDeadLettered: {
    name: "AlertDeliveryDeadLettered",
    unit: "Count",
    dimensions: [],
    context: ["channel"],
    description: "A channel message was given up (after its last attempt, or refused at once)"
  },
  apiClientErrors: {
    name: "ApiClientErrors",
    unit: "Count",
    dimensions: [],
    context: ["route"],
    description: "An API answer with a 4xx status"
  },
  apiServerErrors: {
    name: "ApiServerErrors",
    unit: "Count",
    dimensions: [],
    context: ["route"],
    description: "An API answer with a 5xx status"
  }
};
var CAPTURE_COLD_START_METRIC = false;

// functions/src/lib/logger.ts
var logger = new Logger({
  serviceName: SERVICE_NAME,
  logLevel: process.env.LOG_LEVEL ?? "INFO"
});

// node_modules/@aws-lambda-powertools/metrics/lib/esm/constants.js
var COLD_START_METRIC = "ColdStart";
var DEFAULT_NAMESPACE = "default_namespace";
var MIN_METRIC_NAME_LENGTH = 1;
var MAX_METRIC_NAME_LENGTH = 255;
var MAX_METRICS_SIZE = 100;
var MAX_METRIC_VALUES_SIZE = 100;
var MAX_DIMENSION_COUNT = 29;
var EMF_MAX_TIMESTAMP_PAST_AGE = 14 * 24 * 60 * 60 * 1e3;
var EMF_MAX_TIMESTAMP_FUTURE_AGE = 2 * 60 * 60 * 1e3;
var MetricUnit = {
  Seconds: "Seconds",
  Microseconds: "Microseconds",
  Milliseconds: "Milliseconds",
  Bytes: "Bytes",
  Kilobytes: "Kilobytes",
  Megabytes: "Megabytes",
  Gigabytes: "Gigabytes",
  Terabytes: "Terabytes",
  Bits: "Bits",
  Kilobits: "Kilobits",
  Megabits: "Megabits",
  Gigabits: "Gigabits",
  Terabits: "Terabits",
  Percent: "Percent",
  Count: "Count",
  BytesPerSecond: "Bytes/Second",
  KilobytesPerSecond: "Kilobytes/Second",
  MegabytesPerSecond: "Megabytes/Second",
  GigabytesPerSecond: "Gigabytes/Second",
  TerabytesPerSecond: "Terabytes/Second",
  BitsPerSecond: "Bits/Second",
  KilobitsPerSecond: "Kilobits/Second",
  MegabitsPerSecond: "Megabits/Second",
  GigabitsPerSecond: "Gigabits/Second",
  TerabitsPerSecond: "Terabits/Second",
  CountPerSecond: "Count/Second",
  NoUnit: "None"
};
var MetricResolution = {
  Standard: 60,
  High: 1
};

// node_modules/@aws-lambda-powertools/metrics/lib/esm/Metrics.js
import { Console as Console2 } from "node:console";

// node_modules/@aws-lambda-powertools/metrics/lib/esm/DimensionsStore.js
var DimensionsStore = class {
  #dimensionsKey = /* @__PURE__ */ Symbol("powertools.metrics.dimensions");
  #dimensionSetsKey = /* @__PURE__ */ Symbol("powertools.metrics.dimensionSets");
  #fallbackDimensions = {};
  #fallbackDimensionSets = [];
  #defaultDimensions = {};
  #getDimensions() {
    if (!shouldUseInvokeStore()) {
      return this.#fallbackDimensions;
    }
    if (globalThis.awslambda?.InvokeStore === void 0) {
      throw new Error("InvokeStore is not available");
    }
    const store = globalThis.awslambda.InvokeStore;
    let stored = store.get(this.#dimensionsKey);
    if (stored == null) {
      stored = {};
      store.set(this.#dimensionsKey, stored);
    }
    return stored;
  }
  #getDimensionSets() {
    if (!shouldUseInvokeStore()) {
      return this.#fallbackDimensionSets;
    }
    if (globalThis.awslambda?.InvokeStore === void 0) {
      throw new Error("InvokeStore is not available");
    }
    const store = globalThis.awslambda.InvokeStore;
    let stored = store.get(this.#dimensionSetsKey);
    if (stored == null) {
      stored = [];
      store.set(this.#dimensionSetsKey, stored);
    }
    return stored;
  }
  addDimension(name, value) {
    this.#getDimensions()[name] = value;
    return value;
  }
  addDimensionSet(dimensionSet) {
    this.#getDimensionSets().push({ ...dimensionSet });
    return dimensionSet;
  }
  getDimensions() {
    return { ...this.#getDimensions() };
  }
  getDimensionSets() {
    return this.#getDimensionSets().map((set) => ({ ...set }));
  }
  clearRequestDimensions() {
    if (!shouldUseInvokeStore()) {
      this.#fallbackDimensions = {};
      this.#fallbackDimensionSets = [];
      return;
    }
    if (globalThis.awslambda?.InvokeStore === void 0) {
      throw new Error("InvokeStore is not available");
    }
    const store = globalThis.awslambda.InvokeStore;
    store.set(this.#dimensionsKey, {});
    store.set(this.#dimensionSetsKey, []);
  }
  clearDefaultDimensions() {
    this.#defaultDimensions = {};
  }
  setDefaultDimensions(dimensions) {
    this.#defaultDimensions = { ...dimensions };
  }
  getDefaultDimensions() {
    return { ...this.#defaultDimensions };
  }
};

// node_modules/@aws-lambda-powertools/metrics/lib/esm/MetadataStore.js
var MetadataStore = class {
  #metadataKey = /* @__PURE__ */ Symbol("powertools.metrics.metadata");
  #fallbackStorage = {};
  #getStorage() {
    if (!shouldUseInvokeStore()) {
      return this.#fallbackStorage;
    }
    if (globalThis.awslambda?.InvokeStore === void 0) {
      throw new Error("InvokeStore is not available");
    }
    const store = globalThis.awslambda.InvokeStore;
    let stored = store.get(this.#metadataKey);
    if (stored == null) {
      stored = {};
      store.set(this.#metadataKey, stored);
    }
    return stored;
  }
  set(key2, value) {
    this.#getStorage()[key2] = value;
    return value;
  }
  getAll() {
    return { ...this.#getStorage() };
  }
  clear() {
    if (!shouldUseInvokeStore()) {
      this.#fallbackStorage = {};
      return;
    }
    if (globalThis.awslambda?.InvokeStore === void 0) {
      throw new Error("InvokeStore is not available");
    }
    const store = globalThis.awslambda.InvokeStore;
    store.set(this.#metadataKey, {});
  }
};

// node_modules/@aws-lambda-powertools/metrics/lib/esm/MetricsStore.js
var MetricsStore = class {
  #storedMetricsKey = /* @__PURE__ */ Symbol("powertools.metrics.storedMetrics");
  #timestampKey = /* @__PURE__ */ Symbol("powertools.metrics.timestamp");
  #fallbackStorage = {};
  #fallbackTimestamp;
  #getStorage() {
    if (!shouldUseInvokeStore()) {
      return this.#fallbackStorage;
    }
    if (globalThis.awslambda?.InvokeStore === void 0) {
      throw new Error("InvokeStore is not available");
    }
    const store = globalThis.awslambda.InvokeStore;
    let stored = store.get(this.#storedMetricsKey);
    if (stored == null) {
      stored = {};
      store.set(this.#storedMetricsKey, stored);
    }
    return stored;
  }
  getMetric(name) {
    return this.#getStorage()[name];
  }
  /**
   * Adds a metric value to storage. If a metric with the same name already exists,
   * the value is appended to an array. Validates that the unit matches any existing metric.
   *
   * @example
   * ```typescript
   * store.setMetric('latency', MetricUnit.Milliseconds, 100);
   * // Returns: { name: 'latency', unit: 'Milliseconds', value: 100, resolution: 60 }
   *
   * store.setMetric('latency', MetricUnit.Milliseconds, 150);
   * // Returns: { name: 'latency', unit: 'Milliseconds', value: [100, 150], resolution: 60 }
   * ```
   *
   * @param name - The metric name
   * @param unit - The metric unit (must match existing metric if present)
   * @param value - The metric value to add
   * @param resolution - The metric resolution (defaults to Standard)
   * @returns The stored metric with updated values
   * @throws Error if unit doesn't match existing metric
   */
  setMetric(name, unit, value, resolution = MetricResolution.Standard) {
    const storage = this.#getStorage();
    const existingMetric = storage[name];
    if (existingMetric === void 0) {
      const newMetric = {
        name,
        unit,
        value,
        resolution
      };
      storage[name] = newMetric;
      return { ...newMetric };
    }
    if (existingMetric.unit !== unit) {
      const currentUnit = existingMetric.unit;
      throw new Error(`Metric "${name}" has already been added with unit "${currentUnit}", but we received unit "${unit}". Did you mean to use metric unit "${currentUnit}"?`);
    }
    if (!Array.isArray(existingMetric.value)) {
      existingMetric.value = [existingMetric.value];
    }
    existingMetric.value.push(value);
    return { ...existingMetric, value: [...existingMetric.value] };
  }
  getMetricNames() {
    return Object.keys(this.#getStorage());
  }
  getAllMetrics() {
    return Object.values(this.#getStorage());
  }
  clearMetrics() {
    if (!shouldUseInvokeStore()) {
      this.#fallbackStorage = {};
      this.#fallbackTimestamp = void 0;
      return;
    }
    if (globalThis.awslambda?.InvokeStore === void 0) {
      throw new Error("InvokeStore is not available");
    }
    const store = globalThis.awslambda.InvokeStore;
    store.set(this.#storedMetricsKey, {});
    store.set(this.#timestampKey, void 0);
  }
  hasMetrics() {
    return this.getMetricNames().length > 0;
  }
  getMetricsCount() {
    return this.getMetricNames().length;
  }
  getTimestamp() {
    if (!shouldUseInvokeStore()) {
      return this.#fallbackTimestamp;
    }
    if (globalThis.awslambda?.InvokeStore === void 0) {
      throw new Error("InvokeStore is not available");
    }
    const store = globalThis.awslambda.InvokeStore;
    return store.get(this.#timestampKey);
  }
  setTimestamp(timestamp) {
    const timestampMs = this.#convertTimestampToEmfFormat(timestamp);
    if (!shouldUseInvokeStore()) {
      this.#fallbackTimestamp = timestampMs;
      return timestampMs;
    }
    if (globalThis.awslambda?.InvokeStore === void 0) {
      throw new Error("InvokeStore is not available");
    }
    const store = globalThis.awslambda.InvokeStore;
    store.set(this.#timestampKey, timestampMs);
    return timestampMs;
  }
  #convertTimestampToEmfFormat(timestamp) {
    if (isIntegerNumber(timestamp)) {
      return timestamp;
    }
    if (timestamp instanceof Date) {
      return timestamp.getTime();
    }
    return 0;
  }
};

// node_modules/@aws-lambda-powertools/metrics/lib/esm/Metrics.js
var Metrics = class _Metrics extends Utility {
  /**
   * Console instance used to print logs.
   *
   * In AWS Lambda, we create a new instance of the Console class so that we can have
   * full control over the output of the logs. In testing environments, we use the
   * default console instance.
   *
   * This property is initialized in the constructor in setOptions().
   *
   * @private
   */
  console;
  /**
   * Custom configuration service for metrics
   */
  customConfigService;
  /**
   * Storage for dimensions
   */
  #dimensionsStore = new DimensionsStore();
  /**
   * Name of the Lambda function
   */
  functionName;
  /**
   * Custom logger object used for emitting debug, warning, and error messages.
   *
   * Note that this logger is not used for emitting metrics which are emitted to standard output using the `Console` object.
   */
  #logger;
  /**
   * Flag indicating if this is a single metric instance
   * @default false
   */
  isSingleMetric = false;
  /**
   * Additional metadata to be included with metrics
   */
  #metadataStore = new MetadataStore();
  /**
   * Namespace for the metrics
   */
  namespace;
  /**
   * Flag to determine if an error should be thrown when no metrics are recorded
   * @default false
   */
  shouldThrowOnEmptyMetrics = false;
  /**
   * Storage for metrics before they are published
   */
  #metricsStore = new MetricsStore();
  /**
   * Whether to disable metrics
   */
  disabled = false;
  /**
   * Cached environment config values.
   * Initialized once in setEnvConfig().
   */
  #envConfig = {
    namespace: "",
    functionName: "",
    serviceName: "",
    disabled: false,
    devMode: false
  };
  constructor(options = {}) {
    super();
    this.setEnvConfig();
    this.setConsole();
    this.#logger = options.logger || this.console;
    this.setOptions(options);
  }
  /**
   * Add a dimension to metrics.
   *
   * A dimension is a key-value pair that is used to group metrics, and it is included in all metrics emitted after it is added.
   * Invalid dimension values are skipped and a warning is logged.
   *
   * When calling the {@link Metrics.publishStoredMetrics | `publishStoredMetrics()`} method, the dimensions are cleared. This type of
   * dimension is useful when you want to add request-specific dimensions to your metrics. If you want to add dimensions that are
   * included in all metrics, use the {@link Metrics.setDefaultDimensions | `setDefaultDimensions()`} method.
   *
   * @param name - The name of the dimension
   * @param value - The value of the dimension
   */
  addDimension(name, value) {
    if (isStringUndefinedNullEmpty(name) || isStringUndefinedNullEmpty(value)) {
      this.#logger.warn(`The dimension ${name} doesn't meet the requirements and won't be added. Ensure the dimension name and value are non empty strings`);
      return this;
    }
    const dimensions = this.#dimensionsStore.getDimensions();
    const defaultDimensions = this.#dimensionsStore.getDefaultDimensions();
    const projectedSize = (/* @__PURE__ */ new Set([
      ...Object.keys(defaultDimensions),
      ...Object.keys(dimensions),
      name
    ])).size;
    if (projectedSize > MAX_DIMENSION_COUNT) {
      throw new RangeError(`The number of metric dimensions must be lower than ${MAX_DIMENSION_COUNT}`);
    }
    if (Object.hasOwn(dimensions, name) || Object.hasOwn(defaultDimensions, name)) {
      this.#logger.warn(`Dimension "${name}" has already been added. The previous value will be overwritten.`);
    }
    this.#dimensionsStore.addDimension(name, value);
    return this;
  }
  /**
   * Add multiple dimensions to the metrics.
   *
   * This method is useful when you want to add multiple dimensions to the metrics at once.
   * Invalid dimension values are skipped and a warning is logged.
   *
   * When calling the {@link Metrics.publishStoredMetrics | `publishStoredMetrics()`} method, the dimensions are cleared. This type of
   * dimension is useful when you want to add request-specific dimensions to your metrics. If you want to add dimensions that are
   * included in all metrics, use the {@link Metrics.setDefaultDimensions | `setDefaultDimensions()`} method.
   *
   * @param dimensions - An object with key-value pairs of dimensions
   */
  addDimensions(dimensions) {
    const newDimensions = this.#sanitizeDimensions(dimensions);
    const defaultDimensions = this.#dimensionsStore.getDefaultDimensions();
    const projectedSize = (/* @__PURE__ */ new Set([
      ...Object.keys(defaultDimensions),
      ...Object.keys(newDimensions)
    ])).size;
    if (projectedSize > MAX_DIMENSION_COUNT) {
      throw new RangeError(`The number of metric dimensions must be lower than ${MAX_DIMENSION_COUNT}`);
    }
    this.#dimensionsStore.addDimensionSet(newDimensions);
    return this;
  }
  /**
   * A metadata key-value pair to be included with metrics.
   *
   * You can use this method to add high-cardinality data as part of your metrics.
   * This is useful when you want to search highly contextual information along with your metrics in your logs.
   *
   * Note that the metadata is not included in the Amazon CloudWatch UI, but it can be used to search and filter logs.
   *
   * @example
   * ```typescript
   * import { Metrics } from '@aws-lambda-powertools/metrics';
   *
   * const metrics = new Metrics({
   *   namespace: 'serverlessAirline',
   *   serviceName: 'orders'
   * });
   *
   * export const handler = async (event) => {
   *   metrics.addMetadata('request_id', event.requestId);
   *   metrics.addMetric('successfulBooking', MetricUnit.Count, 1);
   *   metrics.publishStoredMetrics();
   * };
   * ```
   *
   * @param key - The key of the metadata
   * @param value - The value of the metadata
   */
  addMetadata(key2, value) {
    this.#metadataStore.set(key2, value);
    return this;
  }
  /**
   * Add a metric to the metrics buffer.
   *
   * By default, metrics are buffered and flushed when calling {@link Metrics.publishStoredMetrics | `publishStoredMetrics()`} method,
   * or at the end of the handler function when using the {@link Metrics.logMetrics | `logMetrics()`} decorator or the Middy.js middleware.
   *
   * Metrics are emitted to standard output in the Amazon CloudWatch EMF (Embedded Metric Format) schema.
   *
   * You can add a metric by specifying the metric name, unit, and value. For convenience,
   * we provide a set of constants for the most common units in the {@link MetricUnits | MetricUnit} dictionary object.
   *
   * Optionally, you can specify a {@link https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/cloudwatch_concepts.html#Resolution_definition | resolution}, which can be either `High` or `Standard`, using the {@link MetricResolutions | MetricResolution} dictionary object.
   * By default, metrics are published with a resolution of `Standard`.
   *
   * @example
   * ```typescript
   * import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
   *
   * const metrics = new Metrics({
   *   namespace: 'serverlessAirline',
   *   serviceName: 'orders'
   * });
   *
   * export const handler = async () => {
   *   metrics.addMetric('successfulBooking', MetricUnit.Count, 1);
   *   metrics.publishStoredMetrics();
   * };
   * ```
   *
   * @param name - The metric name
   * @param unit - The metric unit, see {@link MetricUnits | MetricUnit}
   * @param value - The metric value
   * @param resolution - The metric resolution, see {@link MetricResolutions | MetricResolution}
   */
  addMetric(name, unit, value, resolution = MetricResolution.Standard) {
    this.storeMetric(name, unit, value, resolution);
    if (this.isSingleMetric)
      this.publishStoredMetrics();
    return this;
  }
  /**
   * Immediately emit a `ColdStart` metric if this is a cold start invocation.
   *
   * A cold start is when AWS Lambda initializes a new instance of your function. To take advantage of this feature,
   * you must instantiate the Metrics class outside of the handler function.
   *
   * By using this method, the metric will be emitted immediately without you having to call {@link Metrics.publishStoredMetrics | `publishStoredMetrics()`}.
   *
   * If you are using the {@link Metrics.logMetrics | `logMetrics()`} decorator, or the Middy.js middleware, you can enable this
   * feature by setting the `captureColdStartMetric` option to `true`.
   *
   * @example
   * ```typescript
   * import { Metrics } from '@aws-lambda-powertools/metrics';
   *
   * const metrics = new Metrics({
   *   namespace: 'serverlessAirline',
   *   serviceName: 'orders'
   * });
   *
   * export const handler = async () => {
   *   metrics.captureColdStartMetric();
   * };
   * ```
   *
   * @param functionName - Optional function name to use as `function_name` dimension in the metric. It's used only if the `functionName` constructor parameter or environment variable are not set.
   */
  captureColdStartMetric(functionName) {
    if (!this.getColdStart())
      return;
    const singleMetric = this.singleMetric();
    const value = this.functionName?.trim() ?? functionName?.trim();
    if (value && value.length > 0) {
      singleMetric.addDimension("function_name", value);
    }
    singleMetric.addMetric(COLD_START_METRIC, MetricUnit.Count, 1);
  }
  /**
   * Clear all previously set default dimensions.
   *
   * This will remove all default dimensions set by the {@link Metrics.setDefaultDimensions | `setDefaultDimensions()`} method
   * or via the `defaultDimensions` parameter in the constructor.
   *
   * @example
   * ```typescript
   * import { Metrics } from '@aws-lambda-powertools/metrics';
   *
   * const metrics = new Metrics({
   *   namespace: 'serverlessAirline',
   *   serviceName: 'orders',
   *   defaultDimensions: { environment: 'dev' },
   * });
   *
   * metrics.setDefaultDimensions({ region: 'us-west-2' });
   *
   * // both environment and region dimensions are removed
   * metrics.clearDefaultDimensions();
   * ```
   */
  clearDefaultDimensions() {
    this.#dimensionsStore.clearDefaultDimensions();
  }
  /**
   * Clear all the dimensions added to the Metrics instance via {@link Metrics.addDimension | `addDimension()`} or {@link Metrics.addDimensions | `addDimensions()`}.
   *
   * These dimensions are normally cleared when calling {@link Metrics.publishStoredMetrics | `publishStoredMetrics()`}, but
   * you can use this method to clear specific dimensions that you no longer need at runtime.
   *
   * This method does not clear the default dimensions set via {@link Metrics.setDefaultDimensions | `setDefaultDimensions()`} or via
   * the `defaultDimensions` parameter in the constructor.
   *
   * @example
   * ```typescript
   * import { Metrics } from '@aws-lambda-powertools/metrics';
   *
   * const metrics = new Metrics({
   *   namespace: 'serverlessAirline',
   *   serviceName: 'orders'
   * });
   *
   * export const handler = async () => {
   *   metrics.addDimension('region', 'us-west-2');
   *
   *   // ...
   *
   *   metrics.clearDimensions(); // only the region dimension is removed
   * };
   * ```
   *
   * The method is primarily intended for internal use, but it is exposed for advanced use cases.
   */
  clearDimensions() {
    this.#dimensionsStore.clearRequestDimensions();
  }
  /**
   * Clear all the metadata added to the Metrics instance.
   *
   * Metadata is normally cleared when calling {@link Metrics.publishStoredMetrics | `publishStoredMetrics()`}, but
   * you can use this method to clear specific metadata that you no longer need at runtime.
   *
   * The method is primarily intended for internal use, but it is exposed for advanced use cases.
   */
  clearMetadata() {
    this.#metadataStore.clear();
  }
  /**
   * Clear all the metrics stored in the buffer.
   *
   * This is useful when you want to clear the metrics stored in the buffer without publishing them.
   *
   * The method is primarily intended for internal use, but it is exposed for advanced use cases.
   */
  clearMetrics() {
    this.#metricsStore.clearMetrics();
  }
  /**
   * Check if there are stored metrics in the buffer.
   */
  hasStoredMetrics() {
    return this.#metricsStore.hasMetrics();
  }
  /**
   * Whether metrics are disabled.
   */
  isDisabled() {
    return this.disabled;
  }
  /**
   * A class method decorator to automatically log metrics after the method returns or throws an error.
   *
   * The decorator can be used with TypeScript classes and can be configured to optionally capture a `ColdStart` metric (see {@link Metrics.captureColdStartMetric | `captureColdStartMetric()`}),
   * throw an error if no metrics are emitted (see {@link Metrics.setThrowOnEmptyMetrics | `setThrowOnEmptyMetrics()`}),
   * and set default dimensions for all metrics (see {@link Metrics.setDefaultDimensions | `setDefaultDimensions()`}).
   *
   * @example
   *
   * ```typescript
   * import type { Context } from 'aws-lambda';
   * import type { LambdaInterface } from '@aws-lambda-powertools/commons/types';
   * import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
   *
   * const metrics = new Metrics({
   *   namespace: 'serverlessAirline',
   *   serviceName: 'orders'
   * });
   *
   * class Lambda implements LambdaInterface {
   *   ⁣@metrics.logMetrics({ captureColdStartMetric: true })
   *   public async handler(_event: { requestId: string }, _: Context) {
   *     metrics.addMetadata('request_id', event.requestId);
   *     metrics.addMetric('successfulBooking', MetricUnit.Count, 1);
   *   }
   * }
   *
   * const handlerClass = new Lambda();
   * export const handler = handlerClass.handler.bind(handlerClass);
   * ```
   *
   * You can configure the decorator with the following options:
   * - `captureColdStartMetric` - Whether to capture a `ColdStart` metric
   * - `defaultDimensions` - Default dimensions to add to all metrics
   * - `throwOnEmptyMetrics` - Whether to throw an error if no metrics are emitted
   *
   * @param options - Options to configure the behavior of the decorator, see {@link ExtraOptions}
   */
  logMetrics(options = {}) {
    const { throwOnEmptyMetrics, defaultDimensions, captureColdStartMetric } = options;
    if (throwOnEmptyMetrics) {
      this.setThrowOnEmptyMetrics(throwOnEmptyMetrics);
    }
    if (defaultDimensions !== void 0) {
      this.setDefaultDimensions(defaultDimensions);
    }
    return (_target, _propertyKey, descriptor) => {
      const originalMethod = descriptor.value;
      const metricsRef = this;
      descriptor.value = async function(...args) {
        if (captureColdStartMetric) {
          metricsRef.captureColdStartMetric(args[1].functionName);
        }
        let result;
        try {
          result = await originalMethod.apply(this, args);
        } finally {
          metricsRef.publishStoredMetrics();
        }
        return result;
      };
      return descriptor;
    };
  }
  /**
   * Flush the stored metrics to standard output.
   *
   * The method empties the metrics buffer and emits the metrics to standard output in the Amazon CloudWatch EMF (Embedded Metric Format) schema.
   *
   * When using the {@link Metrics.logMetrics | `logMetrics()`} decorator, or the Middy.js middleware, the metrics are automatically flushed after the handler function returns or throws an error.
   *
   * @example
   * ```typescript
   * import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
   *
   * const metrics = new Metrics({
   *   namespace: 'serverlessAirline',
   *   serviceName: 'orders'
   * });
   *
   * export const handler = async () => {
   *   metrics.addMetric('successfulBooking', MetricUnit.Count, 1);
   *   metrics.publishStoredMetrics();
   * };
   * ```
   */
  publishStoredMetrics() {
    const hasMetrics = this.hasStoredMetrics();
    if (!this.shouldThrowOnEmptyMetrics && !hasMetrics) {
      this.#logger.warn("No application metrics to publish. The cold-start metric may be published if enabled. If application metrics should never be empty, consider using `throwOnEmptyMetrics`");
    }
    try {
      if (!this.disabled) {
        const emfOutput = this.serializeMetrics();
        hasMetrics && this.console.log(JSON.stringify(emfOutput));
      }
    } finally {
      this.clearMetrics();
      this.clearDimensions();
      this.clearMetadata();
    }
    return this;
  }
  /**
   * Flush the stored metrics when the instance goes out of a `using` scope.
   *
   * This implements the [`Disposable`](https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Symbol/dispose)
   * interface by delegating to {@link Metrics.publishStoredMetrics | `publishStoredMetrics()`}.
   * When the binding declared with `using` leaves scope—including when an exception is thrown—the stored
   * metrics are automatically flushed, removing the need for a manual `try/finally` block.
   *
   * The `using` keyword requires Node.js 24 or newer.
   *
   * @example
   * ```typescript
   * import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
   *
   * const metrics = new Metrics({
   *   namespace: 'serverlessAirline',
   *   serviceName: 'orders'
   * });
   *
   * export const handler = async () => {
   *   using _ = metrics;
   *   metrics.addMetric('successfulBooking', MetricUnit.Count, 1);
   *   // metrics are automatically flushed when the scope exits, including on exceptions
   * };
   * ```
   */
  [Symbol.dispose]() {
    this.publishStoredMetrics();
  }
  /**
   * Sets the timestamp for the metric.
   *
   * If an integer is provided, it is assumed to be the epoch time in milliseconds.
   * If a Date object is provided, it will be converted to epoch time in milliseconds.
   *
   * The timestamp must be a Date object or an integer representing an epoch time.
   * This should not exceed 14 days in the past or be more than 2 hours in the future.
   * Any metrics failing to meet this criteria will be skipped by Amazon CloudWatch.
   *
   * See: https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html
   * See: https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/CloudWatch-Logs-Monitoring-CloudWatch-Metrics.html
   *
   * @example
   * ```typescript
   * import { MetricUnit, Metrics } from '@aws-lambda-powertools/metrics';
   *
   * const metrics = new Metrics({
   *   namespace: 'serverlessAirline',
   *   serviceName: 'orders',
   * });
   *
   * export const handler = async () => {
   *   const metricTimestamp = new Date(Date.now() - 24 * 60 * 60 * 1000); // 24 hours ago
   *   metrics.setTimestamp(metricTimestamp);
   *   metrics.addMetric('successfulBooking', MetricUnit.Count, 1);
   * };
   * ```
   * @param timestamp - The timestamp to set, which can be a number or a Date object.
   */
  setTimestamp(timestamp) {
    if (!this.#validateEmfTimestamp(timestamp)) {
      this.#logger.warn("This metric doesn't meet the requirements and will be skipped by Amazon CloudWatch. Ensure the timestamp is within 14 days in the past or up to 2 hours in the future and is also a valid number or Date object.");
    }
    this.#metricsStore.setTimestamp(timestamp);
    return this;
  }
  /**
   * Serialize the stored metrics into a JSON object compliant with the Amazon CloudWatch EMF (Embedded Metric Format) schema.
   *
   * The EMF schema is a JSON object that contains the following properties:
   * - `_aws`: An object containing the timestamp and the CloudWatch metrics.
   * - `CloudWatchMetrics`: An array of CloudWatch metrics objects.
   * - `Namespace`: The namespace of the metrics.
   * - `Dimensions`: An array of dimensions for the metrics.
   * - `Metrics`: An array of metric definitions.
   *
   * The object is then emitted to standard output, which in AWS Lambda is picked up by CloudWatch logs and processed asynchronously.
   */
  serializeMetrics() {
    const metricDefinitions = this.#metricsStore.getAllMetrics().map((metricDefinition) => {
      return {
        Name: metricDefinition.name,
        Unit: metricDefinition.unit,
        ...metricDefinition.resolution === MetricResolution.High ? { StorageResolution: metricDefinition.resolution } : {}
      };
    });
    if (metricDefinitions.length === 0 && this.shouldThrowOnEmptyMetrics) {
      throw new RangeError("The number of metrics recorded must be higher than zero");
    }
    if (!this.namespace)
      this.#logger.warn("Namespace should be defined, default used");
    const metricValues = this.#metricsStore.getAllMetrics().reduce((result, { name, value }) => {
      result[name] = value;
      return result;
    }, {});
    const dimensionNames = [];
    const dimensions = this.#dimensionsStore.getDimensions();
    const dimensionSets = this.#dimensionsStore.getDimensionSets();
    const defaultDimensions = this.#dimensionsStore.getDefaultDimensions();
    const allDimensionKeys = /* @__PURE__ */ new Set([
      ...Object.keys(defaultDimensions),
      ...Object.keys(dimensions)
    ]);
    if (Object.keys(dimensions).length > 0) {
      dimensionNames.push([...allDimensionKeys]);
    }
    for (const dimensionSet of dimensionSets) {
      const dimensionSetKeys = /* @__PURE__ */ new Set([
        ...Object.keys(defaultDimensions),
        ...Object.keys(dimensionSet)
      ]);
      dimensionNames.push([...dimensionSetKeys]);
    }
    if (dimensionNames.length === 0 && Object.keys(defaultDimensions).length > 0) {
      dimensionNames.push(Object.keys(defaultDimensions));
    }
    this.#checkKeyCollisions(defaultDimensions, dimensions, dimensionSets, metricValues, this.#metadataStore.getAll());
    return {
      _aws: {
        Timestamp: this.#metricsStore.getTimestamp() ?? Date.now(),
        CloudWatchMetrics: [
          {
            Namespace: this.namespace || DEFAULT_NAMESPACE,
            Dimensions: dimensionNames,
            Metrics: metricDefinitions
          }
        ]
      },
      // Metadata is spread first so that any colliding key from a dimension
      // source overrides it: dimensions are load-bearing for EMF aggregation,
      // metadata is incidental context.
      ...this.#metadataStore.getAll(),
      ...defaultDimensions,
      ...dimensions,
      // Merge all dimension sets efficiently by mutating the accumulator
      ...dimensionSets.reduce((acc, dims) => {
        for (const [key2, value] of Object.entries(dims)) {
          acc[key2] = value;
        }
        return acc;
      }, {}),
      ...metricValues
    };
  }
  #checkKeyCollisions(defaultDimensions, dimensions, dimensionSets, metricValues, metadata) {
    const seenKeys = /* @__PURE__ */ new Map();
    const setKey = (k, source) => {
      const existing = seenKeys.get(k);
      if (existing !== void 0) {
        this.#logger.warn(`EMF key "${k}" is defined as both a ${existing} and ${source}; the ${source} value will take precedence in the serialized output`);
      }
      seenKeys.set(k, source);
    };
    for (const k of Object.keys(metadata))
      setKey(k, "metadata");
    for (const k of Object.keys(defaultDimensions))
      setKey(k, "default dimension");
    for (const k of Object.keys(dimensions))
      setKey(k, "dimension");
    for (const set of dimensionSets)
      for (const k of Object.keys(set))
        setKey(k, "dimension set");
    for (const name of Object.keys(metricValues)) {
      const src = seenKeys.get(name);
      if (src !== void 0) {
        throw new Error(`EMF key collision on "${name}": registered as both a metric (number) and a ${src} (string)`);
      }
    }
  }
  /**
   * Set default dimensions that will be added to all metrics.
   *
   * This method will merge the provided dimensions with the existing default dimensions.
   *
   * @example
   * ```typescript
   * import { Metrics } from '@aws-lambda-powertools/metrics';
   *
   * const metrics = new Metrics({
   *   namespace: 'serverlessAirline',
   *   serviceName: 'orders',
   *   defaultDimensions: { environment: 'dev' },
   * });
   *
   * // Default dimensions will contain both region and environment
   * metrics.setDefaultDimensions({
   *   region: 'us-west-2',
   *   environment: 'prod',
   * });
   * ```
   *
   * @param dimensions - The dimensions to be added to the default dimensions object
   */
  setDefaultDimensions(dimensions) {
    const newDimensions = this.#sanitizeDimensions(dimensions);
    const currentDefaultDimensions = this.#dimensionsStore.getDefaultDimensions();
    const currentDimensions = this.#dimensionsStore.getDimensions();
    const dimensionSets = this.#dimensionsStore.getDimensionSets();
    const combinedDefaultKeys = [
      ...Object.keys(currentDefaultDimensions),
      ...Object.keys(newDimensions)
    ];
    const currentDimensionsKeys = Object.keys(currentDimensions);
    let maxProjectedSize = currentDimensionsKeys.length > 0 ? (/* @__PURE__ */ new Set([...combinedDefaultKeys, ...currentDimensionsKeys])).size : new Set(combinedDefaultKeys).size;
    for (const dimensionSet of dimensionSets) {
      const setSize = (/* @__PURE__ */ new Set([
        ...combinedDefaultKeys,
        ...Object.keys(dimensionSet)
      ])).size;
      if (setSize > maxProjectedSize) {
        maxProjectedSize = setSize;
      }
    }
    if (maxProjectedSize > MAX_DIMENSION_COUNT) {
      throw new RangeError(`The number of metric dimensions must be lower than ${MAX_DIMENSION_COUNT}`);
    }
    this.#dimensionsStore.setDefaultDimensions({
      ...currentDefaultDimensions,
      ...newDimensions
    });
    return this;
  }
  /**
   * @deprecated Override the function name for `ColdStart` metrics inferred from the context either via:
   * - `functionName` constructor parameter
   * - `POWERTOOLS_FUNCTION_NAME` environment variable
   * - {@link Metrics.captureColdStartMetric | `captureColdStartMetric('myFunctionName')`} method
   */
  /* v8 ignore next -- @preserve */
  setFunctionName(name) {
    this.functionName = name;
  }
  /**
   * Set the flag to throw an error if no metrics are emitted.
   *
   * You can use this method to enable or disable this opt-in feature. This is useful if you want to ensure
   * that at least one metric is emitted when flushing the metrics. This can be useful to catch bugs where
   * metrics are not being emitted as expected.
   *
   * @param enabled - Whether to throw an error if no metrics are emitted
   */
  setThrowOnEmptyMetrics(enabled) {
    this.shouldThrowOnEmptyMetrics = enabled;
    return this;
  }
  /**
   * Create a new Metrics instance configured to immediately flush a single metric.
   *
   * CloudWatch EMF uses the same dimensions and timestamp across all your metrics, this is useful when you have a metric that should have different dimensions
   * or when you want to emit a single metric without buffering it.
   *
   * This method is used internally by the {@link Metrics.captureColdStartMetric | `captureColdStartMetric()`} method to emit the `ColdStart` metric immediately
   * after the handler function is called.
   *
   * @example
   * ```typescript
   * import { Metrics } from '@aws-lambda-powertools/metrics';
   *
   * const metrics = new Metrics({
   *   namespace: 'serverlessAirline',
   *   serviceName: 'orders'
   * });
   *
   * export const handler = async () => {
   *   const singleMetric = metrics.singleMetric();
   *   // The single metric will be emitted immediately
   *   singleMetric.addMetric('ColdStart', MetricUnit.Count, 1);
   *
   *   // These other metrics will be buffered and emitted when calling `publishStoredMetrics()`
   *   metrics.addMetric('successfulBooking', MetricUnit.Count, 1);
   *   metrics.publishStoredMetrics();
   * };
   */
  singleMetric() {
    return new _Metrics({
      namespace: this.namespace,
      defaultDimensions: this.#dimensionsStore.getDefaultDimensions(),
      singleMetric: true,
      logger: this.#logger
    });
  }
  /**
   * @deprecated Use {@link Metrics.setThrowOnEmptyMetrics | `setThrowOnEmptyMetrics()`} instead.
   */
  /* v8 ignore next -- @preserve */
  throwOnEmptyMetrics() {
    this.shouldThrowOnEmptyMetrics = true;
  }
  /**
   * Get the custom config service if it exists.
   */
  getCustomConfigService() {
    return this.customConfigService;
  }
  /**
   * Initialize the console property as an instance of the internal version of `Console()` class (PR #748)
   * or as the global node console if the `POWERTOOLS_DEV' env variable is set and has truthy value.
   *
   * @private
   */
  setConsole() {
    if (this.#envConfig.devMode) {
      this.console = console;
    } else {
      this.console = new Console2({
        stdout: process.stdout,
        stderr: process.stderr
      });
    }
  }
  /**
   * Set the custom config service to be used.
   *
   * @param customConfigService The custom config service to be used
   */
  setCustomConfigService(customConfigService) {
    this.customConfigService = customConfigService;
  }
  /**
   * Set the environment variables service to be used.
   */
  setEnvConfig() {
    this.#envConfig.namespace = getStringFromEnv({
      key: "POWERTOOLS_METRICS_NAMESPACE",
      defaultValue: ""
    });
    this.#envConfig.functionName = getStringFromEnv({
      key: "POWERTOOLS_METRICS_FUNCTION_NAME",
      defaultValue: ""
    });
    this.#envConfig.serviceName = getServiceName();
    this.#envConfig.disabled = getBooleanFromEnv({
      key: "POWERTOOLS_METRICS_DISABLED",
      defaultValue: false,
      extendedParsing: true
    });
    this.#envConfig.devMode = isDevMode();
  }
  /**
   * Set the function name for the cold start metric.
   *
   * @param functionName - The function name to be used for the cold start metric set in the constructor
   */
  setFunctionNameForColdStartMetric(functionName) {
    const value = functionName?.trim() ?? this.#envConfig.functionName;
    if (value && value.length > 0) {
      this.functionName = value;
    }
  }
  /**
   * Set the namespace to be used.
   *
   * @param namespace - The namespace to be used
   */
  setNamespace(namespace) {
    this.namespace = namespace || this.getCustomConfigService()?.getNamespace() || this.#envConfig.namespace;
  }
  /**
   * Set the disbaled flag based on the environment variables `POWERTOOLS_METRICS_DISABLED` and `POWERTOOLS_DEV`.
   *
   * The `POWERTOOLS_METRICS_DISABLED` environment variable takes precedence over `POWERTOOLS_DEV`.
   */
  setDisabled() {
    if ("POWERTOOLS_METRICS_DISABLED" in process.env && process.env.POWERTOOLS_METRICS_DISABLED !== void 0) {
      this.disabled = this.#envConfig.disabled;
      return;
    }
    this.disabled = this.#envConfig.devMode;
  }
  /**
   * Set the options to be used by the Metrics instance.
   *
   * This method is used during the initialization of the Metrics instance.
   *
   * @param options - The options to be used
   */
  setOptions(options) {
    const { customConfigService, namespace, serviceName, singleMetric, defaultDimensions, functionName } = options;
    this.setCustomConfigService(customConfigService);
    this.setDisabled();
    this.setNamespace(namespace);
    const resolvedServiceName = this.#resolveServiceName(serviceName);
    this.setDefaultDimensions(defaultDimensions ? { service: resolvedServiceName, ...defaultDimensions } : { service: resolvedServiceName });
    this.setFunctionNameForColdStartMetric(functionName);
    this.isSingleMetric = singleMetric || false;
    return this;
  }
  /**
   * Set the service dimension that will be included in the metrics.
   *
   * @param service - The service to be used
   */
  #resolveServiceName(service2) {
    return service2 || this.getCustomConfigService()?.getServiceName() || this.#envConfig.serviceName || this.defaultServiceName;
  }
  /**
   * Store a metric in the buffer.
   *
   * If the buffer is full, or the metric reaches the maximum number of values,
   * the metrics are flushed to stdout.
   *
   * @param name - The name of the metric to store
   * @param unit - The unit of the metric to store
   * @param value - The value of the metric to store
   * @param resolution - The resolution of the metric to store
   */
  storeMetric(name, unit, value, resolution) {
    if (!isString(name))
      throw new Error(`${name} is not a valid string`);
    if (name.length < MIN_METRIC_NAME_LENGTH || name.length > MAX_METRIC_NAME_LENGTH)
      throw new RangeError(`The metric name should be between ${MIN_METRIC_NAME_LENGTH} and ${MAX_METRIC_NAME_LENGTH} characters`);
    if (!isNumber(value))
      throw new RangeError(`${value} is not a valid number`);
    if (!Object.values(MetricUnit).includes(unit))
      throw new RangeError(`Invalid metric unit '${unit}', expected either option: ${Object.values(MetricUnit).join(",")}`);
    if (!Object.values(MetricResolution).includes(resolution))
      throw new RangeError(`Invalid metric resolution '${resolution}', expected either option: ${Object.values(MetricResolution).join(",")}`);
    if (this.#metricsStore.getMetricsCount() >= MAX_METRICS_SIZE) {
      this.publishStoredMetrics();
    }
    const storedMetric = this.#metricsStore.setMetric(name, unit, value, resolution);
    if (Array.isArray(storedMetric.value) && storedMetric.value.length === MAX_METRIC_VALUES_SIZE) {
      this.publishStoredMetrics();
    }
  }
  /**
   * Validates a given timestamp based on CloudWatch Timestamp guidelines.
   *
   * Timestamp must meet CloudWatch requirements.
   * The time stamp can be up to two weeks in the past and up to two hours into the future.
   * See [Timestamps](https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/cloudwatch_concepts.html#about_timestamp)
   * for valid values.
   *
   * @param timestamp - Date object or epoch time in milliseconds representing the timestamp to validate.
   */
  #validateEmfTimestamp(timestamp) {
    const isDate = timestamp instanceof Date;
    if (!isDate && !isIntegerNumber(timestamp)) {
      return false;
    }
    const timestampMs = isDate ? timestamp.getTime() : timestamp;
    const currentTime = Date.now();
    const minValidTimestamp = currentTime - EMF_MAX_TIMESTAMP_PAST_AGE;
    const maxValidTimestamp = currentTime + EMF_MAX_TIMESTAMP_FUTURE_AGE;
    return timestampMs >= minValidTimestamp && timestampMs <= maxValidTimestamp;
  }
  /**
   * Sanitizes the dimensions by removing invalid entries and skipping duplicates.
   *
   * @param dimensions - The dimensions to sanitize.
   */
  #sanitizeDimensions(dimensions) {
    const newDimensions = {};
    const currentDimensions = this.#dimensionsStore.getDimensions();
    for (const [key2, value] of Object.entries(dimensions)) {
      if (isStringUndefinedNullEmpty(key2) || isStringUndefinedNullEmpty(value)) {
        this.#logger.warn(`The dimension ${key2} doesn't meet the requirements and won't be added. Ensure the dimension name and value are non empty strings`);
        continue;
      }
      const defaultDimensions = this.#dimensionsStore.getDefaultDimensions();
      if (Object.hasOwn(currentDimensions, key2) || Object.hasOwn(defaultDimensions, key2) || Object.hasOwn(newDimensions, key2)) {
        this.#logger.warn(`Dimension "${key2}" has already been added. The previous value will be overwritten.`);
      }
      newDimensions[key2] = value;
    }
    return newDimensions;
  }
};

// functions/src/lib/metrics.ts
var metrics = new Metrics({
  namespace: METRIC_NAMESPACE,
  serviceName: SERVICE_NAME,
  logger: logger.createChild({ logLevel: "ERROR" })
});
var bufferedContext = /* @__PURE__ */ new Map();
function recordMetric(key2, context, value = 1) {
  const def = METRICS[key2];
  const values = context;
  if (def.dimensions.length > 0) {
    const single = metrics.singleMetric();
    for (const dimension of def.dimensions) {
      single.addDimension(METRIC_DIMENSIONS[dimension], values[dimension] ?? "");
    }
    for (const name of def.context) single.addMetadata(METRIC_DIMENSIONS[name], values[name] ?? "");
    single.addMetric(def.name, def.unit, value);
    return;
  }
  if (!metrics.hasStoredMetrics()) bufferedContext.clear();
  for (const name of def.context) {
    const property = METRIC_DIMENSIONS[name];
    const seen = bufferedContext.get(property) ?? /* @__PURE__ */ new Set();
    seen.add(values[name] ?? "");
    bufferedContext.set(property, seen);
    metrics.addMetadata(property, [...seen].join(","));
  }
  metrics.addMetric(def.name, def.unit, value);
}

// node_modules/@aws-lambda-powertools/logger/lib/esm/middleware/middy.js
var injectLambdaContext = (target, options) => {
  const loggers = Array.isArray(target) ? target : [target];
  const isResetStateEnabled = options && (options.clearState || options.resetKeys);
  const setCleanupFunction = (request) => {
    request.internal = {
      ...request.internal,
      [LOGGER_KEY]: after
    };
  };
  const before = (request) => {
    for (const logger2 of loggers) {
      if (isResetStateEnabled) {
        setCleanupFunction(request);
      }
      logger2.refreshSampleRateCalculation();
      Logger.injectLambdaContextBefore(logger2, request.event, request.context, options);
      if (options?.correlationIdPath) {
        logger2.setCorrelationId(request.event, options.correlationIdPath);
      }
    }
  };
  const after = () => {
    for (const logger2 of loggers) {
      logger2.clearBuffer();
      if (isResetStateEnabled) {
        logger2.resetKeys();
      }
    }
  };
  const onError = ({ error: error2 }) => {
    for (const logger2 of loggers) {
      if (options?.flushBufferOnUncaughtError) {
        logger2.flushBuffer();
        logger2.error({
          message: UncaughtErrorLogMessage,
          error: error2
        });
      } else {
        logger2.clearBuffer();
      }
      if (isResetStateEnabled) {
        logger2.resetKeys();
      }
    }
  };
  return {
    before,
    after,
    onError
  };
};

// node_modules/@aws-lambda-powertools/metrics/lib/esm/middleware/middy.js
var logMetrics = (target, options = {}) => {
  const metricsInstances = Array.isArray(target) ? target : [target];
  const setCleanupFunction = (request) => {
    request.internal = {
      ...request.internal,
      [METRICS_KEY]: logMetricsAfterOrError
    };
  };
  const logMetricsBefore = (request) => {
    for (const metrics2 of metricsInstances) {
      const { throwOnEmptyMetrics, defaultDimensions, captureColdStartMetric } = options;
      if (throwOnEmptyMetrics) {
        metrics2.setThrowOnEmptyMetrics(throwOnEmptyMetrics);
      }
      if (defaultDimensions !== void 0) {
        metrics2.setDefaultDimensions(defaultDimensions);
      }
      if (captureColdStartMetric) {
        metrics2.captureColdStartMetric(request.context.functionName);
      }
    }
    setCleanupFunction(request);
  };
  const logMetricsAfterOrError = () => {
    for (const metrics2 of metricsInstances) {
      metrics2.publishStoredMetrics();
    }
  };
  return {
    before: logMetricsBefore,
    after: logMetricsAfterOrError,
    onError: logMetricsAfterOrError
  };
};

// functions/src/lib/tracer.ts
var installed;
function traced(client2) {
  return installed ? installed.captureAWSv3Client(client2) : client2;
}
function tracingMiddleware() {
  let inner;
  const current = () => {
    if (inner === void 0) inner = installed?.handlerMiddleware() ?? null;
    return inner;
  };
  return {
    before: async (request) => current()?.before?.(request),
    after: async (request) => current()?.after?.(request),
    onError: async (request) => current()?.onError?.(request)
  };
}
instrumentDynamoClients(traced);

// functions/src/lib/observed-handler.ts
function observedHandler(handler2) {
  const wrapped = core_default({ timeoutEarlyInMillis: 0 }).use(injectLambdaContext(logger)).use(tracingMiddleware()).use(logMetrics(metrics, { captureColdStartMetric: CAPTURE_COLD_START_METRIC })).handler((event, context) => handler2(event, context));
  return (event, context) => wrapped(event, context ?? {});
}

// node_modules/jose/dist/webapi/lib/buffer_utils.js
var encoder = new TextEncoder();
var decoder = new TextDecoder();
var strictDecoder = new TextDecoder("utf-8", { fatal: true });
var UINT32_RANGE = 2 ** 32;
function concat(...buffers) {
  const size = buffers.reduce((acc, { length }) => acc + length, 0), buf = new Uint8Array(size);
  let i = 0;
  for (const buffer of buffers)
    buf.set(buffer, i), i += buffer.length;
  return buf;
}
var NON_ASCII = /[^\x00-\x7f]/;
function encode2(string3) {
  if (typeof string3 == "string" && string3.length >= 128) {
    if (NON_ASCII.test(string3))
      throw new TypeError("non-ASCII string encountered in encode()");
    return encoder.encode(string3);
  }
  const bytes = new Uint8Array(string3.length);
  for (let i = 0; i < string3.length; i++) {
    const code = string3.charCodeAt(i);
    if (code > 127)
      throw new TypeError("non-ASCII string encountered in encode()");
    bytes[i] = code;
  }
  return bytes;
}
function decodeBase64(encoded, url = false) {
  if (Uint8Array.fromBase64)
    return Uint8Array.fromBase64(encoded, { alphabet: url ? "base64url" : "base64" });
  if (url) {
    if (encoded.includes("+") || encoded.includes("/"))
      throw new TypeError("Invalid base64url");
    encoded = encoded.replace(/-/g, "+").replace(/_/g, "/");
  }
  const binary = atob(encoded), bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++)
    bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// node_modules/jose/dist/webapi/util/errors.js
var errors_exports = {};
__export(errors_exports, {
  JOSEAlgNotAllowed: () => JOSEAlgNotAllowed,
  JOSEError: () => JOSEError,
  JOSENotSupported: () => JOSENotSupported,
  JWEDecryptionFailed: () => JWEDecryptionFailed,
  JWEInvalid: () => JWEInvalid,
  JWKInvalid: () => JWKInvalid,
  JWKSInvalid: () => JWKSInvalid,
  JWKSMultipleMatchingKeys: () => JWKSMultipleMatchingKeys,
  JWKSNoMatchingKey: () => JWKSNoMatchingKey,
  JWKSTimeout: () => JWKSTimeout,
  JWSInvalid: () => JWSInvalid,
  JWSSignatureVerificationFailed: () => JWSSignatureVerificationFailed,
  JWTClaimValidationFailed: () => JWTClaimValidationFailed,
  JWTExpired: () => JWTExpired,
  JWTInvalid: () => JWTInvalid
});
var JOSEError = class extends Error {
  static code = "ERR_JOSE_GENERIC";
  code = "ERR_JOSE_GENERIC";
  constructor(message2, options) {
    super(message2, options), this.name = this.constructor.name, Error.captureStackTrace?.(this, this.constructor);
  }
};
var JWTClaimValidationFailed = class extends JOSEError {
  static code = "ERR_JWT_CLAIM_VALIDATION_FAILED";
  code = "ERR_JWT_CLAIM_VALIDATION_FAILED";
  claim;
  reason;
  payload;
  constructor(message2, payload, claim2 = "unspecified", reason = "unspecified") {
    super(message2, { cause: { claim: claim2, reason, payload } }), this.claim = claim2, this.reason = reason, this.payload = payload;
  }
};
var JWTExpired = class extends JOSEError {
  static code = "ERR_JWT_EXPIRED";
  code = "ERR_JWT_EXPIRED";
  claim;
  reason;
  payload;
  constructor(message2, payload, claim2 = "unspecified", reason = "unspecified") {
    super(message2, { cause: { claim: claim2, reason, payload } }), this.claim = claim2, this.reason = reason, this.payload = payload;
  }
};
var JOSEAlgNotAllowed = class extends JOSEError {
  static code = "ERR_JOSE_ALG_NOT_ALLOWED";
  code = "ERR_JOSE_ALG_NOT_ALLOWED";
};
var JOSENotSupported = class extends JOSEError {
  static code = "ERR_JOSE_NOT_SUPPORTED";
  code = "ERR_JOSE_NOT_SUPPORTED";
};
var JWEDecryptionFailed = class extends JOSEError {
  static code = "ERR_JWE_DECRYPTION_FAILED";
  code = "ERR_JWE_DECRYPTION_FAILED";
  constructor(message2 = "decryption operation failed", options) {
    super(message2, options);
  }
};
var JWEInvalid = class extends JOSEError {
  static code = "ERR_JWE_INVALID";
  code = "ERR_JWE_INVALID";
};
var JWSInvalid = class extends JOSEError {
  static code = "ERR_JWS_INVALID";
  code = "ERR_JWS_INVALID";
};
var JWTInvalid = class extends JOSEError {
  static code = "ERR_JWT_INVALID";
  code = "ERR_JWT_INVALID";
};
var JWKInvalid = class extends JOSEError {
  static code = "ERR_JWK_INVALID";
  code = "ERR_JWK_INVALID";
};
var JWKSInvalid = class extends JOSEError {
  static code = "ERR_JWKS_INVALID";
  code = "ERR_JWKS_INVALID";
};
var JWKSNoMatchingKey = class extends JOSEError {
  static code = "ERR_JWKS_NO_MATCHING_KEY";
  code = "ERR_JWKS_NO_MATCHING_KEY";
  constructor(message2 = "no applicable key found in the JSON Web Key Set", options) {
    super(message2, options);
  }
};
var JWKSMultipleMatchingKeys = class extends JOSEError {
  [Symbol.asyncIterator] = async function* () {
  };
  static code = "ERR_JWKS_MULTIPLE_MATCHING_KEYS";
  code = "ERR_JWKS_MULTIPLE_MATCHING_KEYS";
  constructor(message2 = "multiple matching keys found in the JSON Web Key Set", options) {
    super(message2, options);
  }
};
var JWKSTimeout = class extends JOSEError {
  static code = "ERR_JWKS_TIMEOUT";
  code = "ERR_JWKS_TIMEOUT";
  constructor(message2 = "request timed out", options) {
    super(message2, options);
  }
};
var JWSSignatureVerificationFailed = class extends JOSEError {
  static code = "ERR_JWS_SIGNATURE_VERIFICATION_FAILED";
  code = "ERR_JWS_SIGNATURE_VERIFICATION_FAILED";
  constructor(message2 = "signature verification failed", options) {
    super(message2, options);
  }
};

// node_modules/jose/dist/webapi/util/base64url.js
var invalid = "The input to be decoded is not correctly encoded.";
function decode2(input) {
  try {
    return decodeBase64(typeof input == "string" ? input : decoder.decode(input), true);
  } catch (cause) {
    throw new TypeError(invalid, { cause });
  }
}

// node_modules/jose/dist/webapi/lib/validate.js
function isObject2(input) {
  if (typeof input != "object" || input === null || Object.prototype.toString.call(input) !== "[object Object]")
    return false;
  const prototype = Object.getPrototypeOf(input);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
function isDisjoint(...headers) {
  const parameters = /* @__PURE__ */ new Set();
  for (const header of headers)
    if (header)
      for (const parameter of Object.keys(header)) {
        if (parameters.has(parameter))
          return false;
        parameters.add(parameter);
      }
  return true;
}
function decodeBase64url(value, label, ErrorClass) {
  try {
    return decode2(value);
  } catch (cause) {
    throw new ErrorClass(`Failed to base64url decode the ${label}`, { cause });
  }
}
function encodeAsciiMember(value, label, ErrorClass) {
  try {
    return encode2(value);
  } catch (cause) {
    throw new ErrorClass(`The ${label} is not a valid base64url string`, { cause });
  }
}
function parseJoseHeader(encodedProtectedHeader, ErrorClass, message2) {
  let parsed;
  try {
    parsed = JSON.parse(strictDecoder.decode(decode2(encodedProtectedHeader)));
  } catch (cause) {
    throw new ErrorClass(message2, { cause });
  }
  if (!isObject2(parsed))
    throw new ErrorClass(message2);
  return parsed;
}
var JWS_RECOGNIZED = { __proto__: null, b64: true };
function validateAlgorithms(option, algorithms) {
  if (algorithms !== void 0 && (!Array.isArray(algorithms) || algorithms.some((s) => typeof s != "string")))
    throw new TypeError(`"${option}" option must be an array of strings`);
  return algorithms === void 0 ? void 0 : new Set(algorithms);
}
function validateCrit(Err, recognizedDefault, recognizedOption, protectedHeader, joseHeader) {
  if (joseHeader.crit !== void 0 && protectedHeader?.crit === void 0)
    throw new Err('"crit" (Critical) Header Parameter MUST be integrity protected');
  if (!protectedHeader || protectedHeader.crit === void 0)
    return [];
  if (!Array.isArray(protectedHeader.crit) || protectedHeader.crit.length === 0 || protectedHeader.crit.some((input) => typeof input != "string" || input.length === 0))
    throw new Err('"crit" (Critical) Header Parameter MUST be an array of non-empty strings when present');
  const recognized = recognizedOption === void 0 ? recognizedDefault : { __proto__: null, ...recognizedOption, ...recognizedDefault };
  for (const parameter of protectedHeader.crit) {
    if (!(parameter in recognized))
      throw new JOSENotSupported(`Extension Header Parameter "${parameter}" is not recognized`);
    if (!Object.hasOwn(joseHeader, parameter) || joseHeader[parameter] === void 0)
      throw new Err(`Extension Header Parameter "${parameter}" is missing`);
    if (recognized[parameter] && (!Object.hasOwn(protectedHeader, parameter) || protectedHeader[parameter] === void 0))
      throw new Err(`Extension Header Parameter "${parameter}" MUST be integrity protected`);
  }
  return protectedHeader.crit;
}
function validateB64(protectedHeader, extensions) {
  if (extensions.includes("b64")) {
    const b64 = protectedHeader.b64;
    if (typeof b64 != "boolean")
      throw new JWSInvalid('The "b64" (base64url-encode payload) Header Parameter must be a boolean');
    return b64;
  }
  return true;
}

// node_modules/jose/dist/webapi/lib/key.js
var tag = (key2) => key2[Symbol.toStringTag];
var jwkMatchesOp = (entry, key2, usage) => {
  const { alg } = entry;
  if (key2.use !== void 0) {
    const expected = usage === "sign" || usage === "verify" ? "sig" : "enc";
    if (key2.use !== expected)
      throw new TypeError(`Invalid key for this operation, its "use" must be "${expected}" when present`);
  }
  if (key2.alg !== void 0 && key2.alg !== alg)
    throw new TypeError(`Invalid key for this operation, its "alg" must be "${alg}" when present`);
  if (Array.isArray(key2.key_ops)) {
    const expectedKeyOp = usage === "encrypt" || usage === "decrypt" ? entry.ops?.[usage === "encrypt" ? 0 : 1] : usage;
    if (expectedKeyOp && !key2.key_ops.includes(expectedKeyOp))
      throw new TypeError(`Invalid key for this operation, its "key_ops" must include "${expectedKeyOp}" when present`);
  }
};
async function prepareKey(entry, key2, usage) {
  const { alg, secret } = entry, requiresPrivateKey = usage === "decrypt" || usage === "sign";
  if (secret && key2 instanceof Uint8Array)
    return key2;
  let normalized, keyObject;
  if (isObject2(key2)) {
    if (normalized = normalizeJwk(key2), typeof normalized.kty != "string")
      throw invalidKeyType(alg, key2, secret);
    if (!(secret ? normalized.kty === "oct" && typeof normalized.k == "string" : normalized.kty !== "oct" && (requiresPrivateKey ? normalized.kty === "AKP" && typeof normalized.priv == "string" || typeof normalized.d == "string" : normalized.d === void 0 && normalized.priv === void 0)))
      throw new TypeError(secret ? 'JSON Web Key for symmetric algorithms must have JWK "kty" (Key Type) equal to "oct" and the JWK "k" (Key Value) present' : `JSON Web Key for this operation must be a ${requiresPrivateKey ? "private" : "public"} JWK`);
    if (jwkMatchesOp(entry, normalized, usage), normalized.kty === "oct")
      return decode2(normalized.k);
    if (!Object.isFrozen(key2)) {
      const { key_ops } = key2;
      Array.isArray(key_ops) && Object.freeze(key_ops), Object.freeze(key2);
    }
  } else {
    if (!isKeyLike(key2))
      throw invalidKeyType(alg, key2, secret);
    const expectedType = secret ? "secret" : requiresPrivateKey ? "private" : "public";
    if (key2.type !== expectedType && (secret || ["secret", "public", "private"].includes(key2.type)))
      throw new TypeError(`${tag(key2)} instances must be of type "${expectedType}" for the ${alg} algorithm`);
    if (isCryptoKey(key2))
      return key2;
    if (keyObject = key2, keyObject.type === "secret")
      return keyObject.export();
  }
  cache ||= /* @__PURE__ */ new WeakMap();
  const cacheKey = key2;
  let cached3 = cache.get(cacheKey);
  if (cached3?.[alg])
    return cached3[alg];
  if (cached3 || cache.set(cacheKey, cached3 = {}), keyObject && typeof keyObject.toCryptoKey == "function") {
    const isPublic = keyObject.type === "public", crv = nist[keyObject.asymmetricKeyDetails?.namedCurve], params = entry.resolve?.({ crv, asymmetricKeyType: keyObject.asymmetricKeyType }) ?? entry.subtle;
    return cached3[alg] = keyObject.toCryptoKey(params, isPublic, entry.usages[isPublic ? 0 : 1]);
  }
  return normalized ??= keyObject.export({ format: "jwk" }), normalized.alg = alg, cached3[alg] = await jwkToKey(entry, normalized);
}
var cache;
var nist = {
  __proto__: null,
  prime256v1: "P-256",
  secp384r1: "P-384",
  secp521r1: "P-521"
};
var isCryptoKey = (key2) => {
  if (key2?.[Symbol.toStringTag] === "CryptoKey")
    return true;
  try {
    return key2 instanceof CryptoKey;
  } catch {
    return false;
  }
};
var isKeyObject = (key2) => key2?.[Symbol.toStringTag] === "KeyObject";
var isKeyLike = (key2) => isCryptoKey(key2) || isKeyObject(key2);
function message(msg, actual, ...types) {
  if (types.length > 2) {
    const last = types.pop();
    msg += `one of type ${types.join(", ")}, or ${last}.`;
  } else types.length === 2 ? msg += `one of type ${types[0]} or ${types[1]}.` : msg += `of type ${types[0]}.`;
  return actual == null ? msg += ` Received ${actual}` : typeof actual == "function" && actual.name ? msg += ` Received function ${actual.name}` : typeof actual == "object" && actual != null && actual.constructor?.name && (msg += ` Received an instance of ${actual.constructor.name}`), msg;
}
function invalidKeyType(alg, actual, secret) {
  const types = ["CryptoKey", "KeyObject", "JSON Web Key"];
  return secret && types.push("Uint8Array"), new TypeError(message(`Key for the ${alg} algorithm must be `, actual, ...types));
}
var unusable = (name, prop = "algorithm.name") => new TypeError(`CryptoKey does not support this operation, its ${prop} must be ${name}`);
function checkUsage(key2, usage) {
  if (usage && !key2.usages.includes(usage))
    throw new TypeError(`CryptoKey does not support this operation, its usages must include ${usage}.`);
}
function checkModulusLength(alg, key2) {
  const { modulusLength } = key2.algorithm;
  if (typeof modulusLength != "number" || modulusLength < 2048)
    throw new TypeError(`${alg} requires key modulusLength to be 2048 bits or larger`);
}
function checkCryptoKey(key2, expected, usage) {
  const algorithm = key2.algorithm;
  if (algorithm.name !== expected.name)
    throw unusable(expected.name);
  if (expected.hash && algorithm.hash?.name !== expected.hash)
    throw unusable(expected.hash, "algorithm.hash");
  if (expected.namedCurve && algorithm.namedCurve !== expected.namedCurve)
    throw unusable(expected.namedCurve, "algorithm.namedCurve");
  if (expected.length !== void 0 && algorithm.length !== expected.length)
    throw unusable(expected.length, "algorithm.length");
  checkUsage(key2, usage);
}
function snapshotJwk(jwk) {
  return { __proto__: null, ...jwk };
}
function normalizeJwk(jwk) {
  const normalized = snapshotJwk(jwk);
  if (normalized.ext !== void 0 && typeof normalized.ext != "boolean")
    throw new TypeError('"ext" (Extractable) Parameter must be a boolean');
  if (normalized.key_ops !== void 0) {
    const value = normalized.key_ops, keyOps = Array.isArray(value) ? [...value] : void 0;
    if (!keyOps || keyOps.some((operation) => typeof operation != "string") || new Set(keyOps).size !== keyOps.length)
      throw new TypeError('"key_ops" (Key Operations) Parameter must be an array of unique strings');
    normalized.key_ops = keyOps;
  }
  return normalized;
}
async function jwkToKey(entry, jwk, extractable) {
  if (!entry.kty.includes(jwk.kty))
    throw new JOSENotSupported('Invalid or unsupported JWK "alg" (Algorithm) Parameter value');
  const algorithm = entry.resolve?.({ kty: jwk.kty, crv: jwk.crv }) ?? entry.subtle, isPrivate = !!(jwk.d || jwk.priv), keyData = { ...jwk, ext: extractable ?? jwk.ext };
  return keyData.kty !== "AKP" && delete keyData.alg, delete keyData.use, crypto.subtle.importKey("jwk", keyData, algorithm, keyData.ext ?? !isPrivate, jwk.key_ops ?? entry.usages[isPrivate ? 1 : 0]);
}
async function rawKey(key2, expected, usage, extractable = false) {
  return key2 instanceof Uint8Array && (key2 = await crypto.subtle.importKey("raw", key2, expected, extractable, [usage])), checkCryptoKey(key2, expected, usage), key2;
}

// node_modules/jose/dist/webapi/lib/key_descriptor.js
function table(entries) {
  const out = { __proto__: null };
  for (const alg in entries)
    out[alg] = { ...entries[alg], alg };
  return out;
}

// node_modules/jose/dist/webapi/lib/jws_algorithms.js
var sig = [["verify"], ["sign"]];
function hmac(bits) {
  const subtle = { name: "HMAC", hash: `SHA-${bits}` };
  return { kty: ["oct"], secret: true, subtle, signing: subtle, usages: sig };
}
function rsa(bits, saltLength) {
  const subtle = { name: saltLength ? "RSA-PSS" : "RSASSA-PKCS1-v1_5", hash: `SHA-${bits}` };
  return {
    kty: ["RSA"],
    subtle,
    signing: saltLength ? { ...subtle, saltLength } : subtle,
    usages: sig,
    minRsaBits: 2048
  };
}
function ecdsa(crv, bits) {
  return {
    kty: ["EC"],
    crv,
    subtle: { name: "ECDSA", namedCurve: crv },
    signing: { name: "ECDSA", hash: `SHA-${bits}` },
    usages: sig
  };
}
function eddsa() {
  const subtle = { name: "Ed25519" };
  return {
    kty: ["OKP"],
    crv: "Ed25519",
    subtle,
    signing: subtle,
    usages: sig
  };
}
function mldsa(parameterSet) {
  const subtle = { name: `ML-DSA-${parameterSet}` };
  return {
    kty: ["AKP"],
    subtle,
    signing: subtle,
    usages: sig
  };
}
var JWS = table({
  HS256: hmac(256),
  HS384: hmac(384),
  HS512: hmac(512),
  RS256: rsa(256),
  RS384: rsa(384),
  RS512: rsa(512),
  PS256: rsa(256, 32),
  PS384: rsa(384, 48),
  PS512: rsa(512, 64),
  ES256: ecdsa("P-256", 256),
  ES384: ecdsa("P-384", 384),
  ES512: ecdsa("P-521", 512),
  EdDSA: eddsa(),
  Ed25519: eddsa(),
  "ML-DSA-44": mldsa(44),
  "ML-DSA-65": mldsa(65),
  "ML-DSA-87": mldsa(87)
});
function jwsAlgorithm(alg) {
  const entry = typeof alg == "string" ? JWS[alg] : void 0;
  if (!entry)
    throw new JOSENotSupported(`alg ${alg} is not supported either by JOSE or your javascript runtime`);
  return entry;
}

// node_modules/jose/dist/webapi/lib/jws_verify.js
function prepareVerify(options) {
  return [options && validateAlgorithms("algorithms", options.algorithms), options?.crit];
}
function parseProtectedHeader(encodedProtectedHeader) {
  return encodedProtectedHeader === void 0 ? {} : parseJoseHeader(encodedProtectedHeader, JWSInvalid, "JWS Protected Header is invalid");
}
function encodeCompactUnencodedPayload(payload) {
  try {
    return encode2(payload);
  } catch (cause) {
    throw new JWSInvalid("JWS Compact Serialization payload must use only ASCII characters", {
      cause
    });
  }
}
async function verifySignature(jws, shared, key2, encodeUnencodedPayload, parsedProtected) {
  const { protected: encodedProtectedHeader, header, payload: inputPayload } = jws, protectedHeader = parsedProtected ?? parseProtectedHeader(encodedProtectedHeader);
  if (!isDisjoint(protectedHeader, header))
    throw new JWSInvalid("JWS Protected and JWS Unprotected Header Parameter names must be disjoint");
  const joseHeader = { ...protectedHeader, ...header }, b64 = validateB64(protectedHeader, validateCrit(JWSInvalid, JWS_RECOGNIZED, shared[1], protectedHeader, joseHeader)), { alg } = joseHeader;
  if (typeof alg != "string" || !alg)
    throw new JWSInvalid('JWS "alg" (Algorithm) Header Parameter missing or invalid');
  if (shared[0] && !shared[0].has(alg))
    throw new JOSEAlgNotAllowed('"alg" (Algorithm) Header Parameter value not allowed');
  if (b64) {
    if (typeof inputPayload != "string")
      throw new JWSInvalid("JWS Payload must be a string");
  } else if (typeof inputPayload != "string" && !(inputPayload instanceof Uint8Array))
    throw new JWSInvalid("JWS Payload must be a string or an Uint8Array instance");
  const signingPayload = b64 || typeof inputPayload != "string" ? inputPayload : encodeUnencodedPayload(inputPayload);
  let resolvedKey = false;
  typeof key2 == "function" && (key2 = await key2(protectedHeader, jws), resolvedKey = true);
  const entry = jwsAlgorithm(alg), signingInput = concat(encodedProtectedHeader !== void 0 ? encode2(encodedProtectedHeader) : new Uint8Array(), encode2("."), typeof signingPayload == "string" ? shared[2] ??= encodeAsciiMember(signingPayload, "payload", JWSInvalid) : signingPayload), signature = decodeBase64url(jws.signature, "signature", JWSInvalid), verificationKey = await prepareKey(entry, key2, "verify"), cryptoKey = await rawKey(verificationKey, entry.subtle, "verify");
  entry.minRsaBits && checkModulusLength(entry.alg, cryptoKey);
  let verified = false;
  try {
    verified = await crypto.subtle.verify(entry.signing, cryptoKey, signature, signingInput);
  } catch (cause) {
    throw new JWSSignatureVerificationFailed(void 0, { cause });
  }
  if (!verified)
    throw new JWSSignatureVerificationFailed();
  const result = { payload: typeof signingPayload == "string" ? decodeBase64url(signingPayload, "payload", JWSInvalid) : signingPayload };
  return encodedProtectedHeader !== void 0 && (result.protectedHeader = protectedHeader), header !== void 0 && (result.unprotectedHeader = header), resolvedKey ? [{ ...result, key: verificationKey }, b64] : [result, b64];
}
async function verifyCompact(jws, shared, key2) {
  if (jws instanceof Uint8Array && (jws = decoder.decode(jws)), typeof jws != "string")
    throw new JWSInvalid("Compact JWS must be a string or Uint8Array");
  const { 0: protectedHeader, 1: payload, 2: signature, length } = jws.split(".");
  if (length !== 3)
    throw new JWSInvalid("Invalid Compact JWS");
  return verifySignature({ payload, protected: protectedHeader, signature }, shared, key2, encodeCompactUnencodedPayload);
}

// node_modules/jose/dist/webapi/lib/jwt_claims_set.js
var epoch = (date2) => Math.floor(date2.getTime() / 1e3);
var multipliers = {
  s: 1,
  m: 60,
  h: 3600,
  d: 86400,
  w: 604800,
  y: 31557600
};
var REGEX = /^(\+|\-)? ?(\d+|\d+\.\d+) ?(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)(?: (ago|from now))?$/i;
var checkFailed = "check_failed";
function invalidDuration() {
  throw new TypeError("Invalid time period format");
}
function secs(str) {
  typeof str != "string" && invalidDuration();
  const matched = REGEX.exec(str);
  (!matched || matched[4] && matched[1]) && invalidDuration();
  const value = parseFloat(matched[2]), durationSeconds = Math.round(value * multipliers[matched[3][0].toLowerCase()]);
  return Number.isFinite(durationSeconds) || invalidDuration(), matched[1] === "-" || matched[4] === "ago" ? -durationSeconds : durationSeconds;
}
function validateInput(label, input) {
  if (!Number.isFinite(input))
    throw new TypeError(`Invalid ${label} input`);
  return input;
}
var normalizeTyp = (value) => {
  const normalized = value.toLowerCase();
  return value.includes("/") ? normalized : `application/${normalized}`;
};
var checkAudiencePresence = (audPayload, audOption) => typeof audPayload == "string" ? audOption.includes(audPayload) : Array.isArray(audPayload) ? audOption.some((aud) => audPayload.includes(aud)) : false;
function validateNumericDate(claimsSet, claim2, required2 = false) {
  const value = claimsSet[claim2];
  if (!(value === void 0 && !required2)) {
    if (typeof value != "number")
      throw new JWTClaimValidationFailed(`"${claim2}" claim must be a number`, claimsSet, claim2, "invalid");
    return value;
  }
}
function unexpectedClaim(claimsSet, claim2) {
  throw new JWTClaimValidationFailed(`unexpected "${claim2}" claim value`, claimsSet, claim2, checkFailed);
}
function validateClaimsSet(protectedHeader, claimsSetBytes, options = {}) {
  let claimsSet;
  try {
    claimsSet = JSON.parse(strictDecoder.decode(claimsSetBytes));
  } catch (cause) {
    throw new JWTInvalid("JWT Claims Set must be a top-level JSON object", { cause });
  }
  if (!isObject2(claimsSet))
    throw new JWTInvalid("JWT Claims Set must be a top-level JSON object");
  const { typ } = options;
  if (typ !== void 0 && (typeof protectedHeader.typ != "string" || normalizeTyp(protectedHeader.typ) !== normalizeTyp(typ)))
    throw new JWTClaimValidationFailed('unexpected "typ" JWT header value', claimsSet, "typ", checkFailed);
  const { requiredClaims = [], issuer, subject, audience, maxTokenAge } = options, presenceCheck = [...requiredClaims];
  maxTokenAge !== void 0 && presenceCheck.push("iat"), audience !== void 0 && presenceCheck.push("aud"), subject !== void 0 && presenceCheck.push("sub"), issuer !== void 0 && presenceCheck.push("iss");
  for (const claim2 of new Set(presenceCheck.reverse()))
    if (!Object.hasOwn(claimsSet, claim2))
      throw new JWTClaimValidationFailed(`missing required "${claim2}" claim`, claimsSet, claim2, "missing");
  issuer !== void 0 && !(Array.isArray(issuer) ? issuer : [issuer]).includes(claimsSet.iss) && unexpectedClaim(claimsSet, "iss"), subject !== void 0 && claimsSet.sub !== subject && unexpectedClaim(claimsSet, "sub"), audience !== void 0 && !checkAudiencePresence(claimsSet.aud, typeof audience == "string" ? [audience] : audience) && unexpectedClaim(claimsSet, "aud");
  const { clockTolerance } = options;
  let tolerance = 0;
  if (typeof clockTolerance == "string")
    tolerance = secs(clockTolerance);
  else if (clockTolerance !== void 0) {
    if (typeof clockTolerance != "number")
      throw new TypeError("Invalid clockTolerance option type");
    tolerance = clockTolerance;
  }
  if (validateInput("clockTolerance option", tolerance), tolerance < 0)
    throw new TypeError("Invalid clockTolerance option input");
  const { currentDate } = options, now = validateInput("currentDate option", epoch(currentDate === void 0 ? /* @__PURE__ */ new Date() : currentDate)), iat = validateNumericDate(claimsSet, "iat", maxTokenAge !== void 0), nbf = validateNumericDate(claimsSet, "nbf");
  if (nbf !== void 0 && nbf > now + tolerance)
    throw new JWTClaimValidationFailed('"nbf" claim timestamp check failed', claimsSet, "nbf", checkFailed);
  const exp = validateNumericDate(claimsSet, "exp");
  if (exp !== void 0 && exp <= now - tolerance)
    throw new JWTExpired('"exp" claim timestamp check failed', claimsSet, "exp", checkFailed);
  if (maxTokenAge !== void 0) {
    const age = now - iat, max = validateInput("maxTokenAge option", typeof maxTokenAge == "number" ? maxTokenAge : secs(maxTokenAge));
    if (max < 0)
      throw new TypeError("Invalid maxTokenAge option input");
    if (age - tolerance > max)
      throw new JWTExpired('"iat" claim timestamp check failed (too far in the past)', claimsSet, "iat", checkFailed);
    if (age < -tolerance)
      throw new JWTClaimValidationFailed('"iat" claim timestamp check failed (it should be in the past)', claimsSet, "iat", checkFailed);
  }
  return claimsSet;
}

// node_modules/jose/dist/webapi/jwt/verify.js
async function jwtVerify(jwt, key2, options) {
  const [verified, b64] = await verifyCompact(jwt, prepareVerify(options), key2);
  if (!b64)
    throw new JWTInvalid("JWTs MUST NOT use unencoded payload");
  const payload = validateClaimsSet(verified.protectedHeader, verified.payload, options);
  return { ...verified, payload };
}

// functions/src/lib/secrets-manager.ts
var sdk;
function secretsManagerSdk() {
  if (!sdk) {
    sdk = import("@aws-sdk/client-secrets-manager");
    sdk.catch(() => {
      sdk = void 0;
    });
  }
  return sdk;
}
async function secretsManagerClient() {
  const { SecretsManagerClient } = await secretsManagerSdk();
  return traced(new SecretsManagerClient({}));
}
async function readSecretString(secretId) {
  const [client2, { GetSecretValueCommand }] = await Promise.all([
    secretsManagerClient(),
    secretsManagerSdk()
  ]);
  try {
    return (await client2.send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
  } finally {
    client2.destroy();
  }
}

// functions/src/lib/config.ts
function requireEnv(name, env2 = process.env) {
  const value = env2[name];
  if (value === void 0 || value === "") throw new Error(`Missing required environment variable ${name}`);
  return value;
}
var cached2;
function appSecrets(env2 = process.env) {
  cached2 ??= load(env2).catch((error2) => {
    cached2 = void 0;
    throw error2;
  });
  return cached2;
}
async function load(env2) {
  if (env2.APP_SECRETS_ARN) {
    const parsed = JSON.parse(await readSecretString(env2.APP_SECRETS_ARN) ?? "{}");
    if (!parsed.jwtSecret) throw new Error("The app secret has no jwtSecret");
    return parsed;
  }
  const secrets = { jwtSecret: requireEnv("JWT_SECRET", env2) };
  if (env2.STRIPE_SECRET_KEY) secrets.stripeSecretKey = env2.STRIPE_SECRET_KEY;
  if (env2.GOOGLE_CLIENT_ID) secrets.googleClientId = env2.GOOGLE_CLIENT_ID;
  if (env2.SLACK_CLIENT_ID) secrets.slackClientId = env2.SLACK_CLIENT_ID;
  if (env2.SLACK_CLIENT_SECRET) secrets.slackClientSecret = env2.SLACK_CLIENT_SECRET;
  return secrets;
}

// functions/src/lib/jwt.ts
var SESSION = {
  algorithm: "HS256",
  issuer: "pacer",
  audience: "pacer-app",
  /** Lifetime of one token in seconds; the SPA renews silently through `GET /api/auth` before expiry. */
  ttlSeconds: 60 * 60
};
async function key() {
  const { jwtSecret } = await appSecrets();
  return new TextEncoder().encode(jwtSecret);
}
async function verifySession(token, now = /* @__PURE__ */ new Date()) {
  try {
    const { payload } = await jwtVerify(token, await key(), {
      algorithms: [SESSION.algorithm],
      issuer: SESSION.issuer,
      audience: SESSION.audience,
      currentDate: now,
      requiredClaims: ["sub", "iat", "exp"]
    });
    if (typeof payload.acc !== "string" || typeof payload.sub !== "string") return void 0;
    return {
      userId: payload.sub,
      accountId: payload.acc,
      iat: payload.iat,
      exp: payload.exp
    };
  } catch (error2) {
    if (error2 instanceof errors_exports.JOSEError || error2 instanceof TypeError) return void 0;
    throw error2;
  }
}

// functions/src/lib/session.ts
var TOKEN_HEADER = "x-auth-token";
function trialExpired(account, now) {
  return Boolean(
    account.freeTrial && account.freeTrialEndDate && Date.parse(account.freeTrialEndDate) <= now.getTime()
  );
}
async function resolveSession(event, now) {
  const access = accessFor(event.routeKey);
  if (!access) throw forbidden("This call is not allowed");
  if (access.public) return void 0;
  const token = event.headers[TOKEN_HEADER];
  if (!token) throw unauthorized();
  const claims = await verifySession(token, now);
  if (!claims) throw unauthorized();
  let user;
  let account;
  try {
    [user, account] = await Promise.all([
      getUser(claims.accountId, claims.userId),
      getAccount2(claims.accountId)
    ]);
  } catch (error2) {
    if (error2 instanceof NotFoundError) throw unauthorized();
    throw error2;
  }
  if (claims.iat < user.tokensValidAfter) throw unauthorized();
  if (!access.roles.includes(user.userType)) throw forbidden();
  if (!access.trialExempt && trialExpired(account, now)) {
    throw new AppError(
      "TRIAL_EXPIRED",
      "Your free trial has expired. Please upgrade your account to get access to your dashboard"
    );
  }
  return {
    userId: user.userId,
    accountId: account.accountId,
    userType: user.userType,
    user,
    account,
    issuedAt: claims.iat,
    expiresAt: claims.exp
  };
}

// functions/src/lib/http.ts
var REPLY = /* @__PURE__ */ Symbol("reply");
var DEFAULT_MAX_BODY = 256 * 1024;
function strict(schema) {
  return schema instanceof ZodObject ? schema.strict() : schema;
}
function readJsonBody(event, maxBytes = DEFAULT_MAX_BODY, tooLargeMessage) {
  if (event.body === void 0 || event.body === "") return void 0;
  const buffer = event.isBase64Encoded ? Buffer.from(event.body, "base64") : Buffer.from(event.body, "utf8");
  if (buffer.byteLength > maxBytes)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      tooLargeMessage ?? `Request body is larger than ${maxBytes} bytes`
    );
  const type = event.headers["content-type"] ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Request body must be JSON (content-type: application/json)"
    );
  }
  try {
    return JSON.parse(buffer.toString("utf8"));
  } catch {
    throw badRequest("Request body is not valid JSON", "body");
  }
}
function readFormBody(event, maxBytes = DEFAULT_MAX_BODY) {
  if (event.body === void 0 || event.body === "") return void 0;
  const buffer = event.isBase64Encoded ? Buffer.from(event.body, "base64") : Buffer.from(event.body, "utf8");
  if (buffer.byteLength > maxBytes)
    throw new AppError("PAYLOAD_TOO_LARGE", `Request body is larger than ${maxBytes} bytes`);
  if (!/^application\/x-www-form-urlencoded\b/i.test(event.headers["content-type"] ?? "")) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Request body must be a form (application/x-www-form-urlencoded)"
    );
  }
  return Object.fromEntries(new URLSearchParams(buffer.toString("utf8")));
}
function parsePart(schema, value, part) {
  if (!schema) {
    if (part === "body" && value !== void 0) throw badRequest("This call takes no request body", "body");
    return void 0;
  }
  const result = schema.safeParse(value ?? (part === "body" ? void 0 : {}));
  if (!result.success) {
    const issue2 = result.error.issues[0];
    const path = [part, ...issue2?.path ?? []].join(".");
    if (issue2?.code === "unrecognized_keys") {
      throw badRequest(
        `Unknown field${issue2.keys.length > 1 ? "s" : ""} in ${path}: ${issue2.keys.join(", ")}`,
        path
      );
    }
    throw badRequest(`${path}: ${issue2?.message ?? "invalid"}`, path);
  }
  return result.data;
}
function toResult(value) {
  if (value && typeof value === "object" && REPLY in value) {
    const r = value;
    if (r.raw) {
      return {
        statusCode: r.statusCode,
        headers: { "content-type": r.raw.contentType, ...r.headers },
        body: r.raw.body,
        ...r.raw.isBase64Encoded ? { isBase64Encoded: true } : {}
      };
    }
    return {
      statusCode: r.statusCode,
      headers: { "content-type": "application/json", ...r.headers },
      ...r.body === void 0 ? {} : { body: JSON.stringify(r.body) }
    };
  }
  return {
    statusCode: 200,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(value ?? {})
  };
}
function errorResult(error2, event) {
  const { status, body, headers, unexpected } = toErrorResponse(error2);
  if (unexpected) {
    const e = error2 instanceof Error ? error2 : new Error(String(error2));
    logger.error("Unexpected error", { route: event?.routeKey, errorName: e.name, stack: e.stack });
  }
  return {
    statusCode: status,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body)
  };
}
function httpRoute(spec, fn) {
  return routeHandler(spec, resolveSession, fn);
}
function routeHandler(spec, sessionOf, fn) {
  const body = strict(spec.body);
  const params = strict(spec.params);
  const query = strict(spec.query);
  return core_default().use({
    onError: async (request) => {
      request.response = errorResult(request.error, request.event);
    }
  }).handler(async (event) => {
    const now = /* @__PURE__ */ new Date();
    const session = await sessionOf(event, now);
    const input = {
      body: parsePart(
        body,
        spec.bodyType === "form" ? readFormBody(event, spec.maxBodyBytes) : readJsonBody(event, spec.maxBodyBytes, spec.tooLargeMessage),
        "body"
      ),
      params: parsePart(params, event.pathParameters, "params"),
      query: parsePart(query, event.queryStringParameters, "query"),
      session,
      event,
      now
    };
    if (session) await enforceAccountLimit(event.routeKey, session.accountId, now);
    return toResult(await fn(input));
  });
}
function sessionRoute(spec, fn) {
  return httpRoute(spec, async (input) => {
    if (!input.session) throw new AppError("INTERNAL", "Session route declared public in the policy table");
    return fn(input);
  });
}
function groupHandler(group, handlers2) {
  const routes = ROUTES.filter((r) => r.group === group);
  const byKey = /* @__PURE__ */ new Map();
  for (const r of routes) {
    const h = handlers2[r.handler];
    if (!h) throw new Error(`Route ${r.key} names handler ${group}.${r.handler}, which does not exist`);
    byKey.set(r.key, h);
  }
  const used = new Set(routes.map((r) => r.handler));
  const unused = Object.keys(handlers2).filter((name) => !used.has(name));
  if (unused.length) throw new Error(`Handlers of ${group} without a route: ${unused.join(", ")}`);
  return observedHandler(async (event, context) => {
    const h = byKey.get(event.routeKey);
    if (!h) return errorResult(new AppError("NOT_FOUND", `No route ${event.routeKey}`), event);
    const result = await h(event, context);
    countErrorAnswer(event.routeKey, result.statusCode ?? 200);
    return compressForClient(result, event);
  });
}
function countErrorAnswer(route2, statusCode) {
  if (statusCode >= 500) recordMetric("apiServerErrors", { route: route2 });
  else if (statusCode >= 400) recordMetric("apiClientErrors", { route: route2 });
}
var COMPRESS_FROM_BYTES = 32 * 1024;
function compressForClient(result, event) {
  const body = result.body;
  if (!body || result.isBase64Encoded || Buffer.byteLength(body) < COMPRESS_FROM_BYTES) return result;
  if (!acceptsGzip(event)) return result;
  return {
    ...result,
    headers: { ...result.headers, ...GZIP_HEADERS },
    body: gzipSync(body, { level: ANSWER_GZIP_LEVEL }).toString("base64"),
    isBase64Encoded: true
  };
}
var ANSWER_GZIP_LEVEL = 1;
var GZIP_HEADERS = { "content-encoding": "gzip", vary: "accept-encoding" };
function acceptsGzip(event) {
  return /\bgzip\b/i.test(event.headers["accept-encoding"] ?? "");
}

// functions/contract/fields.ts
var idSchema = string2().min(1).max(100);
var userTypeSchema = _enum(USER_TYPES);
var userRefSchema = union([idSchema, object({ _id: idSchema }).loose()]).optional();
var CURRENCIES = /* @__PURE__ */ new Set([
  ...Intl.supportedValuesOf("currency"),
  ...[
    "XAU",
    "XAG",
    "XPT",
    "XPD",
    "BYR",
    "VEF",
    "LTL",
    "LVL",
    "EEK",
    "MRO",
    "STD",
    "ZMK",
    "SKK",
    "CYP",
    "MTL"
  ]
]);
var currencySchema = string2().trim().toUpperCase().refine((c) => CURRENCIES.has(c), "Unknown currency code");

// functions/contract/route-contract.ts
var routeContracts = (contracts) => contracts;

// packages/core/src/tracker-list.ts
var USERS = "associatedUsers";
var SOURCE = "dataSource";
var DATA = "data";
function decodeTrackerList(list) {
  const { columns, dataColumns, users, integrations } = list;
  const viewShape = objectShape(columns);
  const dataShape = objectShape(dataColumns);
  return list.rows.map((row) => {
    const view = { ...viewShape };
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c];
      const value = row[c];
      if (column === USERS) {
        view[column] = value.map((i) => at(users, i, "user"));
      } else if (column === SOURCE) {
        const [i, id, name] = value;
        view[column] = { integration: at(integrations, i, "connection"), view: { id, name } };
      } else if (column === DATA) {
        const values = value;
        if (values === null) view[column] = null;
        else {
          const data = { ...dataShape };
          for (let d = 0; d < dataColumns.length; d++) data[dataColumns[d]] = values[d];
          view[column] = data;
        }
      } else {
        view[column] = value;
      }
    }
    return view;
  });
}
function objectShape(keys) {
  return JSON.parse(JSON.stringify(Object.fromEntries(keys.map((key2) => [key2, null]))));
}
function at(list, i, what) {
  const item = list[i];
  if (item === void 0)
    throw new TypeError(`Tracker list row refers to ${what} ${i}, which is not in the list`);
  return item;
}
var PER_REQUEST_COLUMNS = ["podId", "podName", "sharedBudgetId", USERS, SOURCE];
var PER_REQUEST = new Set(PER_REQUEST_COLUMNS);

// functions/contract/data-source.ts
var timeZoneSchema = string2().min(1).max(64).refine((tz) => {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, "Unknown time zone");
var viewSchema = object({
  id: string2().min(1).max(200),
  name: string2().max(500),
  currency: currencySchema,
  timeZone: timeZoneSchema,
  metaData: record(string2().max(100), string2().max(500)).optional()
}).strict();
var integrationViewSchema = object({
  slug: string2().min(1).max(50),
  email: string2().min(1).max(320),
  name: string2().max(200).optional(),
  avatar: string2().max(2e3).optional(),
  type: string2().max(50).optional(),
  category: string2().max(50).optional(),
  metaData: record(string2().max(100), unknown()).optional(),
  connectedAt: string2().max(40),
  status: _enum(["ok", "warning", "danger"]),
  message: string2().max(500).nullable(),
  budgetFromPlatform: boolean2()
}).strict();
var dataSourceSchema = object({
  integration: integrationViewSchema.partial({
    connectedAt: true,
    status: true,
    message: true,
    budgetFromPlatform: true
  }).transform(({ name, slug, email: email3, avatar, metaData }) => ({
    ...name !== void 0 ? { name } : {},
    slug,
    email: email3,
    ...avatar !== void 0 ? { avatar } : {},
    ...metaData !== void 0 ? { metaData } : {}
  })),
  view: viewSchema.partial({ currency: true, timeZone: true })
}).strict();

// functions/contract/views.ts
var msgAnswer = object({ msg: string2() });
var deletedAnswer = object({ msg: string2(), _id: string2() });
var isoString = string2().min(1);
var integrationWarningSchema = looseObject({
  slug: string2(),
  email: string2(),
  status: _enum(["warning", "danger"]),
  message: string2().nullable()
});
var accountViewSchema = looseObject({
  _id: string2(),
  name: string2(),
  currency: string2().optional(),
  emailConfirmationPending: boolean2(),
  nextUpdateDate: string2().nullable().optional(),
  integrations: array(integrationViewSchema).optional(),
  integrationWarnings: array(integrationWarningSchema).optional()
});
var userViewSchema = looseObject({
  _id: string2(),
  email: string2(),
  name: string2(),
  userType: _enum(USER_TYPES),
  hasPassword: boolean2(),
  emailConfirmed: boolean2(),
  account: union([accountViewSchema, object({ _id: string2() })])
});
var signInAnswer = object({ token: string2().min(1), user: userViewSchema });
var memberViewSchema = object({
  _id: string2(),
  name: string2(),
  email: string2(),
  userType: _enum(USER_TYPES),
  avatar: string2().nullable().optional(),
  registrationDate: string2().optional(),
  account: object({ _id: string2() })
});
var associatedUserSchema = object({
  _id: string2(),
  name: string2(),
  userType: _enum(USER_TYPES),
  email: string2(),
  avatar: string2().nullable()
});
var trackerMessageSchema = object({
  id: string2(),
  senderId: string2(),
  date: string2(),
  type: string2(),
  text: string2(),
  title: string2(),
  avatar: string2().nullable()
});
var failureSchema = looseObject({ title: string2().optional(), msg: string2().optional() });
var trackerViewSchema = object({
  _id: string2(),
  name: string2(),
  client: string2(),
  podId: string2().nullable(),
  podName: string2().nullable(),
  sharedBudgetId: string2().nullable(),
  currency: string2(),
  currencySet: boolean2().optional(),
  timeZone: string2(),
  automatedBudget: boolean2(),
  platformBudget: object({
    amount: number2(),
    period: _enum([...BUDGET_PERIODS, "lifetime"]),
    startDate: string2().optional(),
    endDate: string2().optional()
  }).nullable(),
  manualBudgetValue: number2().int().nullable(),
  budgetPeriod: _enum(BUDGET_PERIODS),
  weekdaysOnly: boolean2(),
  lifetimeBudget: number2().int().nullable(),
  lifetimeBudgetDates: object({ startDate: string2(), endDate: string2().nullable() }).nullable(),
  useLifetimeBudgetAsPrimary: boolean2(),
  lastMonthOverUnderSpendIncludedInBudgetCalc: boolean2(),
  lastSixMonthsOverUnderSpendIncludedInBudgetCalc: boolean2(),
  previousOverUnderSpend: number2().int().nullable(),
  requiresUpdate: boolean2(),
  associatedUsers: array(associatedUserSchema),
  dataSource: object({
    integration: looseObject({
      name: string2().optional(),
      slug: string2(),
      email: string2().optional(),
      avatar: string2().optional()
    }),
    view: looseObject({ id: string2(), name: string2().optional() })
  }),
  dataLoading: boolean2(),
  isUpdating: boolean2(),
  isBudgetUpdating: boolean2(),
  dataLoadFail: boolean2(),
  budgetLoadFail: boolean2(),
  err: failureSchema.nullable(),
  /** The engine's figures (`@pacer/core` TrackerData); typed there, passed through here. */
  data: record(string2(), unknown()).nullable(),
  lastRefreshedAt: string2().nullable(),
  lastFailedAt: string2().nullable(),
  lastFailure: failureSchema.nullable(),
  /** The platform's reporting lag in hours; null when unknown. */
  reportingLagHours: number2().nullable(),
  /**
   * Which calendar the tracker's days follow (`@pacer/core` `DayBasis`, its connector's fact):
   * `utc` when the platform reports UTC days only (LinkedIn, Pinterest), `account` for the ad
   * account's zone; null for a platform without a connector. Absent in a list answer built from a
   * snapshot stored before the field existed: read as `account`.
   */
  dayBasis: _enum(DAY_BASES).nullable().optional(),
  createdAt: isoString,
  version: number2().int()
});
var historicMonthSchema = looseObject({
  month: string2(),
  budget: number2().nullable(),
  actualSpend: number2()
});
var futureBudgetEntrySchema = looseObject({
  month: string2(),
  budget: union([number2(), literal(false)]),
  budgetPeriod: union([_enum(BUDGET_PERIODS), literal(false)])
});
var filterSelectionViewSchema = looseObject({
  id: string2(),
  name: string2(),
  applyFilter: boolean2().optional(),
  filterString: string2().optional()
});
var trackerFilterViewSchema = looseObject({
  id: string2(),
  name: string2(),
  type: _enum(["multipleChoice", "textBoxStringFilter"]),
  integration: string2().optional(),
  selection: array(filterSelectionViewSchema),
  possibleValues: array(object({ id: string2(), name: string2() })).optional(),
  maxSelection: number2().nullable().optional(),
  disabled: boolean2().optional(),
  descriptionText: string2().optional(),
  dataLoadFail: boolean2().optional(),
  err: union([string2(), object({ msg: string2().optional() }), _null3()]).optional(),
  filterLoading: boolean2().optional(),
  filterValuesLoading: boolean2().optional()
});
var trackerListSchema = object({
  columns: array(string2()),
  dataColumns: array(string2()),
  rows: array(array(unknown())),
  users: array(associatedUserSchema),
  integrations: array(trackerViewSchema.shape.dataSource.shape.integration),
  /** Only in an answer cut to its first rows (`?first=N`): how many trackers the whole list holds. */
  total: number2().int().min(0).optional()
}).superRefine((list, ctx) => {
  let views;
  try {
    views = decodeTrackerList(list);
  } catch (error2) {
    ctx.addIssue({ code: "custom", message: error2 instanceof Error ? error2.message : String(error2) });
    return;
  }
  const parsed = array(trackerViewSchema).safeParse(views);
  if (!parsed.success) {
    for (const issue2 of parsed.error.issues) {
      ctx.addIssue({ code: "custom", message: issue2.message, path: ["rows", ...issue2.path] });
    }
  }
});
var trackerDetailSchema = trackerViewSchema.extend({
  /** When the figures were last computed (ISO); null before the first computation. */
  dataComputedAt: string2().nullable(),
  historicData: array(historicMonthSchema),
  futureBudgets: array(futureBudgetEntrySchema),
  filters: array(trackerFilterViewSchema),
  messages: array(trackerMessageSchema).optional()
});
var ownerSchema = object({
  _id: string2(),
  name: string2(),
  email: string2(),
  avatar: string2().nullable()
});
var podViewSchema = object({
  _id: string2(),
  name: string2(),
  description: string2(),
  /** Tracker ids the caller may see, in the pod's order. */
  trackers: array(string2()),
  users: array(string2()),
  owner: ownerSchema,
  account: object({ _id: string2(), name: string2() }),
  createdAt: isoString,
  version: number2().int()
});
var sharedBudgetViewSchema = object({
  _id: string2(),
  name: string2(),
  description: string2(),
  /** The budget in micros. */
  budget: number2().int(),
  allocatedBudgetAsAPercentage: boolean2(),
  hasManualAllocationBeenSet: boolean2().optional(),
  weekdaysOnly: boolean2().optional(),
  /** The trackers the caller may see, with their allocations. */
  trackers: array(
    object({
      _id: string2(),
      /** Percent 0..100 (percentage mode). */
      budgetAllocation: number2().nullable(),
      /** Micros 0..budget (money mode). */
      budgetAllocationMoney: number2().nullable()
    })
  ),
  users: array(string2()),
  owner: ownerSchema,
  account: object({ _id: string2(), name: string2() }),
  createdAt: isoString,
  version: number2().int()
});
var personSchema = object({ _id: string2(), name: string2(), email: string2() });
var alertViewSchema = object({
  _id: string2(),
  name: string2(),
  level: string2(),
  target: unknown(),
  data: unknown(),
  type: string2(),
  fireWhen: unknown(),
  fireOn: unknown().nullable(),
  additionalRecipients: array(personSchema),
  user: personSchema,
  account: object({ _id: string2() }),
  createdAt: isoString,
  updatedAt: string2().nullable(),
  snoozedUntil: string2().nullable(),
  channelIds: array(string2())
});
var alertChannelViewSchema = object({
  _id: string2(),
  kind: _enum(ALERT_CHANNEL_KINDS),
  name: string2(),
  url: string2(),
  createdAt: isoString,
  failingSince: string2().nullable(),
  lastFailure: string2().nullable()
});
var alertEventSchema = object({
  id: string2(),
  at: string2(),
  alertId: string2(),
  alertName: string2(),
  level: _enum(ALERT_LEVELS),
  outcome: _enum(ALERT_OUTCOMES),
  target: string2().nullable(),
  targetName: string2().nullable(),
  channel: string2().nullable(),
  recipient: string2().nullable(),
  value: number2().nullable(),
  threshold: number2().nullable(),
  reason: string2().nullable()
});
var alertTargetStateSchema = object({
  alertId: string2(),
  alertName: string2(),
  level: _enum(ALERT_LEVELS),
  target: string2(),
  targetName: string2(),
  firing: boolean2(),
  since: string2().nullable(),
  snoozedUntil: string2().nullable()
});
var listedViewSchema = looseObject({ id: string2(), name: string2().optional() });

// functions/contract/users.ts
var idParams = object({ id: idSchema });
var invitationSchema = object({
  _id: string2(),
  email: string2().optional(),
  userType: userTypeSchema,
  linkExpiresAt: string2()
});
var usersContracts = routeContracts({
  /** Without an e-mail the answer carries the invitation link to hand over. */
  "POST /api/users/invite-user": {
    body: object({
      newUser: object({
        /** The address to e-mail the invitation to; absent, empty or `false` for a copyable link. */
        email: union([emailSchema, literal(false), literal("")]).optional(),
        userType: userTypeSchema.default("Admin")
      }).strict()
    }),
    answer: object({ msg: string2(), invitation: invitationSchema, link: string2().optional() })
  },
  "POST /api/users/update-user": {
    body: object({ _id: idSchema, name: nameSchema.optional(), userType: userTypeSchema.optional() }),
    answer: object({ msg: string2(), user: memberViewSchema })
  },
  "POST /api/users/remove-user/{id}": { params: idParams, answer: msgAnswer },
  "POST /api/users/send-password-reset/{id}": { params: idParams, answer: msgAnswer }
});

// functions/src/lib/links.ts
import { createHmac, timingSafeEqual as timingSafeEqual2 } from "node:crypto";
function appOrigin() {
  return requireEnv("APP_ORIGIN").replace(/\/+$/, "");
}
function resetPasswordUrl(token) {
  return `${appOrigin()}/reset-password/${encodeURIComponent(token)}`;
}
function invitationUrl(accountId, userType, email3, token) {
  const path = [accountId, userType, email3 || "false"].map(encodeURIComponent).join("/");
  return `${appOrigin()}/register-invited-user/${path}?invite=${encodeURIComponent(token)}`;
}
async function linkKey(purpose) {
  const { jwtSecret } = await appSecrets();
  return createHmac("sha256", jwtSecret).update(purpose).digest();
}
var DIGEST_UNSUBSCRIBE_LIFETIME_SECONDS = 90 * 24 * 60 * 60;
var EMAIL_CONFIRMATION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
async function confirmationMac(userId, email3, expires) {
  return createHmac("sha256", await linkKey("pacer-confirm-email-v1")).update(`${userId}
${email3}
${expires}`).digest("base64url");
}
async function emailConfirmationToken(user, now = /* @__PURE__ */ new Date()) {
  const expires = Math.floor(now.getTime() / 1e3) + EMAIL_CONFIRMATION_LIFETIME_SECONDS;
  return `${user.userId}.${expires}.${await confirmationMac(user.userId, user.email, expires)}`;
}
async function emailConfirmationUrl(user, now = /* @__PURE__ */ new Date()) {
  return `${appOrigin()}/api/auth/confirm-email/${encodeURIComponent(await emailConfirmationToken(user, now))}`;
}

// node_modules/html-escaper/esm/index.js
var { replace } = "";
var ca = /[&<>'"]/g;
var esca = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  "'": "&#39;",
  '"': "&quot;"
};
var pe = (m) => esca[m];
var escape = (es) => replace.call(es, ca, pe);

// functions/src/lib/mailer.ts
function listHeaders(mail) {
  if (mail.oneClickUnsubscribeUrl)
    return [
      { Name: "List-Unsubscribe", Value: `<${mail.oneClickUnsubscribeUrl}>` },
      { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" }
    ];
  return mail.unsubscribeUrl ? [{ Name: "List-Unsubscribe", Value: `<${mail.unsubscribeUrl}>` }] : [];
}
var ses;
function sesClient() {
  if (!ses) {
    ses = import("@aws-sdk/client-sesv2").then((sdk2) => ({
      client: traced(new sdk2.SESv2Client({})),
      SendEmailCommand: sdk2.SendEmailCommand
    }));
    ses.catch(() => {
      ses = void 0;
    });
  }
  return ses;
}
function sendEmailInput(mail, from = requireEnv("MAIL_FROM")) {
  const headers = listHeaders(mail);
  return {
    FromEmailAddress: from,
    Destination: { ToAddresses: [mail.to] },
    Content: {
      Simple: {
        Subject: { Data: mail.subject, Charset: "UTF-8" },
        Body: {
          Text: { Data: mail.text, Charset: "UTF-8" },
          ...mail.html ? { Html: { Data: mail.html, Charset: "UTF-8" } } : {}
        },
        ...headers.length ? { Headers: headers } : {}
      }
    }
  };
}
async function sendMail(mail) {
  const input = sendEmailInput(mail);
  const { client: client2, SendEmailCommand } = await sesClient();
  const out = await client2.send(new SendEmailCommand(input));
  return out.MessageId ?? "";
}

// functions/src/lib/email-confirmation.ts
var EMAIL_CONFIRMATION_TEXTS = {
  welcomeSubject: "Welcome to Pacer: confirm your e-mail address",
  resendSubject: "Confirm your Pacer e-mail address",
  sent: (email3) => `Confirmation e-mail sent to ${email3}`,
  alreadyConfirmed: "Your e-mail address is already confirmed",
  invitationsPaused: "Confirm your e-mail address before sending invitations: use the link in your welcome e-mail, or copy an invitation link instead",
  confirmedPage: "Your e-mail address is confirmed",
  invalidPage: "This confirmation link is not valid",
  expiredPage: "This confirmation link has expired"
};
function accountSendsEmail(account) {
  return account.emailConfirmationPending !== true;
}
function assertMaySendInvitations(account) {
  if (!accountSendsEmail(account))
    throw new AppError("FORBIDDEN", EMAIL_CONFIRMATION_TEXTS.invitationsPaused, "body.newUser.email");
}
async function confirmationParagraph(user, now) {
  const url = await emailConfirmationUrl(user, now);
  const intro = "Confirm that this is your e-mail address (the link works for 7 days):";
  return {
    text: `${intro}

${url}`,
    html: `<p>${escape(intro)}</p><p><a href="${escape(url)}">${escape(url)}</a></p>`
  };
}

// functions/src/lib/password-reset-mail.ts
var WELCOME_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1e3;
async function sendPasswordResetMail(user, now, purpose = "reset") {
  const lifetimeMs = purpose === "welcome" ? WELCOME_LINK_LIFETIME_MS : RESET_LINK_LIFETIME_MS;
  const { token } = await createPasswordReset(user, { purpose, lifetimeMs }, now);
  const url = resetPasswordUrl(token);
  const hello = user.name ? `Hello ${user.name},` : "Hello,";
  const [subject, intro, validity] = purpose === "welcome" ? [
    "Welcome to Pacer: set your password",
    "Your Pacer account is ready. Set a password to log in with your e-mail address:",
    "The link works for 7 days."
  ] : [
    "Reset your Pacer password",
    "We received a request to reset the password of your Pacer account. Choose a new password here:",
    "The link works once, for 1 hour. If you did not ask for it, you can ignore this e-mail."
  ];
  const confirm = purpose === "welcome" ? await confirmationParagraph(user, now) : { text: "", html: "" };
  await sendMail({
    to: user.email,
    subject,
    text: `${hello}

${intro}

${url}

${validity}
${confirm.text ? `
${confirm.text}
` : ""}`,
    html: `<p>${escape(hello)}</p><p>${escape(intro)}</p><p><a href="${escape(url)}">${escape(url)}</a></p><p>${escape(validity)}</p>${confirm.html}`
  });
}

// functions/src/lib/views.ts
function memberView(user) {
  return {
    _id: user.userId,
    name: user.name,
    email: user.email,
    userType: user.userType,
    avatar: user.avatar,
    registrationDate: user.registrationDate,
    account: { _id: user.accountId }
  };
}

// functions/src/users/handlers.ts
var USERS_TEXTS = {
  invitationSent: (email3) => `Invitation email sent to ${email3}`,
  linkCreated: "Invitation link created",
  edited: "User Edited",
  removed: (name) => `${name} removed`,
  resetSent: (email3) => `Password reset sent to ${email3}`,
  removeSelf: "You cannot remove yourself",
  emailTaken: "User with this Email Already Exists"
};
var inviteUser = sessionRoute(usersContracts["POST /api/users/invite-user"], async ({ body, session, now }) => {
  const email3 = body.newUser.email || void 0;
  if (email3) assertMaySendInvitations(session.account);
  if (email3 && await findUserByEmail(email3))
    throw new AppError("ALREADY_EXISTS", USERS_TEXTS.emailTaken, "body.newUser.email");
  const { invitation, token } = await createInvitation(
    {
      accountId: session.accountId,
      userType: body.newUser.userType,
      invitedBy: session.userId,
      ...email3 ? { email: email3 } : {}
    },
    now
  );
  const link = invitationUrl(session.accountId, invitation.userType, email3, token);
  const summary = {
    _id: invitation.inviteId,
    email: invitation.email,
    userType: invitation.userType,
    linkExpiresAt: invitation.linkExpiresAt
  };
  if (!email3) return { msg: USERS_TEXTS.linkCreated, link, invitation: summary };
  const inviter = session.user.name || session.user.email;
  const text = `${inviter} invited you to join ${session.account.name} on Pacer as ${invitation.userType}.`;
  await sendMail({
    to: email3,
    subject: `You have been invited to ${session.account.name} on Pacer`,
    text: `Hello,

${text}

Create your account here (the link works once, for 7 days):

${link}
`,
    html: `<p>Hello,</p><p>${escape(text)}</p><p>Create your account here (the link works once, for 7 days):</p><p><a href="${escape(link)}">${escape(link)}</a></p>`
  });
  return { msg: USERS_TEXTS.invitationSent(email3), invitation: summary };
});
var updateUser = sessionRoute(usersContracts["POST /api/users/update-user"], async ({ body, session, now }) => {
  const user = await changeUser(
    session.accountId,
    body._id,
    { name: body.name, userType: body.userType },
    epochSeconds(now) + 1
  );
  return { msg: USERS_TEXTS.edited, user: memberView(user) };
});
var removeUser2 = sessionRoute(
  usersContracts["POST /api/users/remove-user/{id}"],
  async ({ params, session }) => {
    if (params.id === session.userId) throw badRequest(USERS_TEXTS.removeSelf, "params.id");
    const removed = await removeUser(session.accountId, params.id);
    return { msg: USERS_TEXTS.removed(removed.name || removed.email) };
  }
);
var sendPasswordReset = sessionRoute(
  usersContracts["POST /api/users/send-password-reset/{id}"],
  async ({ params, session, now }) => {
    const user = await getUser(session.accountId, params.id);
    await sendPasswordResetMail(user, now);
    return { msg: USERS_TEXTS.resetSent(user.email) };
  }
);

// functions/src/users/index.ts
var handlers = { inviteUser, updateUser, removeUser: removeUser2, sendPasswordReset };
var handler = groupHandler("users", handlers);
export {
  handler,
  handlers
};
/*! Bundled license information:

@aws-lambda-powertools/logger/lib/esm/logBuffer.js:
@aws-lambda-powertools/logger/lib/esm/Logger.js:
  (* v8 ignore next -- @preserve *)
*/
