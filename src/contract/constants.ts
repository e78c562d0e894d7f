// SPEC.md §9's business constants, and the few fixed values DESIGN.md adds. Imported, never retyped.
export const MAX_QUERIES = 50;
export const DEFAULT_SCRIPT_TIME = '09:00';
export const TYPEAHEAD_DEBOUNCE_MS = 300;
export const SUGGESTION_CLOSE_DELAY_MS = 150;
export const STALE_TIME_MS = 300_000;
export const RUN_EXPORT_TITLE_LENGTH = 40;
export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SKELETON_ROWS = 5;
export const DEFAULT_LANDING = '/batches';
export const INDEX_REDIRECT = '/query-runs';
export const API_BASE_PATH = '/api/v1';
/** The OpenAPI document of /api/v1, under the API's base path: GET /api/v1/openapi.json. */
export const OPENAPI_DOCUMENT_PATH = '/openapi.json';
/** The readable API reference (Swagger UI over that document), outside the API's base path. */
export const API_REFERENCE_PATH = '/api/docs';
export const TOKEN_STORAGE_KEY = 'auth_token';
export const SETTINGS_TEXTAREA_ROWS = 8;
export const COMPANY_ID_MIN = 1;

/** While a batch is running or enriching, its screens poll this often (issue 5). */
export const ACTIVE_BATCH_POLL_MS = 3_000;
/** Query job titles are 1–200 characters after trimming (issue 3). */
export const JOB_TITLE_MAX_LENGTH = 200;
/** Stored cookies are at most 64 KB (issue 3). */
export const COOKIES_MAX_BYTES = 64 * 1024;
