import { csvContracts as api } from "../../contract/connections.ts";
import { reply, sessionRoute } from "../lib/http.ts";
import { CSV_MAX_ERRORS_LISTED, CsvImportRefused, importCsv } from "./import.ts";

/** Largest import body: the file's text in JSON, under Lambda's 6 MB synchronous payload limit. */
export const CSV_MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * `POST /api/csv/import` (Admin or Manager): `{csv: "<the file's text>", fileName?}` as JSON, up
 * to 5 MiB and 20,000 rows. 200 `{msg, rows, accounts: [view], ignoredColumns, integrationObj}`;
 * 400 `{code, message, msg, errors: [{line, reasons}] (first 100), errorCount, ignoredColumns}`
 * when any line is refused (nothing is stored); 413 above 5 MiB.
 */
export const importCsvFile = sessionRoute(
  {
    ...api["POST /api/csv/import"],
    maxBodyBytes: CSV_MAX_BODY_BYTES,
    tooLargeMessage: "The file is larger than 5 MB; split it and import the parts",
  },
  async ({ body, session, now }) => {
    try {
      return await importCsv(session, body.csv, now);
    } catch (error) {
      if (!(error instanceof CsvImportRefused)) throw error;
      return reply(400, {
        code: "BAD_REQUEST",
        message: error.message,
        msg: error.message,
        errors: error.errors.slice(0, CSV_MAX_ERRORS_LISTED),
        errorCount: error.errors.length,
        ignoredColumns: error.ignoredColumns,
      });
    }
  },
);
