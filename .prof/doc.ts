import { openApiDocument } from "../functions/contract/openapi.ts";
console.log(JSON.stringify(openApiDocument(), null, 1));
