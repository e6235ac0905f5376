import { createSign, generateKeyPairSync, type JsonWebKey, type KeyObject, randomBytes } from "node:crypto";

/** Signs RS256 JWTs with a key generated at start, and publishes it as a JWKS. */
export class IdTokenSigner {
  readonly kid = randomBytes(8).toString("hex");
  private readonly privateKey: KeyObject;
  private readonly publicJwk: JsonWebKey;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: "jwk" });
  }

  /** The JWKS document (`{"keys": [...]}`) verifiers fetch. */
  jwks(): { keys: JsonWebKey[] } {
    return { keys: [{ ...this.publicJwk, kid: this.kid, alg: "RS256", use: "sig" }] };
  }

  /** A compact RS256 JWT of `claims` (header: alg RS256, typ JWT, kid). */
  sign(claims: Record<string, unknown>): string {
    const header = Buffer.from(JSON.stringify({ alg: "RS256", typ: "JWT", kid: this.kid })).toString(
      "base64url",
    );
    const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
    const signature = createSign("RSA-SHA256")
      .update(`${header}.${payload}`)
      .sign(this.privateKey)
      .toString("base64url");
    return `${header}.${payload}.${signature}`;
  }
}
