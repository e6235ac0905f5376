/**
 * The argon2 functions of hash-wasm, and only those: `passwords.ts` imports this module at its first
 * hash (`import()`), and a dynamic import of hash-wasm itself would bundle every algorithm it has
 * (about 190 KB more), since a bundler keeps all of a module imported as a whole.
 */
export { argon2id, argon2Verify } from "hash-wasm";
